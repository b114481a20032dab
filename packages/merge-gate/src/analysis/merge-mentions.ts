// What text the merge gate cares about: any mention of merging or pushing, and in code, a merge call, a push or a
// forge write.
import { isProtected } from "./protected-branch.ts";

export { MERGE_OR_PUSH } from "./merge-or-push.ts";

// A pull request or branch merge as code spells it: `gh pr merge` and `glab mr merge` (also as an argv list),
// the REST paths (GitLab's merge request merge too), the GraphQL mutations (GitLab's mergeRequestAccept too),
// Octokit/PyGithub/python-gitlab calls. Not any "merge": pandas' and lodash's merge are everyday code.
// Quantifiers are bounded so that matching stays linear on any input.
// A data key that only reads a merge's state (`pr['merged_at']`, `pr.mergeable`, `mergeCommit`) is not a call:
// `merge` must end the word.
const MERGE_CALL =
  /\b[pm]r\b[\s'",[\]]{0,10}(?:merge|accept)\b|(?:pulls?|pull-?requests|merge_requests)\/.{0,40}\/merge\b|\b(?:[pm]r|\w{0,20}pull\w{0,20}|\w{0,20}merge_?request\w{0,20})(?:\([^()]{0,40}\))?\.merge\b|merge_?pull_?request|merge_?branch|enable_?pull_?request_?auto_?merge|enqueue_?pull_?request|merge_?request_?accept|\/merges\b/i;

// The other landing tools as code spells them (landing-tools.ts), also as an argv list: Graphite's and spr's merge and
// land, ghstack's land, git-town's ship, `az repos pr update` to completed or auto-complete, `sl push --to`; and an
// Azure DevOps pull request update that completes it (`"status": "completed"` set, not asked for in a query, or
// `autoCompleteSetBy`).
const LANDING_CALL =
  /\b(?:gt|spr)\b[\s'",[\]]{0,10}(?:merge|land)\b|\bghstack\b[\s'",[\]]{0,10}land\b|\btown\b[\s'",[\]]{0,10}ship\b|\bpr\b[\s'",[\]]{0,10}update\b.{0,200}?(?:completed|auto-complete)|\bsl\b[\s'",[\]]{0,10}push\b.{0,100}?--to\b|pullrequests\b.{0,200}?(?<![.\w])status["']?\s{0,5}[:=]\s{0,5}["']?completed|\bautoCompleteSetBy\b/i;

/** Mentions a pull request or branch merge call (a command, an API path, a client method). */
export function mentionsMergeCall(code: string): boolean {
  return MERGE_CALL.test(code) || LANDING_CALL.test(code);
}

/** Mentions a pull request or branch merge, or `git` … `push`; linear time. */
export function mentionsMergeCode(code: string): boolean {
  if (mentionsMergeCall(code)) return true;
  const git = code.search(/\bgit\b/i);
  return git >= 0 && /\bpush\b/i.test(code.slice(git));
}

// Client calls and REST paths that commit to a branch, delete one or lift its protection without a merge, each
// read where its library shows: Octokit (`repos.createOrUpdateFileContents`, `git.updateRef`,
// `repos.deleteBranchProtection`…), PyGithub (`repo.create_file`, `branch.remove_protection()`…) where the code
// speaks of GitHub, python-gitlab (`project.commits.create`, `files.create`, `protectedbranches.delete`…) where it
// speaks of GitLab, and the REST routes next to a method that writes.
const OCTOKIT =
  /\brepos\.(?:createOrUpdateFileContents|deleteFile|renameBranch|mergeUpstream|(?:update|delete|remove|set)\w{0,40}(?:Protection|Ruleset)\w{0,20})\b|\bgit\.(?:updateRef|createRef|deleteRef)\b|\bcreateOrUpdateFileContents\b/;
const PYGITHUB =
  /\.(?:create|update|delete)_file\(|\.(?:edit|remove)_\w{0,30}protection\(|\.remove_\w{0,30}(?:enforcement|checks|reviews)\(|\bcreate_git_ref\(|\bget_git_ref\b.{0,80}\.(?:edit|delete)\(|\.merge_upstream\(/;
const PYGITLAB =
  /\b(?:commits|files)\.(?:create|update|delete)\(|\bbranches\.(?:create|delete)\(|\bprotectedbranches\.(?:update|delete)\(|\.unprotect\(|\.save\([^)]{0,80}branch/;
const ROUTES =
  /repository\/(?:commits|files|branches)|protected_branches|\/contents\/|\/git\/refs|\/branches\/.{0,100}\/protection|\/rulesets|\/merge-upstream/i;
const WRITE_METHOD = /\b(?:put|post|patch|delete)\b/i;
// GitLab's GraphQL mutations that commit to a branch, delete one or change a branch rule.
const GITLAB_MUTATIONS = /\b(?:commitCreate|branchDelete|branchRule(?:Update|Delete))\b/;
// A branch the code names for such a call: `branch: 'x'`, `branch="x"`, `"branch": "x"`, `branch_name='x'`.
const BRANCH_VALUE = /\bbranch(?:_?name)?["']?\s*[:=]\s*["'`]([^"'`\n]{0,200})["'`]/gi;

function forgeWrite(code: string): boolean {
  return (
    OCTOKIT.test(code) ||
    GITLAB_MUTATIONS.test(code) ||
    (/github|get_repo/i.test(code) && PYGITHUB.test(code)) ||
    (/gitlab/i.test(code) && PYGITLAB.test(code)) ||
    (ROUTES.test(code) && WRITE_METHOD.test(code))
  );
}

/**
 * Code that commits to a branch, deletes one or lifts its protection through a forge API, unless every branch it
 * names is known and unprotected (none named: it may be the default branch).
 */
export function mentionsForgeWrite(code: string, protectedBranches: readonly string[]): boolean {
  if (!forgeWrite(code)) return false;
  const named = Array.from(code.matchAll(BRANCH_VALUE), (m) => m[1] as string);
  if (named.length === 0) return true;
  return named.some((b) => /[$`{}+]/.test(b) || isProtected(b.replace(/^refs\/heads\//, ""), protectedBranches));
}

/**
 * Interpreter code (python -c, node -e, a PowerShell line's .NET calls…) matters when it mentions a merge call, a
 * git push or a forge write to a protected branch.
 */
export function mergeCodeMatters(code: string, _interpreter: string, protectedBranches: readonly string[]): boolean {
  return mentionsForgeWrite(code, protectedBranches) || mentionsMergeCode(code);
}
