// `hookrail doctor` shows each installed guardrail with its own settings, never another guardrail's.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Readable } from "node:stream";
import { defaultConfig, loadConfig } from "@hookrail/core";
import { gitRepo, tempDir } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";
import { describeSettings, guardrailSettings } from "../src/doctor-settings.ts";
import { main } from "../src/main.ts";

/** Runs the command in-process with a throwaway home (and its user config, when given), on a terminal if asked. */
async function hookrail(argv: string[], home: string, cwd: string, more: { tty?: boolean; env?: object } = {}) {
  let stdout = "";
  const env = {
    PATH: process.env.PATH,
    HOME: home,
    XDG_CONFIG_HOME: join(home, "c"),
    HOOKRAIL_STATE_DIR: join(home, "s"),
    ...more.env,
  };
  const code = await main(argv, {
    stdin: Readable.from([]),
    stdout: { write: (t: string) => (stdout += t), ...(more.tty ? { isTTY: true, columns: 120, rows: 40 } : {}) },
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
      /^branch-drift settings: the "branch-drift" settings are invalid \(.*\); using its defaults; so it runs with enabled: true$/,
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

  it("says which file a config problem is in, on a terminal within 100 columns, with no hookrail: inside a line", async () => {
    const home = tempDir();
    const cwd = gitRepo().dir;
    mkdirSync(join(cwd, ".hookrail"));
    const project = join(cwd, ".hookrail", "config.json");
    writeFileSync(project, JSON.stringify({ "merge-gate": { approval: "bogus" } }));
    expect((await hookrail(["install", "merge-gate", "--cli", "codex"], home, cwd)).code).toBe(0);
    const r = await hookrail(["doctor"], home, cwd, { tty: true, env: { NO_COLOR: "1" } });
    expect(r.code).toBe(1);
    // On a terminal, wrapped wherever a space allows (a temporary folder's path is longer than a line).
    expect(r.stdout.split("\n").filter((line) => line.length > 100 && line.trim().includes(" "))).toEqual([]);
    expect(r.stdout).not.toContain("hookrail: ");
    const text = r.stdout.replace(/\n {5,}/g, " ");
    expect(text).toContain(
      `FIX  merge-gate settings: ${project}: "merge-gate.approval": "bogus" ignored: a project can only set`,
    );
    expect(text).toContain(`-> fix the "merge-gate" section of ${project}\n`);
    // hookrail update repairs nothing listed: the footer does not offer it.
    expect(r.stdout).toMatch(/\ndoctor: 1 thing to fix; each FIX line says how\n$/);
  });

  it("offers hookrail update when it is a fix, and colours FIX and ok on a terminal only", async () => {
    const home = tempDir();
    const cwd = gitRepo().dir;
    expect((await hookrail(["install", "merge-gate", "--cli", "codex"], home, cwd)).code).toBe(0);
    writeFileSync(join(home, ".codex", "hookrail", "merge-gate", "merge-gate.cjs"), "// altered\n");
    const plain = await hookrail(["doctor"], home, cwd);
    // Into a pipe, one line per check, as scripts read it.
    expect(plain.stdout).toMatch(
      /\nFIX {2}codex user merge-gate: \S+merge-gate\.cjs differs from the one hookrail \S+ ships\n/,
    );
    expect(plain.stdout).toContain("\n     -> run npx hookrail update\n");
    expect(plain.stdout).toMatch(
      /\ndoctor: 1 thing to fix; each FIX line says how \(hookrail update puts back what vanished\)\n$/,
    );
    expect(plain.stdout).not.toContain("\u001b[");
    const tty = await hookrail(["doctor"], home, cwd, { tty: true });
    expect(tty.stdout).toContain("\u001b[1m\u001b[31mFIX\u001b[39m\u001b[22m  codex user merge-gate:");
    expect(tty.stdout).toContain("\u001b[32mok\u001b[39m   node on PATH");
    expect((await hookrail(["doctor"], home, cwd, { tty: true, env: { NO_COLOR: "1" } })).stdout).not.toContain(
      "\u001b[",
    );
  });
});
