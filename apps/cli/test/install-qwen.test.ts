// `hookrail install <g> --cli qwen --scope project`: the hooks go into the project's .qwen/settings.json next to
// the team's, running a committed copy through $QWEN_PROJECT_DIR (bash, as Qwen runs them); doctor names folder
// trust, disableAllHooks and safe mode; Qwen's own rules for extension enablement and trusted folders.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { nodeHookCommand } from "@hookrail/core";
import { qwenExtensionEnabled, qwenTrusts } from "@hookrail/qwen/install";
import { cliRunsTool, gitRepo, tempDir } from "@hookrail/test-utils";
import { execa } from "execa";
import { describe, expect, it } from "vitest";
import { hookrailIn } from "./_hookrail.ts";

const hookrail = hookrailIn;

const TEAM = '{\n  // the team\'s\n  "model": { "name": "qwen3-coder" }\n}\n';

describe("hookrail install merge-gate --cli qwen --scope project", () => {
  it("writes the hooks beside the team's settings, blocks a merge as Qwen runs it, and uninstall gives the file back", async () => {
    const home = tempDir("qwen-home-");
    const repo = gitRepo().dir;
    mkdirSync(join(repo, ".qwen"));
    writeFileSync(join(repo, ".qwen", "settings.json"), TEAM);
    const env = { HOME: home, XDG_DATA_HOME: join(home, "data") };
    const r = await hookrail(["install", "merge-gate", "--cli", "qwen", "--scope", "project"], env, repo);
    expect(r.exitCode, r.out).toBe(0);
    const text = readFileSync(join(repo, ".qwen", "settings.json"), "utf8");
    expect(text).toContain("// the team's");
    const { command } = JSON.parse(text.replace("// the team's\n", "")).hooks.PreToolUse[0].hooks[0];
    expect(command).toBe(
      nodeHookCommand("$QWEN_PROJECT_DIR/.qwen/hookrail/merge-gate/hooks/merge-gate.cjs", {
        guardrail: "merge-gate",
        blocking: true,
      }),
    );
    const payload = {
      session_id: "s",
      cwd: repo,
      hook_event_name: "PreToolUse",
      timestamp: "2026-12-02T00:00:00.000Z",
      permission_mode: "yolo",
      tool_name: "run_shell_command",
      tool_input: { command: "gh pr merge 12", description: "merge" },
    };
    const answer = await execa("bash", ["-c", command], {
      input: JSON.stringify(payload),
      cwd: repo,
      env: { PATH: process.env.PATH ?? "", HOME: home, QWEN_PROJECT_DIR: repo },
      extendEnv: false,
      reject: false,
    });
    const ran = cliRunsTool("qwen", { exitCode: answer.exitCode ?? -1, stdout: answer.stdout, stderr: answer.stderr });
    expect(ran, answer.stdout + answer.stderr).toBe(false);
    expect((await hookrail(["list"], env, repo)).out).toMatch(/qwen +project \S+ +merge-gate +\S+ +yes/);

    mkdirSync(join(home, ".qwen"));
    writeFileSync(join(home, ".qwen", "settings.json"), '{ "security": { "folderTrust": { "enabled": true } } }');
    const untrusted = await hookrail(["doctor"], env, repo);
    expect(untrusted.exitCode).toBe(1);
    expect(untrusted.out).toContain(`${repo} is not trusted, so Qwen skips its .qwen/settings.json hooks`);
    writeFileSync(join(home, ".qwen", "trustedFolders.json"), JSON.stringify({ [repo]: "TRUST_FOLDER" }));
    writeFileSync(join(home, ".qwen", "settings.json"), '{ "disableAllHooks": true }');
    const off = await hookrail(["doctor"], { ...env, QWEN_CODE_SAFE_MODE: "true" }, repo);
    expect(off.out).toMatch(/disableAllHooks is true in .*settings\.json: no hook runs/);
    expect(off.out).toContain("QWEN_CODE_SAFE_MODE is set");

    const removed = await hookrail(["uninstall", "merge-gate", "--cli", "qwen", "--scope", "project"], env, repo);
    expect(removed.exitCode, removed.out).toBe(0);
    expect(readFileSync(join(repo, ".qwen", "settings.json"), "utf8")).toBe(TEAM);
    expect(existsSync(join(repo, ".qwen", "hookrail"))).toBe(false);
  });
});

describe("Qwen's enablement rules and trusted folders, as Qwen reads them", () => {
  it.each([
    [[], "/p/app", true],
    [["!/home/me/*"], "/home/me/p", false],
    [["!/home/me/*", "/home/me/*"], "/home/me/p", true],
    [["/home/me/*", "!/p/app/"], "/p/app", false],
    [["/home/me/*", "!/p/app/"], "/p/app/sub", true],
    [["!/p/*"], "/p", false],
  ])("%j in %s: enabled %s", (rules, folder, enabled) => {
    expect(qwenExtensionEnabled(rules, folder)).toBe(enabled);
  });

  it.each([
    [{ "/w/p": "TRUST_FOLDER" }, "/w/p/sub", true],
    [{ "/w/p/x": "TRUST_PARENT" }, "/w/p", true],
    [{ "/w": "TRUST_FOLDER", "/w/p": "DO_NOT_TRUST" }, "/w/p", false],
    [{ "/w": "DO_NOT_TRUST", "/w/p": "TRUST_FOLDER" }, "/w/p", true],
    [{ "/w/other": "TRUST_FOLDER" }, "/w/p", false],
  ])("%j trusts %s: %s", (rules, folder, trusted) => {
    const home = tempDir("qwen-home-");
    mkdirSync(join(home, ".qwen"));
    writeFileSync(join(home, ".qwen", "trustedFolders.json"), JSON.stringify(rules));
    expect(qwenTrusts({ env: {}, home }, folder)).toBe(trusted);
  });
});
