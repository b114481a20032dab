// GitHub's MCP server: its tools that write, by name (every other tool of it reads: get_*, list_*, search_*,
// *_read, actions_get…, which the generic reading of names tells).
// Source: github/github-mcp-server:pkg/github/__toolsnaps__/*.snap (the tools' schemas and readOnlyHint, at
// 64a49f34d076), its deprecated_tool_aliases.go; the older names and `pull_number` of the reference server
// modelcontextprotocol/servers-archived:src/github/index.ts.
import type { ToolRule, ToolTable } from "./types.ts";

const PR = ["pullNumber", "pull_number"];
const ISSUE = ["issue_number", "pullNumber", "pull_number"];
const FILE_WRITE: ToolRule = { does: "commit", branch: ["branch"], marker: ["message"] };
const REVIEW: ToolRule = { does: "write", pr: PR, switch: { field: "event", cases: { approve: "approve" } } };
const WRITE: ToolRule = { does: "write" };
const PROPOSE: ToolRule = { does: "propose", pr: PR };

export const GITHUB_TOOLS: ToolTable = {
  merge_pull_request: { does: "merge", pr: PR, marker: ["commit_message", "commit_title"] },
  create_or_update_file: FILE_WRITE,
  push_files: FILE_WRITE,
  delete_file: FILE_WRITE,
  create_branch: { does: "branch-create", branch: ["branch", "branch_name", "branchName"] },
  create_pull_request: PROPOSE,
  update_pull_request: PROPOSE,
  update_pull_request_body: PROPOSE,
  update_pull_request_title: PROPOSE,
  update_pull_request_state: PROPOSE,
  update_pull_request_draft_state: PROPOSE,
  // Brings the base branch into the pull request's head branch: lands nothing on the base.
  update_pull_request_branch: PROPOSE,
  create_pull_request_review: REVIEW,
  pull_request_review_write: REVIEW,
  submit_pending_pull_request_review: REVIEW,
  add_issue_comment: { does: "write", pr: ISSUE },
  add_comment_to_pending_review: { does: "write", pr: PR },
  add_pull_request_review_comment: { does: "write", pr: PR },
  add_reply_to_pull_request_comment: { does: "write", pr: PR },
  // Workflow runs: started, re-run or cancelled on GitHub; nothing lands on a branch.
  actions_run_trigger: WRITE,
  run_workflow: WRITE,
  rerun_workflow_run: WRITE,
  rerun_failed_jobs: WRITE,
  cancel_workflow_run: WRITE,
  delete_workflow_run_logs: WRITE,
  assign_copilot_to_issue: WRITE,
  assign_copilot_to_issue_with_intent: WRITE,
  request_copilot_review: WRITE,
  request_pull_request_reviewers: WRITE,
  delete_pending_pull_request_review: WRITE,
  resolve_review_thread: WRITE,
  unresolve_review_thread: WRITE,
  create_issue: WRITE,
  update_issue: WRITE,
  issue_write: WRITE,
  discussion_comment_write: WRITE,
  create_repository: WRITE,
  fork_repository: WRITE,
};
