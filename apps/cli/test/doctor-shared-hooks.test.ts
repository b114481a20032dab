// A hookrail hook command in Claude Code's settings runs in every CLI present that reads those hooks (Continue,
// Grok Build, Copilot CLI, Cursor): `hookrail doctor` names the file, the CLIs, and where it runs twice.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { Readable } from "node:stream";
import { gitRepo, tempDir } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";
import { guardrailsRun, sharedHookChecks } from "../src/doctor-shared-hooks.ts";
import { main } from "../src/main.ts";

const GUARDRAILS = ["merge-gate", "command-gates", "branch-drift"];
const settings = (command: string) =>
  `${JSON.stringify({ hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command }] }] } }, null, 2)}\n`;

function world(homes: string[]) {
  const home = tempDir("hookrail-home-");
  for (const h of homes) mkdirSync(join(home, h), { recursive: true });
  const repo = gitRepo();
  const write = (file: string, text: string) => {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
    return file;
  };
  // No CLI on PATH: presence is by their folders alone.
  const env = { PATH: "/nonexistent-bin", HOME: home };
  return { home, project: repo.dir, write, env };
}

describe("the guardrails a hook command runs", () => {
  it.each([
    ["npx hookrail run merge-gate --cli claude", ["merge-gate"]],
    ["npx hookrail@0.1.0 run command-gates --cli claude", ["command-gates"]],
    ['node "/opt/plugins/merge-gate/claude/hooks/merge-gate.cjs"', ["merge-gate"]],
    ["echo merge-gate", []],
    ["node /x/merge-gate.cjs.bak", []],
  ])("%s", (command, expected) => {
    expect(guardrailsRun(command, GUARDRAILS)).toEqual(expected);
  });
});

describe("a hookrail hook in Claude Code's settings files", () => {
  it("in the project's settings, with Claude Code and Continue present: both run it", () => {
    const w = world([".claude", ".continue"]);
    const file = w.write(
      join(w.project, ".claude", "settings.json"),
      settings("npx hookrail run merge-gate --cli claude"),
    );
    const checks = sharedHookChecks({ ...w, guardrails: GUARDRAILS, installed: new Map() });
    expect(checks).toHaveLength(1);
    expect(checks[0]).toMatchObject({ id: "claude-settings.hook.shared", ok: false });
    expect(checks[0]?.what).toBe(
      `${file} runs merge-gate as a hook, and Claude Code, Continue all read that file's hooks: each runs it with its own payloads`,
    );
  });

  it("twice in a CLI that also has hookrail's own install of it", () => {
    const w = world([".claude", ".copilot", ".grok"]);
    w.write(join(w.project, ".claude", "settings.json"), settings("node /p/merge-gate/claude/hooks/merge-gate.cjs"));
    const installed = new Map([["copilot", new Set(["merge-gate"])]]);
    const [check] = sharedHookChecks({ ...w, guardrails: GUARDRAILS, installed });
    expect(check?.what).toMatch(
      /Claude Code, Copilot CLI \(in a folder it trusts\), Grok Build all read .*, and Copilot CLI also runs hookrail's own install of merge-gate, so twice there$/,
    );
  });

  it("says nothing where one CLI alone reads the file, or the hook is not hookrail's", () => {
    const w = world([".claude", ".grok"]);
    // Grok Build reads only the project's file: the user's is Claude Code's alone.
    w.write(join(w.home, ".claude", "settings.json"), settings("npx hookrail run merge-gate --cli claude"));
    w.write(join(w.project, ".claude", "settings.json"), settings("./scripts/lint.sh"));
    expect(sharedHookChecks({ ...w, guardrails: GUARDRAILS, installed: new Map() })).toEqual([]);
  });

  it("hookrail doctor shows it as a line to fix", async () => {
    const w = world([".claude", ".continue"]);
    w.write(join(w.home, ".claude", "settings.json"), settings("npx hookrail run command-gates --cli claude"));
    let stdout = "";
    const code = await main(["doctor"], {
      stdin: Readable.from([]),
      stdout: { write: (t: string) => (stdout += t) },
      stderr: { write: () => true },
      env: { ...w.env, XDG_CONFIG_HOME: join(w.home, "c"), HOOKRAIL_STATE_DIR: join(w.home, "s") },
      cwd: w.project,
    });
    expect(code).toBe(1);
    expect(stdout).toContain(
      `FIX  ${join(w.home, ".claude", "settings.json")} runs command-gates as a hook, and Claude Code, Continue all read that file's hooks`,
    );
    expect(stdout).toContain("-> remove command-gates's hook from");
  });
});
