// `hookrail install --cli cursor|antigravity`: files only (neither CLI's binary is needed, or installable here).
// The merged hooks file keeps the user's own hooks, its command runs the installed bundle the way the CLI's
// documentation says it does (through a shell, in the project for project hooks), and uninstall takes it away.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { Readable } from "node:stream";
import { cliRunsTool, repoRoot, tempDir } from "@hookrail/test-utils";
import { execa } from "execa";
import { describe, expect, it } from "vitest";
import { main } from "../src/main.ts";

async function hookrail(args: string[], env: Record<string, string>, cwd: string) {
  let out = "";
  let err = "";
  const exitCode = await main(args, {
    stdin: Readable.from([]),
    stdout: { write: (t: string) => (out += t) },
    stderr: { write: (t: string) => (err += t) },
    env: { PATH: process.env.PATH ?? "", ...env, HOOKRAIL_PLUGINS_DIR: join(repoRoot, "plugins") },
    cwd,
  });
  return { exitCode, out, err };
}

const write = (file: string, text: string) => {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
};

/** Runs a hooks file's command as the CLIs run them: a shell, with the event on stdin. */
async function runCommand(command: string, payload: unknown, cwd: string, env: Record<string, string>) {
  const r = await execa("sh", ["-c", command], {
    input: JSON.stringify(payload),
    cwd,
    env: { PATH: process.env.PATH ?? "", ...env },
    extendEnv: false,
    reject: false,
  });
  return { exitCode: r.exitCode ?? -1, stdout: r.stdout, stderr: r.stderr };
}

const cursorShell = (cwd: string, command: string) => ({
  conversation_id: "c",
  hook_event_name: "preToolUse",
  cwd: "",
  workspace_roots: [cwd],
  tool_name: "Shell",
  tool_input: { command, cwd: "", timeout: 30000 },
});

describe.each([
  ["user", (home: string, _project: string) => join(home, ".cursor")],
  ["project", (_home: string, project: string) => join(project, ".cursor")],
])("hookrail install merge-gate --cli cursor --scope %s", (scope, cursorDir) => {
  it("merges the gate after the user's own hooks, failClosed, and its command blocks a merge; uninstall restores the file", async () => {
    const home = tempDir("cursor-home-");
    const project = tempDir("cursor-project-");
    const hooksFile = join(cursorDir(home, project), "hooks.json");
    const mine =
      '{\n  // my audit hook\n  "version": 1,\n  "hooks": { "preToolUse": [{ "command": "./audit.sh" }] }\n}\n';
    write(hooksFile, mine);
    const env = { HOME: home, XDG_DATA_HOME: join(home, "data") };
    const installed = await hookrail(["install", "merge-gate", "--cli", "cursor", "--scope", scope], env, project);
    expect(installed.exitCode, installed.out + installed.err).toBe(0);
    expect(installed.out).toMatch(/^merge-gate for Cursor \(\w+ scope\): installed/m);
    const text = readFileSync(hooksFile, "utf8");
    expect(text).toContain("// my audit hook");
    const entries = JSON.parse(text.replace(/\/\/.*\n/, "")).hooks.preToolUse;
    expect(entries[0]).toEqual({ command: "./audit.sh" });
    expect(entries[1]).toMatchObject({ matcher: "Shell|Write|StrReplace", failClosed: true, timeout: 10 });
    expect(existsSync(join(cursorDir(home, project), "hookrail", "merge-gate", "merge-gate.cjs"))).toBe(true);
    // A user hook names the bundle absolutely (Cursor promises no folder); a project hook finds it through
    // CURSOR_PROJECT_DIR, wherever the clone is, from whatever folder Cursor runs it in.
    if (scope === "user") expect(entries[1].command).toContain(join(home, ".cursor", "hookrail", "merge-gate"));
    else expect(entries[1].command).toContain("$CURSOR_PROJECT_DIR/.cursor/hookrail/merge-gate/");
    const answer = await runCommand(entries[1].command, cursorShell(project, "gh pr merge 12"), home, {
      HOME: home,
      CURSOR_PROJECT_DIR: project,
    });
    expect(cliRunsTool("cursor", answer), answer.stdout + answer.stderr).toBe(false);
    expect(answer.stdout).toContain("merge-gate");

    const listed = await hookrail(["list"], env, project);
    expect(listed.out).toContain("cursor: built from the documentation; not yet run against the real binary here");

    const removed = await hookrail(["uninstall", "merge-gate", "--cli", "cursor", "--scope", scope], env, project);
    expect(removed.exitCode, removed.out + removed.err).toBe(0);
    expect(readFileSync(hooksFile, "utf8")).toBe(mine);
    expect(existsSync(join(cursorDir(home, project), "hookrail"))).toBe(false);
  });
});

describe("hookrail install --cli cursor, the rest", () => {
  it("plans the enterprise file /etc/cursor/hooks.json with a copy in the prefix (--dry-run)", async () => {
    const home = tempDir("cursor-home-");
    const root = tempDir("cursor-system-");
    const env = { HOME: home, HOOKRAIL_SYSTEM_ROOT: root };
    const plan = await hookrail(
      ["install", "merge-gate", "--cli", "cursor", "--scope", "managed", "--dry-run"],
      env,
      home,
    );
    expect(plan.exitCode, plan.out + plan.err).toBe(0);
    expect(plan.out).toContain(
      `copy ${join(repoRoot, "plugins", "merge-gate", "cursor")} -> ${join(root, "opt/hookrail/cursor/merge-gate")}`,
    );
    expect(plan.out).toContain(join(root, "etc/cursor/hooks.json"));
    expect(plan.out).toContain('\\"/opt/hookrail/cursor/merge-gate/merge-gate.cjs\\"');
    expect(plan.out).toContain('"failClosed": true');
  });

  it("refuses a guardrail whose moment Cursor lacks with one line, and skips it when all are asked for", async () => {
    const home = tempDir("cursor-home-");
    const env = { HOME: home, XDG_DATA_HOME: join(home, "data") };
    const refused = await hookrail(["install", "plan-export", "--cli", "cursor"], env, home);
    expect(refused.exitCode).toBe(1);
    expect(refused.err.trim().split("\n")).toEqual([
      expect.stringMatching(/^hookrail: plan-export cannot run in Cursor: Cursor has no hook at a plan's approval/),
    ]);
    const all = await hookrail(["install", "all", "--cli", "cursor"], env, home);
    expect(all.exitCode, all.out + all.err).toBe(0);
    expect(all.err).toMatch(/skipped plan-export for Cursor: /);
    expect(all.out).toMatch(
      /^branch-drift, command-gates, merge-gate, worktree-check for Cursor \(user scope\): installed/m,
    );
  });

  it("installs the merge gate on Cursor's MCP hook, so doctor has nothing to say of MCP calls there", async () => {
    const home = tempDir("cursor-home-");
    const env = { HOME: home, XDG_DATA_HOME: join(home, "data") };
    expect((await hookrail(["install", "merge-gate", "--cli", "cursor"], env, home)).exitCode).toBe(0);
    const hooks = JSON.parse(readFileSync(join(home, ".cursor", "hooks.json"), "utf8"));
    expect(hooks.hooks.beforeMCPExecution).toEqual([
      expect.objectContaining({ command: expect.stringMatching(/merge-gate\.cjs/), failClosed: true }),
    ]);
    expect(hooks.hooks.beforeMCPExecution[0]).not.toHaveProperty("matcher");
    const doctor = await hookrail(["doctor"], env, home);
    expect(doctor.out).toMatch(/^ok {3}cursor user merge-gate/m);
    expect(doctor.out).not.toMatch(/MCP tool calls/);
  });

  it("names a Claude Code copy of the same guardrail, which Cursor may run too", async () => {
    const home = tempDir("cursor-home-");
    const env = { HOME: home, XDG_DATA_HOME: join(home, "data") };
    write(join(home, ".claude", "settings.json"), '{ "enabledPlugins": { "worktree-check@hookrail": true } }\n');
    const installed = await hookrail(["install", "worktree-check", "--cli", "cursor"], env, home);
    expect(installed.out).toMatch(/also installed for Claude Code, whose hooks Cursor runs too/);
    const doctor = await hookrail(["doctor"], env, home);
    expect(doctor.out).toMatch(
      /FIX {2}cursor user worktree-check: worktree-check is also installed for Claude Code in .*settings\.json, which Cursor runs too/,
    );
  });
});

const agyShell = (cwd: string, command: string) => ({
  conversationId: "c",
  workspacePaths: [cwd],
  stepIdx: 1,
  toolCall: { name: "run_command", args: { CommandLine: command, Cwd: cwd } },
});

describe.each([
  ["user", (home: string, _project: string) => join(home, ".gemini", "config")],
  ["project", (_home: string, project: string) => join(project, ".agents")],
])("hookrail install merge-gate --cli antigravity --scope %s", (scope, rootDir) => {
  it("sets its named hook beside the user's, and its command blocks a merge; uninstall restores the file", async () => {
    const home = tempDir("agy-home-");
    const project = tempDir("agy-project-");
    const hooksFile = join(rootDir(home, project), "hooks.json");
    const mine = '{\n  "lint": {\n    "Stop": [{ "type": "command", "command": "make lint" }]\n  }\n}\n';
    write(hooksFile, mine);
    const env = { HOME: home, XDG_DATA_HOME: join(home, "data") };
    const installed = await hookrail(["install", "merge-gate", "--cli", "antigravity", "--scope", scope], env, project);
    expect(installed.exitCode, installed.out + installed.err).toBe(0);
    const hooks = JSON.parse(readFileSync(hooksFile, "utf8"));
    expect(Object.keys(hooks)).toEqual(["lint", "hookrail-merge-gate"]);
    const [group] = hooks["hookrail-merge-gate"].PreToolUse;
    expect(group.matcher).toMatch(/^run_command\|/);
    const command: string = group.hooks[0].command;
    expect(command).toMatch(/ PreToolUse$/);
    if (scope === "user") expect(command).toContain(join(home, ".gemini", "config", "hookrail", "merge-gate"));
    // agy runs a workspace's hooks in the workspace root.
    const answer = await runCommand(command, agyShell(project, "gh pr merge 12"), project, { HOME: home });
    expect(cliRunsTool("antigravity", answer), answer.stdout + answer.stderr).toBe(false);
    expect(JSON.parse(answer.stdout)).toMatchObject({ decision: "deny", reason: expect.stringMatching(/merge-gate/) });

    const removed = await hookrail(["uninstall", "merge-gate", "--cli", "antigravity", "--scope", scope], env, project);
    expect(removed.exitCode, removed.out + removed.err).toBe(0);
    expect(readFileSync(hooksFile, "utf8")).toBe(mine);
    expect(existsSync(join(rootDir(home, project), "hookrail"))).toBe(false);
  });
});

describe("hookrail install --cli antigravity, the rest", () => {
  it.each([
    [["install", "merge-gate", "--cli", "antigravity", "--scope", "managed"], /no administrator layer for hooks/],
    [["install", "branch-drift", "--cli", "antigravity"], /branch-drift cannot run in Antigravity CLI: /],
  ])("%j says why not in one line", async (args, why) => {
    const home = tempDir("agy-home-");
    const result = await hookrail(args, { HOME: home }, home);
    expect(result.exitCode).toBe(1);
    expect(result.err.trim().split("\n")).toEqual([expect.stringMatching(why)]);
  });

  it("refuses a hooks.json that is not strict JSON, which agy could not read (it would then run none of its hooks)", async () => {
    const home = tempDir("agy-home-");
    const hooksFile = join(home, ".gemini", "config", "hooks.json");
    write(hooksFile, '{ // mine\n  "lint": {}\n}\n');
    const result = await hookrail(["install", "merge-gate", "--cli", "antigravity"], { HOME: home }, home);
    expect(result.exitCode).toBe(1);
    expect(result.err).toMatch(
      /is not strict JSON .*Antigravity CLI then loads none of its hooks; .*nothing was changed/,
    );
    expect(readFileSync(hooksFile, "utf8")).toBe('{ // mine\n  "lint": {}\n}\n');
  });
});
