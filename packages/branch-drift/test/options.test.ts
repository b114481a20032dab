// The settings' defaults are spelled out so that a project without a section never builds the schema: they must be
// the schema's.
import { defaultConfig, sectionOptions } from "@hookrail/core";
import { describe, expect, it } from "vitest";
import { branchDriftOptions } from "../src/options.ts";

describe("branch-drift settings", () => {
  it("spells out the schema's defaults, and reads a section through the schema", () => {
    expect(branchDriftOptions.defaults()).toEqual(branchDriftOptions.schema().parse({}));
    expect(sectionOptions(defaultConfig(), branchDriftOptions)).toEqual(branchDriftOptions.defaults());
    const off = { ...defaultConfig(), sections: { "branch-drift": { enabled: false } } };
    expect(sectionOptions(off, branchDriftOptions).enabled).toBe(false);
  });
});
