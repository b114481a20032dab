// `hookrail doctor` shows each installed guardrail with its own settings, never another guardrail's.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Readable } from "node:stream";
import { defaultConfig, loadConfig } from "@hookrail/core";
import { gitRepo, tempDir } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";
import { describeSettings, guardrailSettings } from "../src/doctor-settings.ts";
import { main } from "../src/main.ts";

/** Runs the command in-process with a throwaway home (and its user config, when given). */
async function hookrail(argv: string[], home: string, cwd: string) {
  let stdout = "";
  const env = {
    PATH: process.env.PATH,
    HOME: home,
    XDG_CONFIG_HOME: join(home, "c"),
    HOOKRAIL_STATE_DIR: join(home, "s"),
  };
  const code = await main(argv, {
    stdin: Readable.from([]),
    stdout: { write: (t: string) => (stdout += t) },
    stderr: { write: () => true },
    env,
    cwd,
  });
  return { code, stdout };
}

function userConfig(home: string, config: unknown) {
  mkdirSync(join(home, "c", "hookrail"), { recursive: true });
  writeFileSync(join(home, "c", "hookrail", "config.json"), JSON.stringify(config));
}

describe("each guardrail's own settings", () => {
  it.each([
    ["merge-gate", { enabled: true, protectedBranches: ["main", "master"], approval: "marker", approvers: [] }],
    ["branch-drift", { enabled: true }],
    [
      "worktree-check",
      {
        enabled: true,
        onProtectedBranch: true,
        onUncommittedChanges: true,
        onOtherSession: true,
        liveSessionMinutes: 120,
        statusTimeoutMs: 2000,
        protectedBranches: ["main", "master"],
      },
    ],
    [
      "plan-export",
      {
        enabled: true,
        acceptedDir: "docs/plans/accepted",
        rejectedDir: "docs/plans/rejected",
        fileName: "{date}-{time}-{slug}",
        outcomes: ["accepted", "rejected"],
        abandonAfterMinutes: 60,
      },
    ],
  ])("%s, with no config file", (name, settings) => {
    expect(guardrailSettings(name, defaultConfig())).toEqual({
      settings,
      check: expect.objectContaining({ ok: true }),
    });
  });

  it("names an invalid section as the guardrail's own problem", () => {
    const config = { ...defaultConfig(), sections: { "branch-drift": { enabled: "yes" } } };
    const { settings, check } = guardrailSettings("branch-drift", config);
    expect(settings).toEqual({ enabled: true });
    expect(check.ok).toBe(false);
    expect(check.what).toMatch(
      /^branch-drift settings: enabled: true \(hookrail: the "branch-drift" settings are invalid/,
    );
  });

  it.each([
    [
      { enabled: true, protectedBranches: ["main", "release/*"], approval: "marker" },
      "enabled: true; protectedBranches: main, release/*; approval: marker",
    ],
    [{ outcomes: [] }, "outcomes: none"],
    [{}, "none"],
  ])("describes %j as %j", (settings, text) => {
    expect(describeSettings(settings)).toBe(text);
  });
});

describe("hookrail doctor", () => {
  it("shows the settings of the installed guardrails only, each its own", async () => {
    const home = tempDir();
    const cwd = gitRepo().dir;
    userConfig(home, { protectedBranches: ["main", "release"], "merge-gate": { approval: "user" } });
    expect((await hookrail(["install", "branch-drift", "--cli", "codex"], home, cwd)).code).toBe(0);
    const only = await hookrail(["doctor", "--json"], home, cwd);
    expect(JSON.parse(only.stdout).settings).toEqual({ "branch-drift": { enabled: true } });
    expect((await hookrail(["doctor"], home, cwd)).stdout).not.toMatch(/protected|approval/i);

    expect((await hookrail(["install", "merge-gate", "--cli", "codex"], home, cwd)).code).toBe(0);
    const both = await hookrail(["doctor"], home, cwd);
    expect(both.stdout).toContain("ok   branch-drift settings: enabled: true\n");
    expect(both.stdout).toContain(
      "ok   merge-gate settings: enabled: true; protectedBranches: main, release; approval: user; approvers: none\n",
    );
    expect(loadConfig(cwd, { HOME: home, XDG_CONFIG_HOME: join(home, "c") }).problems).toEqual([]);
  });
});
