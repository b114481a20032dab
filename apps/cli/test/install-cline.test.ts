// `hookrail install <g> --cli cline`: the guardrail's folder under <hooks>/hookrail/<g>/ and one dispatcher per
// event, shared by every guardrail there; a user's own hook of that name is never replaced; uninstalling one
// guardrail leaves the others and their dispatchers.
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { cliRunsTool } from "@hookrail/test-utils";
import { execa } from "execa";
import { describe, expect, it } from "vitest";
import { home } from "./_hookrail.ts";

const fixture = (repo: string, command: string) =>
  JSON.stringify({
    taskId: "conv_1",
    hookName: "tool_call",
    workspaceRoots: [repo],
    tool_call: { id: "call_t0_0", name: "run_commands", input: { commands: [command] } },
  });

/** Runs a hook file as Cline does (by its shebang: node), in the workspace, with the payload on stdin. */
async function runHook(file: string, repo: string, env: Record<string, string>, command: string) {
  const r = await execa(process.execPath, [file], { input: fixture(repo, command), cwd: repo, env, reject: false });
  return { exitCode: r.exitCode ?? -1, stdout: r.stdout, stderr: r.stderr };
}

describe("hookrail install --cli cline", () => {
  it("installs two guardrails behind one dispatcher per event, and uninstalling one leaves the other", async () => {
    const h = home();
    const hooks = join(h.home, ".cline", "hooks");
    expect((await h.hookrail("install", "merge-gate", "--cli", "cline")).code).toBe(0);
    expect((await h.hookrail("install", "branch-drift", "--cli", "cline")).code).toBe(0);
    expect(existsSync(join(hooks, "hookrail", "merge-gate", "merge-gate.cjs"))).toBe(true);
    expect(existsSync(join(hooks, "hookrail", "branch-drift", "branch-drift.cjs"))).toBe(true);
    expect(readFileSync(join(hooks, "PreToolUse"), "utf8")).toMatch(/^#!\/usr\/bin\/env node\n/);
    // The dispatcher runs from the hooks folder only: no copy of it in a guardrail's folder.
    expect(readdirSync(join(hooks, "hookrail", "merge-gate")).sort()).toEqual([
      "README.md",
      "cline.json",
      "merge-gate.bundle",
      "merge-gate.cjs",
    ]);

    const env = { ...h.env, PATH: process.env.PATH ?? "" };
    const merge = await runHook(join(hooks, "PreToolUse"), h.repo, env, "gh pr merge 12");
    expect(cliRunsTool("cline", merge), merge.stdout).toBe(false);
    expect(JSON.parse(merge.stdout).contextModification).toContain("merge-gate: blocked");
    const honest = await runHook(join(hooks, "PreToolUse"), h.repo, env, "git status");
    expect(cliRunsTool("cline", honest), honest.stdout).toBe(true);

    const list = await h.hookrail("list");
    expect(list.stdout).toMatch(/cline +user .*merge-gate/);
    expect(list.stdout).toMatch(/cline +user .*branch-drift/);

    expect((await h.hookrail("uninstall", "merge-gate", "--cli", "cline")).code).toBe(0);
    expect(existsSync(join(hooks, "hookrail", "merge-gate"))).toBe(false);
    // branch-drift still binds PreToolUse: its dispatcher stays.
    expect(existsSync(join(hooks, "PreToolUse"))).toBe(true);
    const after = await runHook(join(hooks, "PreToolUse"), h.repo, env, "gh pr merge 12");
    expect(cliRunsTool("cline", after)).toBe(true);

    // Uninstalling every guardrail in one plan takes every dispatcher with the last one.
    expect((await h.hookrail("install", "merge-gate", "command-gates", "--cli", "cline")).code).toBe(0);
    expect((await h.hookrail("uninstall", "all", "--cli", "cline")).code).toBe(0);
    expect(existsSync(join(hooks, "hookrail"))).toBe(false);
    expect(existsSync(join(hooks, "PreToolUse"))).toBe(false);
    expect(existsSync(join(hooks, "PostToolUse"))).toBe(false);
  });

  it("never replaces the user's own hook of that name: it refuses, and says what to do", async () => {
    const h = home();
    const own = h.write(".cline/hooks/PreToolUse", "#!/bin/bash\necho '{}'\n");
    const r = await h.hookrail("install", "merge-gate", "--cli", "cline");
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`${own} is your own Cline PreToolUse hook`);
    expect(r.stderr).toContain("nothing was changed");
    expect(readFileSync(own, "utf8")).toBe("#!/bin/bash\necho '{}'\n");
    expect(existsSync(join(h.home, ".cline", "hooks", "hookrail"))).toBe(false);
    // Beside a user's hook under another name (Cline runs both), the install goes ahead and leaves it alone.
    const h2 = home();
    const sh = h2.write(".cline/hooks/PreToolUse.sh", "echo '{}'\n");
    expect((await h2.hookrail("install", "merge-gate", "--cli", "cline")).code).toBe(0);
    expect((await h2.hookrail("uninstall", "merge-gate", "--cli", "cline")).code).toBe(0);
    expect(readFileSync(sh, "utf8")).toBe("echo '{}'\n");
  });

  it("installs into the project's .clinerules/hooks, and doctor names a dispatcher that has gone", async () => {
    const h = home();
    expect((await h.hookrail("install", "merge-gate", "--cli", "cline", "--scope", "project")).code).toBe(0);
    const dispatcher = join(h.repo, ".clinerules", "hooks", "PreToolUse");
    expect(existsSync(dispatcher)).toBe(true);
    rmSync(dispatcher);
    const doctor = await h.hookrail("doctor");
    expect(doctor.stdout + doctor.stderr).toContain(
      `${dispatcher} has gone, so Cline never runs merge-gate at PreToolUse`,
    );
    expect((await h.hookrail("uninstall", "merge-gate", "--cli", "cline", "--scope", "project")).code).toBe(0);
    expect(existsSync(join(h.repo, ".clinerules", "hooks", "hookrail"))).toBe(false);
  });

  it("refuses plan-export and worktree-check in one line each", async () => {
    const h = home();
    const plan = await h.hookrail("install", "plan-export", "--cli", "cline");
    expect(plan.code).toBe(1);
    expect(plan.stderr).toContain("Cline's plan mode has no plan tool");
    const start = await h.hookrail("install", "worktree-check", "--cli", "cline");
    expect(start.stderr).toContain("Cline runs no hook before the model's first request");
  });
});
