// The GitHub API calls that land work on a branch, and the other forges' pull request merges (GitLab, Bitbucket,
// Azure DevOps), shared by `gh api`, `glab api` and the HTTP clients; the other routes that land work or lift a branch's protection are in
// branch-routes.ts.
import { type ApiParams, decodeJsonEscapes, paramValues, safeDecodeUri } from "./api-params.ts";
import { commentRoute, graphqlBotCommand } from "./bot-commands.ts";
import { branchParam, branchWriteRoute, namedBranch, type RouteVerdict } from "./branch-routes.ts";
import { gerritRoute } from "./gerrit.ts";
import { labelRoute } from "./merge-labels.ts";
import { isProtected } from "./protected-branch.ts";
import type { AnalysisFacts } from "./types.ts";

// Each route is /repos/{owner}/{repo}/…, with or without a leading slash, any host, GHE's /api/v3 prefix.
const REPO = String.raw`(?:^|\/)repos\/[^/\s]+\/[^/\s]+\/`;
const END = String.raw`\/?(?:$|[?#\s"'])`;
// PUT /pulls/{n}/merge merges a pull request.
const PULL_MERGE = new RegExp(`${REPO}pulls\\/[^/\\s]+\\/merge${END}`, "i");
// POST /merges merges one branch into another (`base`).
const BRANCH_MERGE = new RegExp(`${REPO}merges${END}`, "i");
// PATCH/POST/DELETE /git/refs/heads/{branch} moves, makes or deletes a branch, like a push.
const REF_UPDATE = new RegExp(`${REPO}git\\/refs\\/heads\\/([^?#\\s"']+?)${END}`, "i");
// POST /git/refs makes the ref named by `ref`.
const REF_CREATE = new RegExp(`${REPO}git\\/refs${END}`, "i");
// PUT/DELETE /contents/{path} commits a file to `branch`, by default to the default branch.
const CONTENTS = new RegExp(`${REPO}contents(?:\\/|${END})`, "i");
// POST /branches/{branch}/rename renames a branch to `new_name`.
const RENAME = new RegExp(`${REPO}branches\\/([^?#\\s"']+?)\\/rename${END}`, "i");
// GitLab: PUT /projects/{id}/merge_requests/{iid}/merge merges a merge request (the id may be a path, URL-encoded).
const GITLAB_MR_MERGE = /(?:^|\/)projects\/[^?#\s"']+?\/merge_requests\/[^/?#\s"']+\/merge\/?(?:$|[?#\s"'])/i;
const GRAPHQL_URL = /(?:^|\/)graphql\/?(?:$|[?#\s"'])/i;
// Bitbucket Cloud: POST /2.0/repositories/{workspace}/{repo}/pullrequests/{id}/merge; Bitbucket Server and Data
// Center: POST /rest/api/{1.0|latest}/projects/{key}/repos/{slug}/pull-requests/{id}/merge (or users/{user}/repos).
const BITBUCKET_MERGE =
  /(?:^|\/)(?:repositories\/[^/\s]+\/[^/\s]+\/pullrequests|(?:projects|users)\/[^/\s]+\/repos\/[^/\s]+\/pull-requests)\/[^/?#\s"']+\/merge\/?(?:$|[?#\s"'])/i;
// Azure DevOps: PATCH …/_apis/git/repositories/{repo}/pullrequests/{id} completes (merges) the pull request with
// `"status": "completed"`, or sets it to complete by itself once its policies pass with `autoCompleteSetBy`.
const AZURE_PULL = /(?:^|\/)_apis\/git\/repositories\/[^/\s]+\/pullrequests\/[^/?#\s"']+\/?(?:$|[?#\s"'])/i;
// Azure DevOps: POST …/_apis/git/repositories/{repo}/refs moves, makes or deletes the refs its body names.
const AZURE_REFS = /(?:^|\/)_apis\/git\/repositories\/[^/\s]+\/refs\/?(?:$|[?#\s"'])/i;

export type { RouteVerdict } from "./branch-routes.ts";

/**
 * The merge route a REST call takes, if any. `method` is the effective method ("?" when known only at run
 * time); GET and HEAD only read. A route that lands work only on some branches is judged by its parameters.
 */
export function restMergeRoute(url: string, method: string, params: ApiParams, facts: AnalysisFacts): RouteVerdict {
  if (/^(GET|HEAD)$/i.test(method)) return null;
  const path = safeDecodeUri(url);
  if (PULL_MERGE.test(path)) return { merge: "merge endpoint" };
  if (GITLAB_MR_MERGE.test(path)) return { merge: "merge request merge endpoint" };
  if (BITBUCKET_MERGE.test(path)) return { merge: "merge endpoint" };
  if (AZURE_PULL.test(path)) return azureCompletion(params, url);
  if (AZURE_REFS.test(path)) {
    const refs = paramValues(params, url, "name");
    const hit = refs.known
      .map((r) => r.replace(/^refs\/heads\//, ""))
      .find((b) => isProtected(b, facts.protectedBranches));
    if (hit) return { merge: `ref update of ${hit}` };
    return refs.unknown ? { unknown: "the API call names its refs only at run time" } : null;
  }
  if (BRANCH_MERGE.test(path)) {
    return branchParam(params, url, "base", facts, "branch merge endpoint", "the branch merge API names its base");
  }
  const ref = REF_UPDATE.exec(path)?.[1];
  if (ref !== undefined) return namedBranch(ref, facts, `ref update of ${ref}`, "the API call names its branch");
  if (REF_CREATE.test(path)) {
    const refs = paramValues(params, url, "ref");
    const heads = refs.known.map((r) => r.replace(/^refs\/heads\//, ""));
    const hit = heads.find((b) => isProtected(b, facts.protectedBranches));
    if (hit) return { merge: `ref update of ${hit}` };
    return refs.unknown ? { unknown: "the API call names its ref only at run time" } : null;
  }
  if (CONTENTS.test(path)) {
    return branchParam(params, url, "branch", facts, "contents write", "the contents API names its branch", true);
  }
  const renamed = RENAME.exec(path)?.[1];
  if (renamed !== undefined) {
    const from = namedBranch(renamed, facts, `branch rename of ${renamed}`, "the API call names its branch");
    return from ?? branchParam(params, url, "new_name", facts, "branch rename", "the rename API names its new name");
  }
  return (
    branchWriteRoute(path, method, params, url, facts) ??
    commentRoute(url, method, params) ??
    labelRoute(url, method, params) ??
    gerritRoute(url, method, params, facts)
  );
}

/** An Azure DevOps pull request update that completes it, now or by itself (`status` 3 is completed too). */
function azureCompletion(params: ApiParams, url: string): RouteVerdict {
  const status = paramValues(params, url, "status");
  if (status.known.some((v) => /^(?:completed|3)$/i.test(v)))
    return { merge: "pull request completion merge endpoint" };
  const auto = paramValues(params, url, "autoCompleteSetBy");
  if (auto.known.some((v) => v !== "null")) return { merge: "pull request auto-complete merge endpoint" };
  return status.unknown || auto.unknown
    ? { unknown: "the pull request update's body is known only at run time" }
    : null;
}

export function isGraphqlUrl(url: string): boolean {
  return GRAPHQL_URL.test(url);
}

// enqueuePullRequest puts a pull request in the merge queue; the ref mutations move, make or delete a branch
// named by id, which the command line cannot tell.
// updateBranchProtectionRule, deleteBranchProtectionRule and the ruleset mutations may lift a branch's protection.
// GitLab's: mergeRequestAccept merges a merge request (now or when its pipeline passes), commitCreate commits to
// `branch`, branchDelete deletes the branch `name`, and branchRuleUpdate and branchRuleDelete may lift a protection.
const MUTATIONS =
  /\b(mergePullRequest|enablePullRequestAutoMerge|enqueuePullRequest|mergeBranch|updateRefs?|createRef|deleteRef|createCommitOnBranch|updateBranchProtectionRule|deleteBranchProtectionRule|updateRepositoryRuleset|deleteRepositoryRuleset|mergeRequestAccept|commitCreate|branchDelete|branchRuleUpdate|branchRuleDelete)\b/g;
// The mutations that land work only on a branch they name, and the argument that names it.
const BRANCH_MUTATIONS: Readonly<Record<string, string>> = {
  createCommitOnBranch: "branchName",
  commitCreate: "branch",
  branchDelete: "name",
};

/** The merging mutations a GraphQL document (or a JSON body holding one) calls. */
export function mergeMutations(body: string): string[] {
  return [...new Set(Array.from(decodeJsonEscapes(body).matchAll(MUTATIONS), (m) => m[1] as string))];
}

/** A body built at run time could hold a mutation when the known part already says so. */
export function mayBeMutation(body: string): boolean {
  return /mutation/i.test(decodeJsonEscapes(body));
}

export type BodyVerdict = { merge: string } | { unknown: string } | "unknown" | null;

// Mutations that set a pull or merge request's labels by id, which does not say whether a merge bot merges on one:
// GitHub's (also an issue or pull request update given `labelIds`) and GitLab's.
const LABEL_MUTATIONS =
  /\b(addLabelsToLabelable|removeLabelsFromLabelable|clearLabelsFromLabelable|mergeRequestSetLabels|update(?:PullRequest|Issue)\b[\s\S]{0,2000}?\blabelIds)\b/;

/**
 * Judges a GraphQL document or JSON body. Parts known only at run time are fine inside a plain query, but a
 * document that is all variable, or a mutation with a variable part, could be anything. `createCommitOnBranch`
 * counts when its branch (`branchName`, also through a variable) is protected or not known.
 */
export function judgeGraphqlBody(
  text: string,
  dynamic: boolean,
  variables: ApiParams,
  facts: AnalysisFacts,
): BodyVerdict {
  for (const mutation of mergeMutations(text)) {
    const field = BRANCH_MUTATIONS[mutation];
    if (field === undefined) return { merge: mutation };
    if (commitBranchVerdict(text, variables, facts, field) !== null) return { merge: mutation };
  }
  const bot = graphqlBotCommand(text, variables);
  if (bot) return { merge: `bot command ${bot}` };
  const labels = LABEL_MUTATIONS.exec(decodeJsonEscapes(text))?.[1]?.replace(/\W[\s\S]*$/, "");
  if (labels) {
    return {
      unknown: `${labels} names labels by id, which does not tell whether a merge bot merges on one (\`gh pr edit --add-label\` and \`glab mr update --label\` name them)`,
    };
  }
  if (!dynamic) return null;
  const opaqueDocument = /^\s*[$`]|"query"\s*:\s*"?\s*[$`]/.test(text);
  return opaqueDocument || mayBeMutation(text) ? "unknown" : null;
}

/**
 * A mutation that lands work on the branch its `field` names (createCommitOnBranch's `branchName`, or a branch given
 * by id): null only for a known, unprotected one.
 */
function commitBranchVerdict(
  text: string,
  variables: ApiParams,
  facts: AnalysisFacts,
  field: string,
): "protected" | null {
  const params: ApiParams = { ...variables, bodies: [...variables.bodies, { text, dynamic: false }] };
  const direct = paramValues(params, "", field);
  const names: string[] = [];
  let unknown = direct.unknown || direct.known.length === 0;
  for (const v of direct.known) {
    if (!v.startsWith("$")) names.push(v);
    else {
      const viaVariable = paramValues(variables, "", v.slice(1));
      unknown ||= viaVariable.unknown || viaVariable.known.length === 0;
      names.push(...viaVariable.known);
    }
  }
  if (unknown || names.some((b) => isProtected(b.replace(/^refs\/heads\//, ""), facts.protectedBranches))) {
    return "protected";
  }
  return null;
}
