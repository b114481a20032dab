import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gitRepo } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";
import { call } from "./_call.ts";

describe("hookrail", () => {
  it("run answers exactly as the installed hook would", async () => {
    const cwd = gitRepo().dir;
    const stdin = JSON.stringify({
      hook_event_name: "BeforeTool",
      session_id: "s",
      cwd,
      tool_name: "run_shell_command",
      tool_input: { command: "gh pr merge 1" },
    });
    const result = await call(["run", "merge-gate", "--cli", "gemini"], { stdin, cwd });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({
      decision: "deny",
      reason: expect.stringContaining("MERGE_APPROVED=1"),
    });
  });

  it("run blocks unreadable input like the hook", async () => {
    const result = await call(["run", "merge-gate", "--cli", "codex"], { stdin: "{" });
    expect(result).toMatchObject({ code: 2, stdout: "" });
    expect(result.stderr).toMatch(/merge-gate: blocked/);
  });

  it.each([
    ["gh pr merge 12", "BLOCKED", 3],
    ["MERGE_APPROVED=1 gh pr merge 12", "ALLOWED", 0],
  ])("try merge-gate -- %s says %s, exit %i", async (command, verdict, code) => {
    const result = await call(["try", "merge-gate", "--cli", "codex", "--", command]);
    expect(result.code).toBe(code);
    expect(result.stdout.split("\n")[1]).toBe(verdict);
  });

  it("try answers scripts: 0 allowed, 3 blocked, 4 asks the user, 5 a note or a message", async () => {
    const repo = gitRepo();
    const config = `${repo.dir}/user-config.json`;
    repo.write("user-config.json", JSON.stringify({ "merge-gate": { approval: "ask" } }));
    const env = { HOOKRAIL_CONFIG: config };
    const codes = async (argv: string[]) => (await call(argv, { cwd: repo.dir, env })).code;
    expect(await codes(["try", "merge-gate", "--", "git status"])).toBe(0);
    expect(await codes(["try", "merge-gate", "--cli", "codex", "--", "gh pr merge 1"])).toBe(3);
    expect(await codes(["try", "merge-gate", "--cli", "claude", "--", "gh pr merge 1"])).toBe(4);
    expect(await codes(["try", "worktree-check"])).toBe(5);
    expect(await codes(["explain", "merge-gate", "--cli", "gemini", "--", "git push origin HEAD:main"])).toBe(3);
  });

  it.each([
    [
      "branch-drift",
      ["--", "git status"],
      /^ {2}branch-drift speaks only when the checkout's branch or HEAD moved .* hookrail demo shows its note/m,
    ],
    [
      "plan-export",
      [],
      /^ {2}plan-export speaks only when a plan is approved or rejected .* hookrail demo shows a plan/m,
    ],
  ])("try %s, allowed in silence, says when it speaks and where to see it", async (guardrail, rest, hint) => {
    const result = await call(["try", guardrail, ...rest]);
    expect(result.code).toBe(0);
    expect(result.stdout.split("\n")[1]).toBe("ALLOWED");
    expect(result.stdout).toMatch(hint);
  });

  it("try --json answers like explain --json", async () => {
    const result = await call(["try", "merge-gate", "--cli", "codex", "--json", "--", "gh pr merge 12"]);
    expect(result.code).toBe(3);
    expect(JSON.parse(result.stdout)).toEqual({
      guardrail: "merge-gate",
      cli: "codex",
      cwd: expect.any(String),
      input: "gh pr merge 12",
      verdict: "blocked",
      exitCode: 3,
      reason: expect.stringMatching(/^merge-gate: blocked\. `gh pr merge 12` merges a pull request/),
      configProblems: [],
    });
    const quiet = JSON.parse((await call(["try", "plan-export", "--json"])).stdout);
    expect(quiet).toMatchObject({
      verdict: "allowed",
      exitCode: 0,
      hint: expect.stringMatching(/^plan-export speaks/),
    });
  });

  it("try shows what a project's config set that the guardrail refused, as doctor does", async () => {
    const repo = gitRepo();
    const file = join(repo.dir, ".hookrail", "config.json");
    mkdirSync(join(repo.dir, ".hookrail"));
    writeFileSync(file, JSON.stringify({ "merge-gate": { approval: "bogus" } }));
    const result = await call(["try", "merge-gate", "--", "gh pr merge 1"], { cwd: repo.dir });
    expect(result.code).toBe(3);
    expect(result.stdout).toContain(
      `\n  config: ${file}: "merge-gate.approval": "bogus" ignored: a project can only set "user"`,
    );
    expect(result.stdout).not.toContain("hookrail: ");
  });

  it("colours the verdict on a terminal, and not with NO_COLOR or into a pipe", async () => {
    const argv = ["try", "merge-gate", "--", "gh pr merge 12"];
    const tty = { columns: 100, rows: 40 };
    expect((await call(argv, { tty })).stdout).toContain("\u001b[1m\u001b[31mBLOCKED\u001b[39m\u001b[22m");
    expect((await call(argv, { tty, env: { NO_COLOR: "1" } })).stdout).not.toContain("\u001b[");
    expect((await call(argv)).stdout).not.toContain("\u001b[");
    expect((await call(argv, { env: { FORCE_COLOR: "1" } })).stdout).toContain("\u001b[31m");
  });
});
