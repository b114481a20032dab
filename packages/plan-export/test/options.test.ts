// The settings' defaults are spelled out so that a project without a section never builds the schema: they must be
// the schema's.
import { defaultConfig, sectionOptions } from "@hookrail/core";
import { describe, expect, it } from "vitest";
import { planExportOptions } from "../src/options.ts";

describe("plan-export settings", () => {
  it("spells out the schema's defaults, and reads a section through the schema", () => {
    expect(planExportOptions.defaults()).toEqual(planExportOptions.schema().parse({}));
    expect(sectionOptions(defaultConfig(), planExportOptions)).toEqual(planExportOptions.defaults());
    const off = { ...defaultConfig(), sections: { "plan-export": { enabled: false } } };
    expect(sectionOptions(off, planExportOptions).enabled).toBe(false);
  });
});
