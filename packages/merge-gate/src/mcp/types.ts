// The shape of the merge gate's knowledge of forge MCP tools: what a tool does, and which of its arguments name
// the branch, the pull or merge request, and the text the approval marker may go in.

/** What a forge tool call does, as far as the merge gate cares. */
export type Does =
  /** Reads only. */
  | "read"
  /** Merges a pull or merge request, or enables its auto-merge. */
  | "merge"
  /** Commits to `branch` on the forge; no branch given means the default branch. */
  | "commit"
  /** Creates or deletes the branch it names on the forge. */
  | "branch-create"
  | "branch-delete"
  /** Changes branch protection, rulesets or the default branch: the server-side lock. */
  | "protection"
  /** Opens or edits a pull or merge request: where work is proposed, not landed (its text is still read). */
  | "propose"
  /** Records a review approval (approval mode review: the owner's record, never the agent's). */
  | "approve"
  /** Sets a commit's status or check (approval mode review: the record a merge is judged by). */
  | "checks"
  /** Any other forge write (issues, comments, labels…): lands nothing, but a comment may command a merge bot. */
  | "write"
  /** A git server's push from a local checkout (`branch`, else the branch checked out at `path`). */
  | "git-push"
  /** A git server's commit, merge or cherry-pick onto the branch checked out at `path`. */
  | "git-commit";

/** One tool of a forge MCP server. Argument lists are tried in order; the first present wins. */
export interface ToolRule {
  does: Does;
  /** The arguments naming the branch it writes, creates, deletes or pushes. */
  branch?: readonly string[];
  /** The arguments naming the pull or merge request (or the issue a comment goes on). */
  pr?: readonly string[];
  /** The text arguments the approval marker goes in, best first (a commit message or title). */
  marker?: readonly string[];
  /** Without a branch argument: the default branch (a forge write), or nothing known (a guess from a name). */
  missing?: "default" | "nothing";
  /** The argument naming the local checkout (git servers). */
  path?: readonly string[];
  /** What it does instead when an argument has one of these values (lower-cased; "*": any value). */
  switch?: { field: string; cases: Readonly<Record<string, Does>> };
}

export type ToolTable = Readonly<Record<string, ToolRule>>;
