// `hookrail install <g> --cli kimi`: [[hooks]] entries in the user's config.toml (every other byte kept), the bundle
// beside it; the entries are what Kimi Code 2.1.0 accepts, a merge is blocked the way Kimi runs the command, and a
// user's own invalid entry (which switches every Kimi hook off) is refused by install and named by doctor.
import { copyFileSync, existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { nodeHookCommand } from "@hookrail/core";
import { parseToml } from "@hookrail/install-kit";
import { kimiHooksIssues } from "@hookrail/kimi";
import { cliRunsTool } from "@hookrail/test-utils";
import { execa } from "execa";
import { describe, expect, it } from "vitest";
import { home } from "./_hookrail.ts";

const USER = `# my kimi
default_model = "mock"

[models.mock]
provider = "mock" # keep me
model = "mock-model"

[[hooks]]
event = "Stop"
command = "echo done"
`;

const hooksOf = (text: string) => parseToml(text, "config.toml").value.hooks as Record<string, unknown>[];

async function asKimiRuns(command: string, cwd: string, env: Record<string, string>, payload: unknown) {
  const r = await execa("/bin/sh", ["-c", command], {
    input: JSON.stringify(payload),
    cwd,
    env: { ...env, PATH: `${join(env.HOME ?? "", "bin")}:/usr/bin:/bin` },
    extendEnv: false,
    reject: false,
  });
  return { exitCode: r.exitCode ?? -1, stdout: r.stdout, stderr: r.stderr };
}

describe("hookrail install --cli kimi", () => {
  it("adds valid [[hooks]] entries after the user's, blocks gh pr merge as Kimi runs it, and uninstall gives the file back", async () => {
    const h = home();
    const config = h.write(".kimi-code/config.toml", USER);
    const r = await h.hookrail("install", "merge-gate", "--cli", "kimi");
    expect(r.code, r.stderr).toBe(0);
    const text = readFileSync(config, "utf8");
    expect(text.startsWith(USER)).toBe(true);
    const hooks = hooksOf(text);
    expect(kimiHooksIssues(hooks)).toEqual([]);
    expect(hooks.map((e) => [e.event, e.matcher])).toEqual([
      ["Stop", undefined],
      ["PreToolUse", "^(?:Bash|Write|Edit|mcp__.*)$"],
      ["UserPromptSubmit", undefined],
    ]);
    expect(existsSync(join(h.home, ".kimi-code", "hookrail", "merge-gate", "merge-gate.cjs"))).toBe(true);
    expect(existsSync(join(h.home, ".kimi-code", "hookrail", "dispatch.cjs"))).toBe(true);
    // The dispatcher runs from beside the folders only: no copy of it in the guardrail's folder.
    expect(readdirSync(join(h.home, ".kimi-code", "hookrail", "merge-gate")).sort()).toEqual([
      "README.md",
      "hooks.toml",
      "kimi.json",
      "merge-gate.bundle",
      "merge-gate.cjs",
    ]);

    const command = String(hooks[1]?.command);
    const base = { session_id: "session_1", cwd: h.repo, client_type: "kimi_code_cli", hook_event_name: "PreToolUse" };
    const merge = { ...base, tool_name: "Bash", tool_input: { command: "gh pr merge 12" }, tool_call_id: "c1" };
    const mcp = { ...base, tool_name: "mcp__forge__merge_pull_request", tool_input: { pullNumber: 12 } };
    const honest = { ...base, tool_name: "Bash", tool_input: { command: "gh pr view 12" }, tool_call_id: "c2" };
    expect(cliRunsTool("kimi", await asKimiRuns(command, h.repo, h.env, merge))).toBe(false);
    expect(cliRunsTool("kimi", await asKimiRuns(command, h.repo, h.env, mcp))).toBe(false);
    expect(cliRunsTool("kimi", await asKimiRuns(command, h.repo, h.env, honest))).toBe(true);
    // A gate that cannot start still blocks: Kimi runs the call on any failure but exit 2.
    // Alone, its entries run its own hook file.
    expect(command).toContain("/hookrail/merge-gate/merge-gate.cjs");
    const broken = command.replace("merge-gate/merge-gate.cjs", "merge-gate/missing.cjs");
    expect(cliRunsTool("kimi", await asKimiRuns(broken, h.repo, h.env, honest))).toBe(false);

    const again = await h.hookrail("install", "merge-gate", "--cli", "kimi");
    expect(again.code).toBe(0);
    expect(readFileSync(config, "utf8")).toBe(text);
    expect((await h.hookrail("doctor")).stdout).not.toMatch(/kimi\.hooks/);

    const removed = await h.hookrail("uninstall", "merge-gate", "--cli", "kimi");
    expect(removed.code, removed.stderr).toBe(0);
    expect(readFileSync(config, "utf8")).toBe(USER);
    expect(existsSync(join(h.home, ".kimi-code", "hookrail"))).toBe(false);
  });

  it("installs several guardrails as one entry per event, all running the dispatcher, and removes them one by one", async () => {
    const h = home();
    const config = h.write(".kimi-code/config.toml", USER);
    expect((await h.hookrail("install", "merge-gate", "command-gates", "worktree-check", "--cli", "kimi")).code).toBe(
      0,
    );
    const hooks = hooksOf(readFileSync(config, "utf8"));
    expect(hooks.map((e) => [e.event, e.matcher])).toEqual([
      ["Stop", undefined],
      ["PreToolUse", "(?:^(?:Bash|mcp__.*)$)|(?:^(?:Bash|Write|Edit|mcp__.*)$)"],
      ["UserPromptSubmit", undefined],
      ["SessionEnd", undefined],
    ]);
    expect(new Set(hooks.slice(1).map((e) => String(e.command).includes("/hookrail/dispatch.cjs")))).toEqual(
      new Set([true]),
    );
    expect((await h.hookrail("doctor")).stdout).not.toMatch(/FIX/);

    // Each guardrail goes on its own; the entries are rewritten for the ones left.
    expect((await h.hookrail("uninstall", "merge-gate", "--cli", "kimi")).code).toBe(0);
    expect(hooksOf(readFileSync(config, "utf8")).map((e) => [e.event, e.matcher])).toEqual([
      ["Stop", undefined],
      ["PreToolUse", "^(?:Bash|mcp__.*)$"],
      ["UserPromptSubmit", undefined],
      ["SessionEnd", undefined],
    ]);
    expect((await h.hookrail("uninstall", "worktree-check", "--cli", "kimi")).code).toBe(0);
    expect(hooksOf(readFileSync(config, "utf8")).map((e) => e.event)).toEqual([
      "Stop",
      "PreToolUse",
      "UserPromptSubmit",
    ]);
    expect((await h.hookrail("doctor")).stdout).toMatch(/ok {3}kimi user command-gates: installed/);
    expect((await h.hookrail("uninstall", "command-gates", "--cli", "kimi")).code).toBe(0);
    expect(readFileSync(config, "utf8")).toBe(USER);
    expect(existsSync(join(h.home, ".kimi-code", "hookrail"))).toBe(false);
  });

  it("replaces the entries an older hookrail wrote for one guardrail, which doctor names", async () => {
    const h = home();
    const config = h.write(".kimi-code/config.toml", USER);
    expect((await h.hookrail("install", "merge-gate", "--cli", "kimi")).code).toBe(0);
    // As an older hookrail left it: the guardrail's own entries, running its bundle; no kimi.json, no dispatcher.
    const folder = join(h.home, ".kimi-code", "hookrail");
    rmSync(join(folder, "merge-gate", "kimi.json"));
    rmSync(join(folder, "dispatch.cjs"));
    const own = nodeHookCommand(
      `${["$", "{KIMI_CODE_HOME:-$HOME/.kimi-code}"].join("")}/hookrail/merge-gate/merge-gate.cjs`,
    );
    h.write(".kimi-code/config.toml", `${USER}\n[[hooks]]\nevent = "PreToolUse"\ncommand = ${JSON.stringify(own)}\n`);
    const doctor = await h.hookrail("doctor");
    expect(doctor.stdout).toMatch(/kimi user merge-gate: hookrail's \[\[hooks\]\] entries .* are not the ones/);
    expect((await h.hookrail("install", "merge-gate", "--cli", "kimi")).code).toBe(0);
    const text = readFileSync(config, "utf8");
    // The older entry (every tool, not blocking) gave way to this hookrail's, which blocks when it cannot start.
    expect(String(hooksOf(text).find((e) => e.event === "PreToolUse")?.command)).toMatch(/ \|\| exit 2$/);
    expect(hooksOf(text).map((e) => [e.event, e.matcher])).toEqual([
      ["Stop", undefined],
      ["PreToolUse", "^(?:Bash|Write|Edit|mcp__.*)$"],
      ["UserPromptSubmit", undefined],
    ]);
    expect(existsSync(join(folder, "dispatch.cjs"))).toBe(true);
    expect((await h.hookrail("doctor")).stdout).not.toMatch(/FIX/);
  });

  it("leaves out of a guardrail's folder the dispatcher an older hookrail copied there, and doctor is content", async () => {
    const h = home();
    h.write(".kimi-code/config.toml", USER);
    expect((await h.hookrail("install", "merge-gate", "--cli", "kimi")).code).toBe(0);
    const folder = join(h.home, ".kimi-code", "hookrail", "merge-gate");
    // As an older hookrail left it: the folder copied whole, the dispatcher in it too.
    copyFileSync(join(folder, "..", "dispatch.cjs"), join(folder, "dispatch.cjs"));
    expect((await h.hookrail("doctor")).stdout).not.toMatch(/FIX/);
    const again = await h.hookrail("install", "merge-gate", "--cli", "kimi");
    expect(again.code, again.stderr).toBe(0);
    expect(existsSync(join(folder, "dispatch.cjs"))).toBe(false);
    expect(existsSync(join(folder, "..", "dispatch.cjs"))).toBe(true);
    // Once it is as this hookrail leaves it, installing again changes nothing.
    const dry = await h.hookrail("install", "merge-gate", "--cli", "kimi", "--dry-run");
    expect(dry.stdout).not.toMatch(/^copy /m);
    expect((await h.hookrail("doctor")).stdout).not.toMatch(/FIX/);
  });

  it("honours KIMI_CODE_HOME", async () => {
    const h = home();
    const env = { KIMI_CODE_HOME: join(h.home, "kimi-home") };
    Object.assign(h.env, env);
    const r = await h.hookrail("install", "worktree-check", "--cli", "kimi");
    expect(r.code, r.stderr).toBe(0);
    const hooks = hooksOf(readFileSync(join(h.home, "kimi-home", "config.toml"), "utf8"));
    // Alone, its own hook file, told at the prompt that it stands for the session's start.
    const own = `${["$", "{KIMI_CODE_HOME:-$HOME/.kimi-code}"].join("")}/hookrail/worktree-check/worktree-check.cjs`;
    expect(hooks.map((e) => [e.event, e.command])).toEqual([
      ["UserPromptSubmit", nodeHookCommand(own, undefined, ["session-start"])],
      ["SessionEnd", nodeHookCommand(own)],
    ]);
    expect(existsSync(join(h.home, "kimi-home", "hookrail", "dispatch.cjs"))).toBe(true);
    expect(r.stdout).toContain("worktree-check runs with each prompt instead");
  });

  it("refuses to add to a config whose own [[hooks]] entry switches every hook off, and doctor names it", async () => {
    const h = home();
    h.write(".kimi-code/config.toml", USER);
    expect((await h.hookrail("install", "merge-gate", "--cli", "kimi")).code).toBe(0);
    const config = join(h.home, ".kimi-code", "config.toml");
    const installed = readFileSync(config, "utf8");
    h.write(
      ".kimi-code/config.toml",
      `${installed}\n[[hooks]]\ntype = "command"\nevent = "PreToolUse"\ncommand = "x"\n`,
    );
    const doctor = await h.hookrail("doctor");
    expect(doctor.code).toBe(1);
    expect(doctor.stdout + doctor.stderr).toMatch(
      /\[\[hooks\]\] #4: unknown key "type"\), so Kimi Code switches every hook off, merge-gate's too/,
    );
    const before = readFileSync(config, "utf8");
    const refused = await h.hookrail("install", "worktree-check", "--cli", "kimi");
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/unknown key "type".*Kimi Code switches every hook off/);
    expect(readFileSync(config, "utf8")).toBe(before);
  });

  it("has only a user scope: a project's .kimi-code files fire no hooks", async () => {
    const h = home();
    const r = await h.hookrail("install", "merge-gate", "--cli", "kimi", "--scope", "project");
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("Kimi Code runs hooks only from the user's config.toml");
  });
});
