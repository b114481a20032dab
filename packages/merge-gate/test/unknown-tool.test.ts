// What the gate reads from a tool call no adapter names (MCP tools, a newer CLI's own tools).
import { describe, expect, it } from "vitest";
import { classifyUnknownTool } from "../src/unknown-tool.ts";
import { mcpFacts } from "./mcp/_mcp.ts";

describe("classifyUnknownTool", () => {
  it.each<[string, Record<string, unknown>, string]>([
    ["run_in_terminal", { command: "git status" }, "command"],
    ["mcp__github__merge_pull_request", { pullNumber: 1 }, "lands"],
    ["github-mcp-server-mergePullRequest", {}, "lands"],
    ["mcp__github__push_files", { branch: "release/1.2" }, "lands"],
    ["mcp__github__push_files", { branch: "feature/release" }, "inert"],
    ["mcp__github__update_ref", { ref: "refs/heads/main" }, "lands"],
    ["mcp__github__get_issue", { issue_number: 1 }, "inert"],
    ["github-mcp-server-get_file_contents", { path: "a.md", ref: "main" }, "inert"],
    ["mcp__gitlab__list_pipelines", { ref: "refs/heads/main" }, "inert"],
    ["mcp__github__delete_branch", { branch: "main" }, "lands"],
    ["mcp__github__list_merged_prs", {}, "inert"],
    ["mcp__gitlab__list_merge_requests", {}, "inert"],
    ["mcp__gitlab__get_merge_request", { iid: 1 }, "inert"],
    ["mcp__gitlab__merge_merge_request", { iid: 1 }, "lands"],
    ["mcp__gitlab__accept_merge_request", { iid: 1 }, "lands"],
    ["mcp__github__enable_auto_merge", {}, "lands"],
    // A tool whose name says it reads is a read, "run" in its name or not.
    ["mcp__github__get_workflow_run", { run_id: 1 }, "inert"],
    ["mcp__github__list_workflow_runs", { branch: "main" }, "inert"],
    ["mcp__ci__get_run_logs", { run_id: 1 }, "inert"],
    ["mcp__runner_mcp__list", {}, "inert"],
    ["mcp__ci__run_task", { task: "build" }, "runs"],
    ["mcp__ci__run_workflow", { ref: "main" }, "inert"],
    ["mcp__shell__execCommand", { argv: ["ls"] }, "runs"],
    ["mcp__jupyter__evaluate", { source: "1" }, "runs"],
    ["mcp__ide__typeText", { chars: "gh pr merge 1\n" }, "runs"],
    ["mcp__notes__append", { stdin: "x" }, "runs"],
    ["mcp__notes__append", { command: 3 }, "runs"],
    ["runner-list", {}, "runs"],
    ["write_bash", { shellId: "1", input: "y\n" }, "runs"],
    ["mcp__sequential_thinking__think", { thought: "run gh pr merge" }, "inert"],
    ["report_progress", { message: "merging soon" }, "inert"],
    // A generic MCP tool that wraps the call, its arguments as JSON text.
    ["use_mcp_tool", { server_name: "gh", tool_name: "merge_pull_request", arguments: '{"pullNumber": 3}' }, "lands"],
    ["use_mcp_tool", { server_name: "gh", tool_name: "get_me", arguments: "{}" }, "inert"],
  ])("%s %o → %s", (name, input, kind) => {
    expect(classifyUnknownTool(name, input, mcpFacts()).kind).toBe(kind);
  });

  it("takes the server where the CLI gives it apart (Cursor's beforeMCPExecution)", () => {
    const tool = classifyUnknownTool("merge_pull_request", '{"owner":"o","repo":"r","pullNumber":2}', mcpFacts(), "gh");
    expect(tool.kind === "lands" && tool.call).toMatchObject({ tool: "merge_pull_request", server: "gh" });
  });
});
