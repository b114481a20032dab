// A project's config may make the approval mode stricter ("user"), never looser.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { guardrailOptions, loadConfig } from "@hookrail/core";
import { gitRepo, tempDir } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";
import { mergeGateOptionsSchema, mergeGateProjectPolicy } from "../../src/options.ts";

function approvalWith(user: string | undefined, project: string) {
  const home = tempDir();
  const repo = gitRepo();
  if (user) {
    mkdirSync(join(home, "c", "hookrail"), { recursive: true });
    writeFileSync(join(home, "c", "hookrail", "config.json"), JSON.stringify({ "merge-gate": { approval: user } }));
  }
  mkdirSync(join(repo.dir, ".hookrail"));
  writeFileSync(join(repo.dir, ".hookrail", "config.json"), JSON.stringify({ "merge-gate": { approval: project } }));
  const config = loadConfig(repo.dir, { HOME: home, XDG_CONFIG_HOME: join(home, "c") });
  return {
    mode: guardrailOptions(config, "merge-gate", mergeGateOptionsSchema(), mergeGateProjectPolicy).approval,
    config,
  };
}

describe("approval in a project file", () => {
  it.each([
    [undefined, "user", "user"],
    [undefined, "ask", "marker"],
    ["user", "marker", "user"],
    ["user", "ask", "user"],
    ["ask", "user", "user"],
    [undefined, "review", "review"],
    ["ask", "review", "review"],
    // The user's own "user" mode stays: another reviewer's approval does not stand in for the user's prompt.
    ["user", "review", "user"],
  ])("user %s, project %s → %s", (user, project, expected) => {
    const { mode, config } = approvalWith(user, project);
    expect(mode).toBe(expected);
    if (mode !== project) expect(config.problems.join("\n")).toContain('a project can only set "user"');
    else expect(config.problems).toEqual([]);
  });

  it("lets a project add approvers, and only the user file remove one", () => {
    const home = tempDir();
    const repo = gitRepo();
    mkdirSync(join(home, "c", "hookrail"), { recursive: true });
    const user = { "merge-gate": { approval: "review", approvers: ["alice", "bob"] } };
    writeFileSync(join(home, "c", "hookrail", "config.json"), JSON.stringify(user));
    mkdirSync(join(repo.dir, ".hookrail"));
    const project = { "merge-gate": { approvers: ["carol"], approval: "marker" } };
    writeFileSync(join(repo.dir, ".hookrail", "config.json"), JSON.stringify(project));
    const config = loadConfig(repo.dir, { HOME: home, XDG_CONFIG_HOME: join(home, "c") });
    const options = guardrailOptions(config, "merge-gate", mergeGateOptionsSchema(), mergeGateProjectPolicy);
    expect(options).toMatchObject({ approval: "review", approvers: ["alice", "bob", "carol"] });
  });
});
