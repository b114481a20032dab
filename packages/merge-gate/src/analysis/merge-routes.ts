// The GitHub API calls that land work on a branch, shared by `gh api` and the HTTP clients.

import { isProtected } from "./protected-branch.ts";
import type { AnalysisFacts } from "./types.ts";

// PUT /repos/{owner}/{repo}/pulls/{n}/merge, with or without a leading slash, any host, GHE's /api/v3 prefix.
const PULL_MERGE = /(?:^|\/)repos\/[^/\s]+\/[^/\s]+\/pulls\/[^/\s]+\/merge\/?(?:$|[?#\s"'])/i;
// POST /repos/{owner}/{repo}/merges merges one branch into another.
const BRANCH_MERGE = /(?:^|\/)repos\/[^/\s]+\/[^/\s]+\/merges\/?(?:$|[?#\s"'])/i;
// PATCH/POST/DELETE /repos/{owner}/{repo}/git/refs/heads/{branch} moves or deletes a branch, like a push.
const REF_UPDATE = /(?:^|\/)repos\/[^/\s]+\/[^/\s]+\/git\/refs\/heads\/([^?#\s"']+?)\/?(?:$|[?#\s"'])/i;
const GRAPHQL_URL = /(?:^|\/)graphql\/?(?:$|[?#\s"'])/i;
// enqueuePullRequest puts a pull request in the merge queue.
const MUTATIONS = /\b(mergePullRequest|enablePullRequestAutoMerge|enqueuePullRequest|mergeBranch)\b/;

/**
 * The merge route an API call takes, if any. Any method but an explicit GET/HEAD counts for the merge
 * endpoints (GET only asks whether the pull request is merged); a ref counts only when written to.
 */
export function restMergeRoute(
  url: string,
  explicitMethod: string | null,
  effectiveMethod: string,
  facts: AnalysisFacts,
): string | null {
  if (explicitMethod !== null && /^(GET|HEAD)$/i.test(explicitMethod)) return null;
  if (PULL_MERGE.test(url)) return "merge endpoint";
  if (BRANCH_MERGE.test(url)) return "branch merge endpoint";
  const ref = REF_UPDATE.exec(url)?.[1];
  if (ref && !/^(GET|HEAD)$/i.test(effectiveMethod) && isProtected(ref, facts.protectedBranches)) {
    return `ref update of ${ref}`;
  }
  return null;
}

export function isGraphqlUrl(url: string): boolean {
  return GRAPHQL_URL.test(url);
}

/** The merging mutation a GraphQL document (or a JSON body holding one) calls, if any. */
export function mergeMutation(body: string): string | null {
  return MUTATIONS.exec(body)?.[1] ?? null;
}

/** A body built at run time could hold a mutation when the known part already says so. */
export function mayBeMutation(body: string): boolean {
  return /mutation/i.test(body);
}

export type BodyVerdict = { merge: string } | "unknown" | null;

/**
 * Judges a GraphQL document or JSON body. Parts known only at run time are fine inside a plain query, but a
 * document that is all variable, or a mutation with a variable part, could be anything.
 */
export function judgeGraphqlBody(text: string, dynamic: boolean): BodyVerdict {
  const mutation = mergeMutation(text);
  if (mutation) return { merge: mutation };
  if (!dynamic) return null;
  const opaqueDocument = /^\s*[$`]|"query"\s*:\s*"?\s*[$`]/.test(text);
  return opaqueDocument || mayBeMutation(text) ? "unknown" : null;
}
