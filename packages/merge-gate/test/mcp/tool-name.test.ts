// One forge tool, every CLI's spelling of its name: the tool is found by its own name at the end (Auggie's at the
// start), whatever the server is called, and where two forges share a name, by the call's arguments.
import { describe, expect, it } from "vitest";
import { readToolName } from "../../src/mcp/generic.ts";
import { mcpCall, snakeName } from "../../src/mcp/tool-name.ts";

const GITHUB = { owner: "o", repo: "r", pullNumber: 1 };
const GITLAB = { project_id: "g/p", branch: "main", files: [], commit_message: "m" };

describe("mcpCall", () => {
  it.each<[string, string, Record<string, unknown>, string, string | undefined, string | undefined]>([
    // cli, raw name, input → tool, forge, server
    ["claude", "mcp__github__merge_pull_request", GITHUB, "merge_pull_request", "github", "github"],
    [
      "claude, a plugin's server",
      "mcp__plugin_forge_gh__merge_pull_request",
      GITHUB,
      "merge_pull_request",
      "github",
      "plugin_forge_gh",
    ],
    ["qwen", "mcp__my-gitlab__push_files", GITLAB, "push_files", "gitlab", "my-gitlab"],
    ["kimi", "mcp__forge__merge_pull_request", GITHUB, "merge_pull_request", "github", "forge"],
    [
      "codex",
      "mcp__gh__create_or_update_file",
      { owner: "o", branch: "main" },
      "create_or_update_file",
      "github",
      "gh",
    ],
    ["cline", "github__merge_pull_request", GITHUB, "merge_pull_request", "github", "github"],
    [
      "cline, a server named with dashes",
      "my-gh__create_or_update_file",
      { owner: "o" },
      "create_or_update_file",
      "github",
      "my-gh",
    ],
    ["gemini", "mcp_github_merge_pull_request", GITHUB, "merge_pull_request", "github", undefined],
    ["gemini, a conflicting name", "gh__merge_pull_request", GITHUB, "merge_pull_request", "github", "gh"],
    ["gemini, the bare tool", "merge_pull_request", GITHUB, "merge_pull_request", "github", undefined],
    ["copilot", "github-mcp-server-merge_pull_request", GITHUB, "merge_pull_request", "github", undefined],
    ["copilot, gitlab", "gitlab-push_files", GITLAB, "push_files", "gitlab", undefined],
    ["opencode", "forge_merge_merge_request", { project_id: 1 }, "merge_merge_request", "gitlab", undefined],
    ["kilo", "git_git_push", { path: "." }, "git_push", "git", undefined],
    ["cursor preToolUse", "MCP:merge_pull_request", GITHUB, "merge_pull_request", "github", undefined],
    ["auggie", "merge_pull_request_github", GITHUB, "merge_pull_request", "github", undefined],
    ["auggie, a server named with underscores", "push_files_my_gitlab", GITLAB, "push_files", "gitlab", undefined],
    ["camelCase", "mcp__gh__mergePullRequest", GITHUB, "merge_pull_request", "github", "gh"],
    ["unknown tool", "mcp__jira__create_ticket", {}, "create_ticket", undefined, "jira"],
    ["unknown, copilot", "jira-create_ticket", {}, "jira_create_ticket", undefined, undefined],
  ])("%s: %s", (_cli, raw, input, tool, forge, server) => {
    const call = mcpCall(raw, input);
    expect(call.tool).toBe(tool);
    expect(call.known?.forge).toBe(forge);
    expect(call.server).toBe(server);
  });

  it("reads a JSON text input and a wrapped call", () => {
    expect(mcpCall("merge_pull_request", '{"pullNumber": 4}').input).toEqual({ pullNumber: 4 });
    const wrapped = mcpCall("use_mcp_tool", { server_name: "gl", tool_name: "push_files", arguments: GITLAB });
    expect(wrapped).toMatchObject({ tool: "push_files", server: "gl", known: { forge: "gitlab" }, input: GITLAB });
    expect(mcpCall("x", "not json").input).toEqual({});
  });

  it.each([
    ["mergePullRequest", "merge_pull_request"],
    ["GitlabAcceptMRTool", "gitlab_accept_mr_tool"],
    ["merge-pull-request", "merge_pull_request"],
    ["MERGE_PULL_REQUEST", "merge_pull_request"],
  ])("snakeName(%s) = %s", (name, snake) => {
    expect(snakeName(name)).toBe(snake);
  });
});

describe("readToolName", () => {
  const does = (tool: string) => {
    const reading = readToolName(tool, {});
    return "rule" in reading ? reading.rule.does : "runs";
  };

  it.each([
    // Azure DevOps completes a pull request by merging it; landing and shipping one merge it too.
    ["complete_pull_request", "merge"],
    ["repo_complete_pull_request", "merge"],
    ["complete_merge_request", "merge"],
    ["pull_request_completion", "merge"],
    ["set_pull_request_auto_complete", "merge"],
    ["land_pull_request", "merge"],
    ["ship_pr", "merge"],
    ["accept_merge_request", "merge"],
    // Completing a review, a thread or a task merges nothing; nor does code completion.
    ["complete_pull_request_review", "write"],
    ["complete_pr_thread", "write"],
    ["complete_task", "write"],
    ["autocomplete", "write"],
    ["get_pull_request_completion_options", "read"],
    // Cancelling an auto-complete lands nothing.
    ["cancel_pull_request_auto_complete", "write"],
    ["disable_pr_autocomplete", "write"],
    ["repo_update_pull_request", "propose"],
    ["repo_create_pull_request", "propose"],
  ])("%s: %s", (tool, expected) => {
    expect(does(tool)).toBe(expected);
  });
});
