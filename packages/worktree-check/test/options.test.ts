// The settings' defaults are spelled out so that a project without a section never builds the schema: they must be
// the schema's.
import { defaultConfig, sectionOptions } from "@hookrail/core";
import { describe, expect, it } from "vitest";
import { worktreeCheckOptions } from "../src/options.ts";

describe("worktree-check settings", () => {
  it("spells out the schema's defaults", () => {
    expect(worktreeCheckOptions.defaults()).toEqual(worktreeCheckOptions.schema().parse({}));
  });

  it("reads a section through the schema, and a section that is a list as a problem", () => {
    const config = { ...defaultConfig(), sections: { "worktree-check": { liveSessionMinutes: 5 } } };
    expect(sectionOptions(config, worktreeCheckOptions).liveSessionMinutes).toBe(5);
    const listed = defaultConfig();
    listed.layers.push({ file: "/p/config.json", scope: "project", sections: {}, lists: { "worktree-check": [] } });
    expect(sectionOptions(listed, worktreeCheckOptions)).toEqual(worktreeCheckOptions.defaults());
    expect(listed.problems.join("\n")).toContain('"worktree-check" must be an object');
  });
});
