import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { tempDir } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { guardrailOptions, loadConfig, matchesBranch } from "../src/index.ts";

function setup(files: { user?: string; project?: string }) {
  const root = tempDir();
  const project = join(root, "repo");
  mkdirSync(join(project, ".git"), { recursive: true });
  mkdirSync(join(project, "src", "deep"), { recursive: true });
  const env = { XDG_CONFIG_HOME: join(root, "config") };
  if (files.user !== undefined) {
    mkdirSync(join(root, "config", "hookrail"), { recursive: true });
    writeFileSync(join(root, "config", "hookrail", "config.json"), files.user);
  }
  if (files.project !== undefined) {
    mkdirSync(join(project, ".hookrail"), { recursive: true });
    writeFileSync(join(project, ".hookrail", "config.json"), files.project);
  }
  return { cwd: join(project, "src", "deep"), env };
}

const options = z.object({ enabled: z._default(z.boolean(), true), folder: z._default(z.string(), "plans") });

describe("loadConfig", () => {
  it("uses the defaults when there are no files", () => {
    const { cwd, env } = setup({});
    const config = loadConfig(cwd, env);
    expect(config).toMatchObject({ protectedBranches: ["main", "master"], sources: [], problems: [] });
  });

  it("lets the project override the user, key by key, found from a subfolder", () => {
    const { cwd, env } = setup({
      user: JSON.stringify({ protectedBranches: ["trunk"], "plan-export": { folder: "user", enabled: false } }),
      project: JSON.stringify({ protectedBranches: ["main", "release/*"], "plan-export": { folder: "project" } }),
    });
    const config = loadConfig(cwd, env);
    expect(config.protectedBranches).toEqual(["main", "release/*"]);
    expect(guardrailOptions(config, "plan-export", options)).toEqual({ enabled: false, folder: "project" });
    expect(config.sources).toHaveLength(2);
  });

  it.each([
    ["not JSON", "{ protectedBranches: [main] ", /is not valid JSON/],
    ["wrong types", JSON.stringify({ protectedBranches: "main" }), /is invalid \(protectedBranches: /],
    ["a section that is not an object", JSON.stringify({ "merge-gate": false }), /"merge-gate" must be an object/],
  ])("reports a broken project file (%s) and keeps the defaults", (_label, text, message) => {
    const { cwd, env } = setup({ project: text });
    const config = loadConfig(cwd, env);
    expect(config.protectedBranches).toEqual(["main", "master"]);
    expect(config.problems.join("\n")).toMatch(message);
  });

  it("an invalid section falls back to that guardrail's defaults, never switching it off", () => {
    const { cwd, env } = setup({ project: JSON.stringify({ "merge-gate": { enabled: "no" } }) });
    const config = loadConfig(cwd, env);
    expect(guardrailOptions(config, "merge-gate", options)).toEqual({ enabled: true, folder: "plans" });
    expect(config.problems[0]).toMatch(/the "merge-gate" settings are invalid \(enabled: /);
  });
});

describe("matchesBranch", () => {
  it.each([
    ["main", ["main", "master"], true],
    ["mainline", ["main"], false],
    ["release/1.2", ["release/*"], true],
    ["release", ["release/*"], false],
    ["a.b", ["a*b"], true],
    ["axb", ["a.b"], false],
  ])("%s in %j is %s", (branch, patterns, expected) => {
    expect(matchesBranch(branch, patterns)).toBe(expected);
  });
});
