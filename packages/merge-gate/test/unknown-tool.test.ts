// What the gate reads from a tool call no adapter names (MCP tools, a newer CLI's own tools).
import { describe, expect, it } from "vitest";
import { classifyUnknownTool } from "../src/unknown-tool.ts";

const PROTECTED = ["main", "master", "release/*"];

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
    ["mcp__shell__execCommand", { argv: ["ls"] }, "runs"],
    ["mcp__jupyter__evaluate", { source: "1" }, "runs"],
    ["mcp__ide__typeText", { chars: "gh pr merge 1\n" }, "runs"],
    ["mcp__notes__append", { stdin: "x" }, "runs"],
    ["mcp__notes__append", { command: 3 }, "runs"],
    ["mcp__runner_mcp__list", {}, "runs"],
    ["mcp__sequential_thinking__think", { thought: "run gh pr merge" }, "inert"],
    ["report_progress", { message: "merging soon" }, "inert"],
  ])("%s %o → %s", (name, input, kind) => {
    expect(classifyUnknownTool(name, input, PROTECTED).kind).toBe(kind);
  });
});
