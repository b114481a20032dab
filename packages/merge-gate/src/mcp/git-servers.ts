// Git MCP servers: git run on a local checkout. A push lands work on the branch it pushes; a commit, merge or
// cherry-pick stays in the checkout until it is pushed (as in the shell, where `git commit` on main runs and its
// push is judged). Their other tools only read, or change the checkout (checkout, branch, add, reset, stash…).
// Sources: modelcontextprotocol/servers:src/git/tests/snapshots/list_tools.json (mcp-server-git: git_commit
// {repo_path, message}, the rest reads or changes the checkout); cyanheads/git-mcp-server:
// src/mcp-server/tools/definitions/git-{push,merge,commit,cherry-pick}.tool.ts (at 0049b5fbce2d: `path` defaults
// to the session's folder, git_push {branch, remoteBranch, delete}).
import type { ToolRule, ToolTable } from "./types.ts";

const PATH = ["repo_path", "path", "repoPath", "repository", "cwd", "directory"];
const COMMIT: ToolRule = { does: "git-commit", path: PATH, marker: ["message", "commit_message"] };
const LOCAL: ToolRule = { does: "write" };

export const GIT_TOOLS: ToolTable = {
  git_push: { does: "git-push", path: PATH, branch: ["remoteBranch", "remote_branch", "branch", "branch_name"] },
  git_commit: COMMIT,
  git_merge: COMMIT,
  git_cherry_pick: COMMIT,
  git_checkout: LOCAL,
  git_create_branch: LOCAL,
  git_branch: LOCAL,
  git_add: LOCAL,
  git_reset: LOCAL,
  git_stash: LOCAL,
  git_tag: LOCAL,
  git_pull: LOCAL,
  git_fetch: LOCAL,
  git_rebase: LOCAL,
  git_worktree: LOCAL,
  git_clean: LOCAL,
  git_clone: LOCAL,
  git_init: LOCAL,
  git_remote: LOCAL,
  git_set_working_dir: LOCAL,
  git_clear_working_dir: LOCAL,
  git_wrapup_instructions: LOCAL,
  git_changelog_analyze: LOCAL,
};
