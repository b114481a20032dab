// A tool no table knows, read from the words of its name and the shape of its arguments: other forges' servers
// and other versions of the known ones. A name whose first verb reads is a read (`get_workflow_run`); else a word
// that runs something makes it run (`run_workflow`, `write_bash`); a write is placed in the family its words name.
import { snakeName } from "./tool-name.ts";
import type { Does, ToolRule } from "./types.ts";

// Words of a tool's name that mean it runs something: a shell, code, a process, keystrokes.
const RUNS =
  /^(?:bash|sh|zsh|fish|shell|terminal|tty|pty|exec|execute|run|runner|command|cmd|script|eval|evaluate|spawn|stdin|powershell|pwsh|repl|subprocess|interpreter|keys|keystrokes|sudo)$/;
// Words that mean it only reads.
const READS =
  /^(?:get|list|search|read|view|show|fetch|find|compare|describe|download|lookup|query|count|inspect|diff|blame|status|log|logs|preview|explain|summarize|whoami)$/;
// Words that mean it writes.
const WRITES =
  /^(?:create|update|delete|remove|set|put|post|add|edit|write|patch|upload|push|commit|merge|accept|approve|enable|disable|protect|unprotect|rename|move|close|reopen|dismiss|submit|publish|trigger|cancel|retry|rerun|fork|open|replace|save|modify|change|apply|reset|restore|revert|rebase|land|ship|squash|mark|resolve|reply|comment|note|assign|request|star|unstar|sync)$/;

/** Arguments that name the forge repository a call acts on. */
export const FORGE_SHAPE = ["owner", "repo", "project_id", "projectId", "project", "repository_id", "full_name"];
/** Arguments that name a pull or merge request (or the issue a comment goes on). */
export const PR_FIELDS = [
  "pullNumber",
  "pull_number",
  "pr_number",
  "prNumber",
  "pull_request_number",
  "pullRequestNumber",
  "pullRequestId",
  "pull_request_id",
  "pullRequestIid",
  "prId",
  "pr_id",
  "merge_request_iid",
  "mergeRequestIid",
  "mergeRequestId",
  "merge_request_id",
  "mr_iid",
  "mrIid",
  "mr_id",
  "iid",
  "pr",
  "number",
  "issue_number",
  "issueNumber",
  "noteable_iid",
];
const BRANCH = ["branch", "branch_name", "branchName", "target_branch", "targetBranch"];
const DEFAULT_BRANCH = ["default_branch", "defaultBranch"];
const PATH = ["repo_path", "path", "repoPath", "repository", "cwd", "directory", "dir"];
const MARKER = [
  ...["commit_message", "commitMessage", "message", "commit_title", "commitTitle", "title"],
  ...["merge_commit_title", "merge_commit_message", "merge_commit_body"],
];

export type NameReading = { runs: string } | { rule: ToolRule };

// The arguments a tool that does several things takes what it does in (`pull_request_write` with `method: "merge"`).
const OPERATION_FIELDS = ["method", "action", "operation", "op"];

/** The name a call is read by: a tool that takes its operation as an argument is named by it first. */
export function operationName(tool: string, input: Record<string, unknown>): string {
  for (const field of OPERATION_FIELDS) {
    const value = input[field];
    // An HTTP method is a request's, not an operation (tool-requests.ts reads the request).
    if (typeof value !== "string" || /^(?:GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS)$/i.test(value.trim())) continue;
    if (/^[A-Za-z][\w .-]{0,60}$/.test(value.trim())) return `${snakeName(value)}_${tool}`;
  }
  return tool;
}

/** What a tool of this name does; `input` tells a forge call from a local one. */
export function readToolName(tool: string, input: Record<string, unknown>): NameReading {
  const words = tool.split("_").filter(Boolean);
  const first = words.find((w) => RUNS.test(w) || READS.test(w) || WRITES.test(w)) ?? "";
  // `fetch_and_merge`: a read joined to what follows it is judged by what follows.
  if (READS.test(first) && !words.includes("and")) return rule("read");
  const runs = words.find((w) => RUNS.test(w));
  // A `run_<thing>` given no argument at all runs the one thing it was made for (browser-tools'
  // `runAccessibilityAudit`): nothing the agent wrote can be in it, so it is read by the rest of its name. A shell,
  // an interpreter or a terminal given nothing is still one.
  const fixed = runs === "run" && Object.keys(input).length === 0;
  if (runs && !fixed) return { runs: `its name says it runs something ("${runs}")` };
  const has = (...w: string[]) => w.some((x) => words.includes(x));
  const request =
    has("pr", "mr", "pull", "pulls") || words.some((w, i) => w === "merge" && /^requests?$/.test(words[i + 1] ?? ""));
  const forge = FORGE_SHAPE.some((f) => f in input);
  // Azure DevOps completes a pull request by merging it; landing or shipping one merges it too. Completing a
  // review, a thread or a task on one does not, nor does cancelling an auto-complete.
  const completes =
    has("complete", "completion", "autocomplete", "land", "ship") &&
    !has("review", "reviews", "thread", "threads", "comment", "comments", "note", "notes", "task", "tasks") &&
    !has("cancel", "disable", "remove", "clear", "unset", "abort", "abandon");
  // A merge queue merges the request it is given (`queue_pr`, `enqueue_pull_request`); taking one off does not.
  const enqueues =
    has("queue", "enqueue") && request && !has("dequeue", "unqueue", "remove", "cancel", "delete", "clear", "abort");
  if (mergesByName(words) || (has("accept") && request) || (completes && request) || enqueues)
    return rule("merge", { pr: PR_FIELDS, marker: MARKER });
  // A submit takes no text: the marker goes nowhere, and the deny says so.
  if (submitsChange(words, input)) return rule("merge", { pr: [...CHANGE_FIELDS, ...PR_FIELDS], marker: [] });
  if (has("approve", "approval", "dismiss") && (request || has("review", "reviews")))
    return rule("approve", { pr: PR_FIELDS });
  if (has("status", "statuses", "check", "checks") && has("create", "set", "update", "add", "post"))
    return rule("checks");
  // An update of a repository or project that moves its default branch (`update_repository` with `default_branch`).
  const movesDefault =
    DEFAULT_BRANCH.some((f) => typeof input[f] === "string" && input[f] !== "") &&
    has("update", "edit", "set", "patch", "write", "change", "modify", "put") &&
    !has("create", "new", "fork");
  if (
    has("protect", "unprotect", "protection", "protections", "ruleset", "rulesets") ||
    (has("default") && has("branch")) ||
    movesDefault
  )
    return rule("protection");
  if (request && has("create", "open", "update", "edit", "close", "reopen", "draft"))
    return rule("propose", { pr: PR_FIELDS });
  if (has("branch", "branches") && !request) {
    const names = ["branch", "branch_name", "branchName", "name", "new_branch", "newBranch"];
    if (has("create", "new", "add")) return rule("branch-create", { branch: names });
    if (has("delete", "remove")) return rule("branch-delete", { branch: names });
  }
  if (has("push", "commit")) {
    if (forge) return rule("commit", { branch: BRANCH, marker: MARKER, missing: "default" });
    return rule(has("push") ? "git-push" : "git-commit", { path: PATH, branch: BRANCH, marker: MARKER });
  }
  if (forge && has("file", "files", "contents", "content") && words.some((w) => WRITES.test(w)))
    return rule("commit", { branch: BRANCH, marker: MARKER, missing: "default" });
  // Any other write: it lands on a protected branch it names (a ref only where the name speaks of refs).
  const named = has("ref", "refs") ? [...BRANCH, "ref"] : BRANCH;
  return rule("write", { branch: named, missing: "nothing", pr: PR_FIELDS });
}

/** Arguments that name a Gerrit change (`1234`, a Change-Id, or `project~branch~Change-Id`). */
export const CHANGE_FIELDS = ["change_id", "changeId", "change", "change_number", "changeNumber", "change_num", "cl"];

/**
 * Gerrit submits a change into its branch (`submit_change`, `submit` given a change): a submit of a review, a
 * comment or a form does not land anything.
 */
function submitsChange(words: readonly string[], input: Record<string, unknown>): boolean {
  if (!words.includes("submit")) return false;
  const other =
    /^(?:reviews?|comments?|drafts?|forms?|jobs?|feedback|issues?|bugs?|reports?|tickets?|answers?|votes?)$/;
  if (words.some((w) => other.test(w))) return false;
  return words.some((w) => /^(?:changes?|cls?|patch|patchsets?)$/.test(w)) || CHANGE_FIELDS.some((f) => f in input);
}

const rule = (does: Does, more: Omit<ToolRule, "does"> = {}): NameReading => ({ rule: { does, ...more } });

// `merge` as a verb: not GitLab's noun "merge request" (list_merge_requests), but accept_merge_request and
// merge_merge_request merge; `auto_merge` too.
function mergesByName(words: readonly string[]): boolean {
  const noun = (i: number) => /^requests?$/.test(words[i + 1] ?? "");
  return words.some(
    (w, i) =>
      (w === "merge" || w === "automerge") && (!noun(i) || words[i - 1] === "accept" || words[i - 1] === "merge"),
  );
}
