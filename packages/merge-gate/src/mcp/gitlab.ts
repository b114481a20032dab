// GitLab's MCP servers: the community server most use and GitLab's own built-in one; their tools that write, by
// name (the rest read: get_*, list_*, search_*, gitlab_search…).
// Sources: zereight/gitlab-mcp:docs/tools/*.md (every tool's parameters and read/write mark, at 32c5df77f0ad);
// gitlabhq/gitlabhq:doc/user/gitlab_duo/model_context_protocol/mcp_server.md (GitLab's own server: create_issue,
// create_merge_request, create_workitem_note, the rest reads); accept_merge_request is the merge tool's name in
// other GitLab servers (GitLab's REST name for the merge, PUT …/merge_requests/:iid/merge).
import type { ToolRule, ToolTable } from "./types.ts";

const MR = ["merge_request_iid", "mergeRequestIid", "iid", "mr_iid"];
const MERGE: ToolRule = {
  does: "merge",
  pr: MR,
  marker: ["merge_commit_message", "squash_commit_message"],
};
const FILE_WRITE: ToolRule = { does: "commit", branch: ["branch"], marker: ["commit_message"] };
const NOTE: ToolRule = { does: "write", pr: [...MR, "noteable_iid", "issue_iid"] };
const PROPOSE: ToolRule = { does: "propose", pr: MR };
const WRITE: ToolRule = { does: "write" };

export const GITLAB_TOOLS: ToolTable = {
  merge_merge_request: MERGE,
  accept_merge_request: MERGE,
  push_files: FILE_WRITE,
  create_or_update_file: FILE_WRITE,
  delete_file: FILE_WRITE,
  create_branch: { does: "branch-create", branch: ["branch", "branch_name", "branchName"] },
  delete_branch: { does: "branch-delete", branch: ["branch_name", "branch"] },
  protect_branch: { does: "protection" },
  unprotect_branch: { does: "protection" },
  update_default_branch: { does: "protection" },
  // Project settings: only the default branch is the gate's business.
  update_project: { does: "write", switch: { field: "default_branch", cases: { "*": "protection" } } },
  approve_merge_request: { does: "approve", pr: MR },
  unapprove_merge_request: { does: "write", pr: MR },
  create_commit_status: { does: "checks" },
  create_merge_request: PROPOSE,
  update_merge_request: PROPOSE,
  create_note: NOTE,
  create_merge_request_note: NOTE,
  update_merge_request_note: NOTE,
  create_merge_request_thread: NOTE,
  create_merge_request_discussion_note: NOTE,
  update_merge_request_discussion_note: NOTE,
  create_draft_note: NOTE,
  update_draft_note: NOTE,
  publish_draft_note: NOTE,
  bulk_publish_draft_notes: NOTE,
  create_issue_note: NOTE,
  update_issue_note: NOTE,
  create_workitem_note: NOTE,
  create_work_item_note: NOTE,
  // Pipelines and jobs: run on GitLab's runners against a ref; nothing lands on a branch.
  create_pipeline: WRITE,
  retry_pipeline: WRITE,
  cancel_pipeline: WRITE,
  play_pipeline_job: WRITE,
  retry_pipeline_job: WRITE,
  cancel_pipeline_job: WRITE,
  create_tag: WRITE,
  delete_tag: WRITE,
  create_release: WRITE,
  create_issue: WRITE,
  update_issue: WRITE,
  create_repository: WRITE,
  fork_repository: WRITE,
};
