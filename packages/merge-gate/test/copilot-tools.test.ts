// Copilot CLI's hook files have no tool matcher: the merge gate sees every tool call Copilot makes. Its tools that
// cannot run a command or write a protected file run; typed input into a running shell is read as a command; a
// tool nobody knows fails closed where it may run something or land work. Through the shipped bundles, both ways
// Copilot runs them (its own hook file, and hookrail's Claude plugin with Claude-format payloads).
import { join } from "node:path";
import { bundlePath, cliRunsTool, gitRepo, hookPayload, runBundle, tempDir } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";

const PATCH = (file: string) => `*** Begin Patch\n*** Add File: ${file}\n+echo hi\n*** End Patch\n`;

async function run(bundle: "copilot" | "claude", tool: string, args: (dir: string) => Record<string, unknown>) {
  const repo = gitRepo();
  const own = bundle === "copilot";
  const fixture = own ? "copilot-format/preToolUse-bash.json" : "claude-format/PreToolUse-Bash.json";
  const base = hookPayload("copilot", fixture, { cwd: repo.dir, sessionId: "s" });
  const call = own ? { toolName: tool, toolArgs: args(repo.dir) } : { tool_name: tool, tool_input: args(repo.dir) };
  return runBundle(bundlePath("merge-gate", bundle), JSON.stringify({ ...base, ...call }), {
    args: own ? ["preToolUse"] : [],
    cwd: repo.dir,
    env: { HOOKRAIL_STATE_DIR: join(tempDir(), "state") },
  });
}

type Row = [string, (dir: string) => Record<string, unknown>, boolean];

// Copilot 1.0.102's own tools (names and argument shapes from its binary's tool schemas).
const COPILOT_TOOLS: Row[] = [
  ["view", (d) => ({ path: `${d}/README.md` }), true],
  ["view", (d) => ({ path: `${d}/.git/hooks/pre-push`, view_range: [1, 20] }), true],
  ["glob", () => ({ pattern: "**/*.ts" }), true],
  ["grep", () => ({ pattern: "gh pr merge", paths: ["src"], output_mode: "content" }), true],
  ["rg", () => ({ pattern: "TODO" }), true],
  ["report_intent", () => ({ intent: "Merging the pull request" }), true],
  ["task", () => ({ description: "explore", prompt: "run gh pr merge 12", agent_type: "explore" }), true],
  ["web_fetch", () => ({ url: "https://example.com" }), true],
  ["read_bash", () => ({ shellId: "1", delay: 5 }), true],
  ["stop_bash", () => ({ shellId: "1" }), true],
  ["edit", (d) => ({ path: `${d}/README.md`, old_str: "a", new_str: "b" }), true],
  ["edit", (d) => ({ path: `${d}/.git/hooks/pre-push`, old_str: "a", new_str: "b" }), false],
  ["create", (d) => ({ path: `${d}/NEW.md`, file_text: "x" }), true],
  ["str_replace_editor", (d) => ({ command: "view", path: `${d}/README.md` }), true],
  ["str_replace_editor", (d) => ({ command: "create", path: `${d}/.git/hooks/pre-push`, file_text: "x" }), false],
  ["apply_patch", () => ({ input: PATCH("notes.md") }), true],
  ["apply_patch", () => ({ input: PATCH(".git/hooks/pre-push") }), false],
  // Typing into a running shell session: what is typed is a command line.
  ["write_bash", () => ({ shellId: "1", input: "gh pr merge 12\n" }), false],
  ["write_bash", () => ({ shellId: "1", input: "git push origin HEAD:main\n", delay: 2 }), false],
  ["write_bash", () => ({ shellId: "1", input: "bash\n" }), false],
  ["write_bash", () => ({ shellId: "1", input: "y\n" }), true],
  ["write_bash", () => ({ shellId: "1", input: "npm test\n" }), true],
  ["write_powershell", () => ({ shellId: "1", input: "gh pr merge 12\r\n" }), false],
  ["write_bash", () => ({ shellId: "1" }), false],
  // A session started to be typed into later: the typed text may be code no shell analysis reads.
  ["bash", () => ({ command: "bash", description: "d", async: true }), false],
  ["bash", () => ({ command: "irb", description: "d", async: true }), false],
  ["bash", () => ({ command: "npm run dev", description: "d", async: true }), true],
  // MCP tools (Copilot names them <server>-<tool>): nothing the gate knows of, judged from name and input.
  ["github-mcp-server-get_issue", () => ({ owner: "o", repo: "r", issue_number: 12 }), true],
  ["github-mcp-server-create_pull_request", () => ({ owner: "o", repo: "r", head: "feat", base: "main" }), true],
  ["github-mcp-server-merge_pull_request", () => ({ owner: "o", repo: "r", pullNumber: 12 }), false],
  ["github-mcp-server-push_files", () => ({ owner: "o", repo: "r", branch: "main", files: [] }), false],
  ["github-mcp-server-push_files", () => ({ owner: "o", repo: "r", branch: "feature/x", files: [] }), true],
  ["github-mcp-server-create_or_update_file", () => ({ path: "a.md", branch: "refs/heads/master" }), false],
  ["playwright-browser_run_code", () => ({ code: "1+1" }), false],
  ["some-server-tool", () => ({ script: "gh pr merge 12" }), false],
  ["some-server-terminal", () => ({ text: "hello" }), false],
  ["some-server-search", () => ({ command: "gh pr merge 12" }), false],
  ["some-server-search", () => ({ command: "git log" }), true],
];

describe("merge gate in copilot's own hook file: every tool call", () => {
  it.each(COPILOT_TOOLS)("%s %o runs: %s", async (tool, args, runs) => {
    const answer = await run("copilot", tool, args);
    expect(cliRunsTool("copilot", answer), answer.stdout + answer.stderr).toBe(runs);
    if (!runs) expect(answer.stdout + answer.stderr).toMatch(/merge-gate: blocked/);
  });

  it("names the tool and why it is blocked", async () => {
    const answer = await run("copilot", "github-mcp-server-merge_pull_request", () => ({ pullNumber: 1 }));
    expect(answer.stdout).toMatch(/`github-mcp-server-merge_pull_request` merges pull request #1\b.*`commit_message`/);
    const typed = await run("copilot", "some-server-exec", () => ({ text: "x" }));
    expect(typed.stdout).toMatch(/its name says it runs something \(\\"exec\\"\)/);
  });
});

// Copilot runs a Claude-format plugin's hooks on every tool too, with Claude's names for its own tools where it has
// one (view → Read) and its own names otherwise.
describe("merge gate as the claude plugin in copilot: every tool call", () => {
  it.each<Row>([
    ["Read", (d) => ({ path: `${d}/.claude/settings.json` }), true],
    ["Glob", () => ({ pattern: "*" }), true],
    ["Grep", () => ({ pattern: "x" }), true],
    ["glob", () => ({ pattern: "*" }), true],
    ["report_intent", () => ({ intent: "x" }), true],
    ["github-mcp-server-get_file_contents", () => ({ owner: "o", repo: "r", path: "README.md" }), true],
    ["write_bash", () => ({ shellId: "1", input: "gh pr merge 12\n" }), false],
    ["write_bash", () => ({ shellId: "1", input: "y\n" }), false],
    ["github-mcp-server-merge_pull_request", () => ({ pullNumber: 12 }), false],
    ["Bash", () => ({ command: "gh pr merge 12" }), false],
  ])("%s %o runs: %s", async (tool, args, runs) => {
    const answer = await run("claude", tool, args);
    expect(cliRunsTool("copilot", answer), answer.stdout + answer.stderr).toBe(runs);
  });
});
