// MCP forge tools through the shipped bundles, as Claude Code (and Qwen Code, Kimi: the same payload), Copilot CLI and
// Cline (`<server>__<tool>` in its own payload, refused with `cancel`) hand them over: a merge blocks with the marker's place named, the marker in that argument lets it run, a read and
// a pull request to main run, and a git server's commit is judged by the branch its real checkout is on.
import { join } from "node:path";
import { bundlePath, cliRunsTool, gitRepo, hookPayload, runBundle, tempDir } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";

type Bundle = "claude" | "copilot" | "cline";

async function call(bundle: Bundle, tool: string, input: Record<string, unknown>, cwd: string) {
  if (bundle === "cline") {
    const payload = {
      hookName: "tool_call",
      sessionContext: { rootSessionId: "s" },
      workspaceRoots: [cwd],
      tool_call: { id: "call_1", name: tool, input },
    };
    return runBundle(bundlePath("merge-gate", bundle), JSON.stringify(payload), {
      cwd,
      env: { HOOKRAIL_STATE_DIR: join(tempDir(), "state") },
    });
  }
  const own = bundle === "copilot";
  const base = own
    ? hookPayload("copilot", "copilot-format/preToolUse-bash.json", { cwd, sessionId: "s" })
    : { hook_event_name: "PreToolUse", session_id: "s", transcript_path: "/t.jsonl", cwd };
  const payload = own ? { ...base, toolName: tool, toolArgs: input } : { ...base, tool_name: tool, tool_input: input };
  return runBundle(bundlePath("merge-gate", bundle), JSON.stringify(payload), {
    args: own ? ["preToolUse"] : [],
    cwd,
    env: { HOOKRAIL_STATE_DIR: join(tempDir(), "state") },
  });
}

const PR = { owner: "o", repo: "r", pullNumber: 12 };
const NAMES: Record<Bundle, (tool: string) => string> = {
  claude: (tool) => `mcp__github__${tool}`,
  copilot: (tool) => `github-mcp-server-${tool}`,
  cline: (tool) => `github__${tool}`,
};

describe.each<Bundle>(["claude", "copilot", "cline"])("merge gate bundle for %s on MCP tool calls", (bundle) => {
  const name = NAMES[bundle];

  it.each<[string, Record<string, unknown>, boolean]>([
    ["merge_pull_request", PR, false],
    ["merge_pull_request", { ...PR, commit_message: "MERGE_APPROVED=1 the user approved" }, true],
    ["push_files", { owner: "o", repo: "r", files: [], message: "m" }, false],
    ["push_files", { owner: "o", repo: "r", branch: "feature/x", files: [], message: "m" }, true],
    ["create_pull_request", { owner: "o", repo: "r", title: "t", head: "feature/x", base: "main" }, true],
    ["add_issue_comment", { owner: "o", repo: "r", issue_number: 4, body: "@mergifyio queue" }, false],
    ["get_workflow_run", { owner: "o", repo: "r", run_id: 9 }, true],
    // Azure DevOps: auto-complete merges the pull request once its policies pass; a title edit lands nothing.
    ["repo_update_pull_request", { repositoryId: "r", pullRequestId: 7, autoComplete: true }, false],
    ["repo_update_pull_request", { repositoryId: "r", pullRequestId: 7, title: "Fix the parser" }, true],
    // An HTTP tool's request, a CLI run with its words and a tool given its operation, each read for what it does.
    ["http_request", { method: "PUT", url: "https://api.github.com/repos/o/r/pulls/4/merge" }, false],
    ["http_request", { method: "GET", url: "https://api.github.com/repos/o/r/pulls/4/merge" }, true],
    ["git", { args: ["push", "origin", "HEAD:main"] }, false],
    ["gh", { args: ["pr", "view", "4"] }, true],
    ["pull_request_write", { method: "merge", owner: "o", repo: "r", pullNumber: 4 }, false],
    // A forge file's path is in the forge's repository, not this machine's hook registrations.
    [
      "create_or_update_file",
      { owner: "o", repo: "r", path: ".claude/settings.json", content: "{}", message: "m", branch: "feature/x" },
      true,
    ],
  ])("%s %o runs: %s", async (tool, input, runs) => {
    const answer = await call(bundle, name(tool), input, gitRepo().dir);
    expect(cliRunsTool(bundle, answer), answer.stdout + answer.stderr).toBe(runs);
  });

  it("tells the model where the marker goes", async () => {
    const answer = await call(bundle, name("merge_pull_request"), PR, gitRepo().dir);
    expect(answer.stdout + answer.stderr).toMatch(
      /merges pull request #12[\s\S]*at the start of its `commit_message` argument/,
    );
  });

  it("lets a git server commit on main, as the shell does, and judges its push by the branch checked out", async () => {
    const repo = gitRepo();
    const commit = call(bundle, "mcp__git__git_commit", { repo_path: repo.dir, message: "fix" }, repo.dir);
    expect(cliRunsTool(bundle, await commit)).toBe(true);
    const push = (dir: string) => call(bundle, "mcp__git__git_push", { repo_path: dir }, repo.dir);
    expect(cliRunsTool(bundle, await push(repo.dir))).toBe(false);
    repo.git("checkout", "-q", "-b", "feature/x");
    expect(cliRunsTool(bundle, await push(repo.dir))).toBe(true);
  });
});
