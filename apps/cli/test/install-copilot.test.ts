// `hookrail install <g> --cli copilot`: the hook file and its bundle land in the scope's hooks folder, the
// hook file's own command runs the installed bundle the way Copilot does (bash, COPILOT_HOOK_DIR set), and
// uninstall takes both away.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Readable } from "node:stream";
import { cliRunsTool, repoRoot, tempDir } from "@hookrail/test-utils";
import { execa } from "execa";
import { describe, expect, it } from "vitest";
import { main } from "../src/main.ts";

async function hookrail(command: string, scope: string, env: Record<string, string>, cwd: string) {
  let out = "";
  const exitCode = await main([command, "merge-gate", "--cli", "copilot", "--scope", scope], {
    stdin: Readable.from([]),
    stdout: { write: (t: string) => (out += t) },
    stderr: { write: (t: string) => (out += t) },
    env: { ...env, HOOKRAIL_PLUGINS_DIR: join(repoRoot, "plugins") },
    cwd,
  });
  return { exitCode, out };
}

describe.each([
  ["user", (home: string, _project: string) => join(home, ".copilot", "hooks")],
  ["project", (_home: string, project: string) => join(project, ".github", "hooks")],
])("hookrail install merge-gate --cli copilot --scope %s", (scope, hooksDir) => {
  it("writes the hook file and the bundle, and the hook file's command blocks a merge", async () => {
    const home = tempDir("copilot-home-");
    const project = tempDir("copilot-project-");
    const result = await hookrail("install", scope, { HOME: home }, project);
    expect(result.exitCode, result.out).toBe(0);
    const dir = hooksDir(home, project);
    const hookFile = join(dir, "hookrail-merge-gate.json");
    expect(existsSync(join(dir, "hookrail-merge-gate", "merge-gate.cjs"))).toBe(true);
    const { bash, timeoutSec } = JSON.parse(readFileSync(hookFile, "utf8")).hooks.preToolUse[0];
    expect(timeoutSec).toBeGreaterThan(5); // the hook's own deadline is 5 s; a timeout would let the merge run
    const payload = {
      sessionId: "s",
      timestamp: 0,
      cwd: project,
      toolName: "bash",
      toolArgs: { command: "gh pr merge 1" },
    };
    // A runner that does not set COPILOT_HOOK_DIR (the cloud agent) runs project hooks in the repository root.
    const envs = scope === "project" ? [{ COPILOT_HOOK_DIR: dir }, {}] : [{ COPILOT_HOOK_DIR: dir }];
    for (const env of envs) {
      const answer = await execa("bash", ["-c", bash], {
        input: JSON.stringify(payload),
        cwd: project,
        env: { PATH: process.env.PATH ?? "", HOME: home, ...env, HOOKRAIL_DEBUG_LOG: "" },
        extendEnv: false,
        reject: false,
      });
      const blocked = !cliRunsTool("copilot", { exitCode: answer.exitCode ?? -1, stdout: answer.stdout, stderr: "" });
      expect(blocked, `${JSON.stringify(env)}: ${answer.stdout}${answer.stderr}`).toBe(true);
      expect(answer.stdout).toContain("merge-gate");
    }
    const removed = await hookrail("uninstall", scope, { HOME: home }, project);
    expect(removed.exitCode, removed.out).toBe(0);
    expect([existsSync(hookFile), existsSync(join(dir, "hookrail-merge-gate"))]).toEqual([false, false]);
  });
});
