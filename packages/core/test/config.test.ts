import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { tempDir } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { defaultConfig, guardrailOptions, loadConfig, matchesBranch, type ProjectPolicy } from "../src/index.ts";

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
      project: JSON.stringify({ protectedBranches: ["trunk", "release/*"], "plan-export": { folder: "project" } }),
    });
    const config = loadConfig(cwd, env);
    expect(config.protectedBranches).toEqual(["trunk", "release/*"]);
    expect(guardrailOptions(config, "plan-export", options)).toEqual({ enabled: false, folder: "project" });
    expect(config.sources).toHaveLength(2);
    expect(config.problems).toEqual([]);
  });

  it.each([
    // A project list only adds: what it leaves out stays protected, and nothing was refused, so nothing is said.
    ["no user file, the project adds release/*", undefined, ["release/*"], ["main", "master", "release/*"]],
    ["no user file, the project names main only", undefined, ["main"], ["main", "master"]],
    ["no user file, the project's list is empty", undefined, [], ["main", "master"]],
    ["the user unprotects master", ["main"], ["main"], ["main"]],
    ["the project adds to the user's", ["trunk"], ["release/*"], ["trunk", "release/*"]],
    ["the user's list alone", ["trunk"], undefined, ["trunk"]],
  ])("protectedBranches: %s", (_label, user, project, expected) => {
    const { cwd, env } = setup({
      ...(user ? { user: JSON.stringify({ protectedBranches: user }) } : {}),
      ...(project ? { project: JSON.stringify({ protectedBranches: project }) } : {}),
    });
    const config = loadConfig(cwd, env);
    expect(config.protectedBranches).toEqual(expected);
    expect(config.problems).toEqual([]);
  });

  it("adds the wrappers of every file to one list (a project may add: more wrappers only tighten)", () => {
    const { cwd, env } = setup({
      user: JSON.stringify({ wrappers: ["rtk", "tsb run"] }),
      project: JSON.stringify({ wrappers: ["tsb run", "./bin/sandbox"] }),
    });
    const config = loadConfig(cwd, env);
    expect(config.wrappers).toEqual(["rtk", "tsb run", "./bin/sandbox"]);
    expect(config.problems).toEqual([]);
    expect(loadConfig(setup({}).cwd, setup({}).env).wrappers).toBeUndefined();
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

  it("keeps a list section for the guardrail that reads one, per file, and reports it to one that reads an object", () => {
    const gates = [{ name: "publish", commands: ["npm publish"] }];
    const { cwd, env } = setup({
      user: JSON.stringify({ "command-gates": gates }),
      project: JSON.stringify({ "command-gates": [], "plan-export": [1] }),
    });
    const config = loadConfig(cwd, env);
    expect(config.problems).toEqual([]);
    expect(config.layers.map((l) => [l.scope, l.lists])).toEqual([
      ["user", { "command-gates": gates }],
      ["project", { "command-gates": [], "plan-export": [1] }],
    ]);
    expect(config.sections["command-gates"]).toBeUndefined();
    expect(guardrailOptions(config, "plan-export", options)).toEqual({ enabled: true, folder: "plans" });
    expect(config.problems).toEqual([
      `hookrail: ${join(cwd, "..", "..", ".hookrail", "config.json")}: "plan-export" must be an object; ignored it`,
    ]);
  });

  it("an invalid section falls back to that guardrail's defaults, never switching it off", () => {
    const { cwd, env } = setup({ project: JSON.stringify({ "merge-gate": { enabled: "no" } }) });
    const config = loadConfig(cwd, env);
    expect(guardrailOptions(config, "merge-gate", options)).toEqual({ enabled: true, folder: "plans" });
    expect(config.problems[0]).toMatch(/the "merge-gate" settings are invalid \(enabled: /);
  });
});

describe("guardrailOptions with a ProjectPolicy: a project may only tighten", () => {
  const gate = z.object({
    enabled: z._default(z.boolean(), true),
    protectedBranches: z._default(z.array(z.string()), []),
    mode: z._default(z.string(), "marker"),
  });
  const policy: ProjectPolicy = {
    enabled: { allows: (v) => v !== false, why: "only the user config can turn the gate off" },
    protectedBranches: "union",
  };
  const base = { enabled: true, protectedBranches: [], mode: "marker" };

  it.each([
    [
      "project turns it off",
      undefined,
      { enabled: false },
      base,
      /"gate.enabled": false ignored: only the user config/,
    ],
    ["user turns it off", { enabled: false }, undefined, { ...base, enabled: false }, undefined],
    ["user off, project on", { enabled: false }, { enabled: true }, base, undefined],
    [
      "project adds branches",
      { protectedBranches: ["prod"] },
      { protectedBranches: ["qa"] },
      { ...base, protectedBranches: ["prod", "qa"] },
      undefined,
    ],
    [
      "project empties branches",
      { protectedBranches: ["prod"] },
      { protectedBranches: [] },
      { ...base, protectedBranches: ["prod"] },
      undefined,
    ],
    ["free key", undefined, { mode: "ask" }, { ...base, mode: "ask" }, undefined],
    [
      "invalid project key keeps the user's",
      { protectedBranches: ["prod"] },
      { protectedBranches: "x", mode: "ask" },
      { ...base, protectedBranches: ["prod"], mode: "ask" },
      /"gate.protectedBranches" is invalid/,
    ],
    ["invalid project enabled keeps it on", undefined, { enabled: "no" }, base, /"gate.enabled" is invalid/],
  ])("%s", (_label, user, project, expected, problem) => {
    const { cwd, env } = setup({
      ...(user ? { user: JSON.stringify({ gate: user }) } : {}),
      ...(project ? { project: JSON.stringify({ gate: project }) } : {}),
    });
    const config = loadConfig(cwd, env);
    expect(guardrailOptions(config, "gate", gate, policy)).toEqual(expected);
    if (problem) expect(config.problems.join("\n")).toMatch(problem);
    else expect(config.problems).toEqual([]);
  });

  it("without a policy the project still overrides (advisory guardrails)", () => {
    const { cwd, env } = setup({ project: JSON.stringify({ gate: { enabled: false } }) });
    expect(guardrailOptions(loadConfig(cwd, env), "gate", gate)).toEqual({ ...base, enabled: false });
  });

  it("a config built by hand counts as the user's", () => {
    const config = { ...defaultConfig(), sections: { gate: { enabled: false } } };
    expect(guardrailOptions(config, "gate", gate, policy).enabled).toBe(false);
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
    ["release/1.2/hotfix", ["release/*"], true],
    ["release/a\nb", ["release/*"], true],
    ["main\n", ["main"], false],
    ["feature(x)", ["feature(*)"], true],
    ["dev", [], false],
  ])("%s in %j is %s", (branch, patterns, expected) => {
    expect(matchesBranch(branch, patterns)).toBe(expected);
  });
});
