// The settings' defaults are spelled out so that a project without a section never builds the schema: they must be
// the schema's, and a section written as a list is still reported.
import { defaultConfig, sectionOptions } from "@hookrail/core";
import { describe, expect, it } from "vitest";
import { mergeGateOptions } from "../../src/options.ts";

describe("merge-gate settings", () => {
  it("spells out the schema's defaults", () => {
    expect(mergeGateOptions.defaults()).toEqual(mergeGateOptions.schema().parse({}));
  });

  it("reports a section written as a list, and reads one through the schema", () => {
    const listed = defaultConfig();
    listed.layers.push({ file: "/p/config.json", scope: "user", sections: {}, lists: { "merge-gate": ["x"] } });
    expect(sectionOptions(listed, mergeGateOptions)).toEqual(mergeGateOptions.defaults());
    expect(listed.problems.join("\n")).toContain('"merge-gate" must be an object');
    const config = { ...defaultConfig(), sections: { "merge-gate": { approval: "user" } } };
    expect(sectionOptions(config, mergeGateOptions).approval).toBe("user");
  });
});
