import { Readable } from "node:stream";
import { gitRepo, tempDir } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";
import { main } from "../src/main.ts";

async function call(argv: string[], options: { stdin?: string; cwd?: string } = {}) {
  let stdout = "";
  let stderr = "";
  const home = tempDir();
  const code = await main(argv, {
    stdin: Readable.from([options.stdin ?? ""]),
    stdout: { write: (t: string) => (stdout += t) },
    stderr: { write: (t: string) => (stderr += t) },
    env: { PATH: process.env.PATH, HOME: home, XDG_CONFIG_HOME: `${home}/c`, HOOKRAIL_STATE_DIR: `${home}/s` },
    cwd: options.cwd ?? gitRepo().dir,
  });
  return { code, stdout, stderr };
}

describe("hookrail", () => {
  it("prints usage for no command (exit 2) and --help (exit 0)", async () => {
    expect(await call([])).toMatchObject({ code: 2, stdout: expect.stringContaining("usage:") });
    expect(await call(["--help"])).toMatchObject({ code: 0, stdout: expect.stringContaining("hookrail try") });
  });

  it("prints one command's usage for <command> --help", async () => {
    const result = await call(["new", "--help"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^usage:\n {2}hookrail new <name>/);
    expect(result.stdout).not.toContain("hookrail try");
  });

  it.each([
    [["run", "nope", "--cli", "claude"], /unknown guardrail "nope"; choose one of: .*merge-gate/],
    [["run", "merge-gate", "--cli", "vim"], /unknown CLI "vim"; choose one of: claude, gemini, codex/],
    [["frobnicate"], /unknown command "frobnicate"/],
    [["try", "merge-gate"], /give the shell command to check: hookrail try merge-gate -- 'gh pr merge 12'/],
  ])("%j is a usage error", async (argv, message) => {
    const result = await call(argv);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
  });

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
    ["gh pr merge 12", "BLOCKED"],
    ["MERGE_APPROVED=1 gh pr merge 12", "ALLOWED"],
  ])("try merge-gate -- %s says %s", async (command, verdict) => {
    const result = await call(["try", "merge-gate", "--cli", "codex", "--", command]);
    expect(result.code).toBe(0);
    expect(result.stdout.split("\n")[1]).toBe(verdict);
  });

  it("demo shows every CLI's decision on a throwaway repo", async () => {
    const result = await call(["demo"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("$ gh pr merge 12 --squash\n  claude blocked · gemini blocked · codex blocked");
    expect(result.stdout).toContain(
      "$ MERGE_APPROVED=1 gh pr merge 12 --squash\n  claude allowed · gemini allowed · codex allowed",
    );
    expect(result.stdout).toContain(
      "$ sh -c 'cd infra && terraform apply'\n  claude blocked · gemini blocked · codex blocked · copilot blocked",
    );
    expect(result.stdout).toContain(
      "$ npm run publish\n  claude allowed · gemini allowed · codex allowed · copilot allowed",
    );
  });
});
