// What text the merge gate cares about: any mention of merging or pushing, and in code, a merge call or a push.

/** Does the text speak of merging or pushing at all? Gate for every "could this be a merge?" judgement. */
export const MERGE_OR_PUSH = /merge|push/i;

// A pull request or branch merge as code spells it: `gh pr merge` and `glab mr merge` (also as an argv list),
// the REST paths (GitLab's merge request merge too), the GraphQL mutations, Octokit/PyGithub/python-gitlab calls. Not any "merge": pandas' and lodash's merge are everyday code.
// Quantifiers are bounded so that matching stays linear on any input.
// A data key that only reads a merge's state (`pr['merged_at']`, `pr.mergeable`, `mergeCommit`) is not a call:
// `merge` must end the word.
const MERGE_CALL =
  /\b[pm]r\b[\s'",[\]]{0,10}(?:merge|accept)\b|(?:pulls?|merge_requests)\/.{0,40}\/merge\b|\b(?:[pm]r|\w{0,20}pull\w{0,20}|\w{0,20}merge_?request\w{0,20})(?:\([^()]{0,40}\))?\.merge\b|merge_?pull_?request|merge_?branch|enable_?pull_?request_?auto_?merge|enqueue_?pull_?request|\/merges\b/i;

/** Mentions a pull request or branch merge call (a command, an API path, a client method). */
export function mentionsMergeCall(code: string): boolean {
  return MERGE_CALL.test(code);
}

/** Mentions a pull request or branch merge, or `git` … `push`; linear time. */
export function mentionsMergeCode(code: string): boolean {
  if (MERGE_CALL.test(code)) return true;
  const git = code.search(/\bgit\b/i);
  return git >= 0 && /\bpush\b/i.test(code.slice(git));
}

/** Interpreter code (python -c, node -e, a PowerShell line's .NET calls…) matters when it mentions a merge call or a git push. */
export function mergeCodeMatters(code: string, _interpreter: string): boolean {
  return mentionsMergeCode(code);
}
