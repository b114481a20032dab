// The shipped bundles keep the gate on: file tools and shell commands that would change hook registrations or
// hookrail's config are blocked, in a throwaway HOME, with payloads shaped like each CLI's real ones.
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { bundlePath, cliRunsTool, gitRepo, repoRoot, runBundle, tempDir } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";

type Cli = "claude" | "gemini" | "codex";
const CLIS: Cli[] = ["claude", "gemini", "codex"];

const fixture = (path: string) =>
  JSON.parse(readFileSync(join(repoRoot, "packages", path), "utf8")) as Record<string, unknown>;

// What the writes say: it turns hooks off (a settings edit that leaves the hook keys alone is allowed: settings-edits.test.ts).
const HOOKS_OFF = '{"disableAllHooks": true, "hooksConfig": {"enabled": false}}\n';

/** A file write as the CLI sends it: Claude's Write, Gemini's write_file, Codex's apply_patch. */
function writePayload(cli: Cli, file: string, cwd: string): Record<string, unknown> {
  if (cli === "claude") {
    const p = fixture("claude/test/fixtures/PreToolUse.Write.json");
    return { ...p, cwd, tool_input: { file_path: file, content: HOOKS_OFF } };
  }
  if (cli === "gemini") {
    const p = fixture("gemini/test/fixtures/plan/BeforeTool.write_file.plan-file.json");
    return { ...p, cwd, tool_input: { file_path: file, content: HOOKS_OFF } };
  }
  const p = fixture("codex/test/fixtures/PreToolUse.apply_patch.json");
  const patch = `*** Begin Patch\n*** Add File: ${file}\n+${HOOKS_OFF.trim()}\n*** End Patch\n`;
  return { ...p, cwd, tool_input: { command: patch } };
}

const shellPayload = (cli: Cli, command: string, cwd: string) => ({
  session_id: "s1",
  cwd,
  hook_event_name: cli === "gemini" ? "BeforeTool" : "PreToolUse",
  tool_name: cli === "gemini" ? "run_shell_command" : "Bash",
  tool_input: { command },
});

function world() {
  const home = tempDir();
  const repo = gitRepo();
  const env = { HOME: home, PATH: process.env.PATH ?? "" };
  return { home, repo: repo.dir, env };
}

describe.each(CLIS)("merge-gate bundle for %s: the gate cannot be switched off by the agent", (cli) => {
  const file = bundlePath("merge-gate", cli);
  const run = (payload: unknown, env: Record<string, string>) => runBundle(file, JSON.stringify(payload), { env });

  it("blocks a file write to ~/.codex/hooks.json and tells the agent the user must make it", async () => {
    const { home, repo, env } = world();
    const result = await run(writePayload(cli, join(home, ".codex", "hooks.json"), repo), env);
    expect(cliRunsTool(cli, result)).toBe(false);
    expect(result.stdout + result.stderr).toMatch(/Codex's hook registrations/);
    expect(result.stdout + result.stderr).toMatch(/Ask the user to make this change themselves/);
  });

  it.each([
    ["the project's .hookrail/config.json", ".hookrail/config.json", true],
    ["an ordinary file", "src/index.ts", true],
    ["the project's .claude/settings.json", ".claude/settings.json", false],
    ["the project's copy of the merge gate", ".hookrail/hooks/merge-gate/merge-gate.cjs", false],
    ["a copy of the merge gate on the way up from a CLI's folder", ".gemini/.hookrail/hooks/merge-gate/m.cjs", false],
  ])("a file write to %s → runs: %s", async (_label, relative, runs) => {
    const { repo, env } = world();
    const result = await run(writePayload(cli, join(repo, relative), repo), env);
    expect(cliRunsTool(cli, result)).toBe(runs);
    if (runs) expect(result.stdout).toBe("");
  });

  it("reads the path fields of a tool it does not know", async () => {
    const { home, repo, env } = world();
    const payload = (file: string) => ({
      ...shellPayload(cli, "ls", repo),
      tool_name: "MysteryTool",
      tool_input: { command: "ls", file_path: file },
    });
    expect(cliRunsTool(cli, await run(payload(join(home, ".claude", "settings.json")), env))).toBe(false);
    expect(cliRunsTool(cli, await run(payload(join(repo, "notes.md")), env))).toBe(true);
  });

  it("follows a symlink to the protected file", async () => {
    const { home, repo, env } = world();
    mkdirSync(join(home, ".gemini"), { recursive: true });
    symlinkSync(join(home, ".gemini"), join(repo, "gemini-config"));
    const result = await run(writePayload(cli, join(repo, "gemini-config", "settings.json"), repo), env);
    expect(cliRunsTool(cli, result)).toBe(false);
  });

  it.each([
    "echo 'module.exports = () => {}' > .hookrail/hooks/merge-gate/merge-gate.cjs",
    "cp /tmp/noop.cjs ./.hookrail/hooks/merge-gate/merge-gate.cjs",
    'd=.hookrail/hooks; rm -rf "$d"',
  ])("blocks a command that replaces the project's copy of the merge gate: %s", async (command) => {
    const { repo, env } = world();
    const blocked = await run(shellPayload(cli, command, repo), env);
    expect(cliRunsTool(cli, blocked)).toBe(false);
  });

  it("blocks `echo … > ~/.config/hookrail/config.json` unless approved with the marker", async () => {
    const { repo, env } = world();
    const command = `echo '{"merge-gate":{"enabled":false}}' > ~/.config/hookrail/config.json`;
    const blocked = await run(shellPayload(cli, command, repo), env);
    expect(cliRunsTool(cli, blocked)).toBe(false);
    expect(blocked.stdout + blocked.stderr).toMatch(/hookrail's user config/);
    const approved = await run(shellPayload(cli, `MERGE_APPROVED=1 ${command}`, repo), env);
    expect(cliRunsTool(cli, approved)).toBe(true);
  });

  it("ignores a project config that turns the gate off, and says so", async () => {
    const { repo, env } = world();
    mkdirSync(join(repo, ".hookrail"));
    writeFileSync(join(repo, ".hookrail", "config.json"), '{"merge-gate":{"enabled":false},"protectedBranches":[]}');
    const merge = await run(shellPayload(cli, "gh pr merge 12", repo), env);
    expect(cliRunsTool(cli, merge)).toBe(false);
    const push = await run(shellPayload(cli, "git push origin HEAD:master", repo), env);
    expect(cliRunsTool(cli, push)).toBe(false);
    const other = await run(shellPayload(cli, "ls", repo), env);
    expect(cliRunsTool(cli, other)).toBe(true);
    expect(other.stdout).toMatch(/only the user config can turn the merge gate off/);
  });

  it("the user config can turn it off", async () => {
    const { home, repo, env } = world();
    mkdirSync(join(home, ".config", "hookrail"), { recursive: true });
    writeFileSync(join(home, ".config", "hookrail", "config.json"), '{"merge-gate":{"enabled":false}}');
    const merge = await run(shellPayload(cli, "gh pr merge 12", repo), env);
    expect(cliRunsTool(cli, merge)).toBe(true);
  });
});
