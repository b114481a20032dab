// Forge API routes that land work on a branch, or remove a branch or its protection, without a merge: GitLab's
// commits, files and branches APIs, and branch protection and rulesets on GitHub and GitLab (the server-side lock
// this gate stands in front of). Shared by `gh api`, `glab api` and the HTTP clients, through merge-routes.ts.
import { type ApiParams, paramValues } from "./api-params.ts";
import { isProtected } from "./protected-branch.ts";
import type { AnalysisFacts } from "./types.ts";

/** What an API call lands, or why it may land work that the command line does not show. */
export type RouteVerdict = { merge: string } | { unknown: string } | null;

// GitLab: /projects/{id}/…, the id a number or a URL-encoded path; any host, /api/v4 or glab's `projects/:id`.
const PROJECT = String.raw`(?:^|\/)projects\/[^?#\s"']+?\/`;
const TAIL = String.raw`\/?(?:$|[?#\s"'])`;
// POST …/repository/commits commits a set of file actions to `branch`; …/commits/{sha}/cherry_pick and /revert
// put a commit on `branch`.
const GITLAB_COMMITS = new RegExp(
  `${PROJECT}repository\\/commits(?:\\/[^/?#\\s"']+\\/(?:cherry_pick|revert))?${TAIL}`,
  "i",
);
// POST/PUT/DELETE …/repository/files/{path} commits one file's change to `branch`.
const GITLAB_FILES = new RegExp(`${PROJECT}repository\\/files\\/`, "i");
// DELETE …/repository/branches/{branch} deletes it; PUT …/{branch}/unprotect (older API) unprotects it.
const GITLAB_BRANCH = new RegExp(`${PROJECT}repository\\/branches\\/([^?#\\s"']+?)(\\/(?:un)?protect)?${TAIL}`, "i");
// POST …/repository/branches makes the branch `branch`.
const GITLAB_BRANCHES = new RegExp(`${PROJECT}repository\\/branches${TAIL}`, "i");
// PATCH/DELETE …/protected_branches/{branch} weakens or removes a branch's protection (POST only adds one).
const GITLAB_PROTECTION = new RegExp(`${PROJECT}protected_branches(?:\\/([^?#\\s"']+?))?${TAIL}`, "i");
// GitHub: /repos/{owner}/{repo}/branches/{branch}/protection[/…] (any write may weaken it), rulesets, and
// merge-upstream, which merges the upstream repository's branch into this fork's `branch`.
const REPO = String.raw`(?:^|\/)repos\/[^/\s]+\/[^/\s]+\/`;
const GITHUB_PROTECTION = new RegExp(`${REPO}branches\\/([^?#\\s"']+?)\\/protection(?:\\/[^?#\\s"']*)?${TAIL}`, "i");
const GITHUB_RULESET = new RegExp(
  String.raw`(?:^|\/)(?:repos\/[^/\s]+\/[^/\s]+|orgs\/[^/\s]+)\/rulesets(\/[^?#\s"']+)?${TAIL}`,
  "i",
);
const MERGE_UPSTREAM = new RegExp(`${REPO}merge-upstream${TAIL}`, "i");
// PATCH /repos/{owner}/{repo} (GitHub) and PUT /projects/{id} (GitLab) with `default_branch` move the default branch,
// which branch rules and rulesets name (`~DEFAULT_BRANCH`): the server-side lock. GitLab's id is a number or a
// URL-encoded path, so it is read before decoding.
const GITHUB_REPO = /(?:^|\/)repos\/[^/\s]+\/[^/?#\s"']+\/?(?:$|[?#\s"'])/i;
const GITLAB_PROJECT = /(?:^|\/)projects\/[^/?#\s"']+\/?(?:$|[?#\s"'])/i;
/** The route a default branch change takes (its text in describe-findings.ts). */
export const DEFAULT_BRANCH_CHANGE = "default branch change";

/** A write (the method is neither GET nor HEAD) to one of these routes, judged by the branch it names. */
export function branchWriteRoute(
  path: string,
  method: string,
  params: ApiParams,
  url: string,
  facts: AnalysisFacts,
): RouteVerdict {
  if (GITLAB_COMMITS.test(path))
    return branchParam(params, url, "branch", facts, "commit", "the commits API names its branch");
  if (GITLAB_FILES.test(path))
    return branchParam(params, url, "branch", facts, "contents write", "the files API names its branch");
  const branch = GITLAB_BRANCH.exec(path);
  if (branch?.[1] !== undefined) {
    const how =
      branch[2] === "/unprotect"
        ? "branch protection change"
        : !branch[2] && (/^DELETE$/i.test(method) || method === "?")
          ? "branch delete"
          : undefined;
    return how ? namedBranch(branch[1], facts, `${how} of ${branch[1]}`, "the API call names its branch") : null;
  }
  if (GITLAB_BRANCHES.test(path) && !/^GET$/i.test(method)) {
    return branchParam(params, url, "branch", facts, "branch create", "the branches API names its branch");
  }
  const gitlabProtection = GITLAB_PROTECTION.exec(path);
  if (gitlabProtection) {
    // Protecting a branch (POST) only adds to the lock; changing or removing a protection may take it away.
    if (/^POST$/i.test(method)) return null;
    return { merge: `branch protection change of ${gitlabProtection[1] ?? "every branch"}` };
  }
  const githubProtection = GITHUB_PROTECTION.exec(path);
  if (githubProtection?.[1] !== undefined) return { merge: `branch protection change of ${githubProtection[1]}` };
  const ruleset = GITHUB_RULESET.exec(path);
  // A new ruleset only adds rules; changing or deleting one may lift them.
  if (ruleset && (ruleset[1] !== undefined || !/^POST$/i.test(method))) return { merge: "ruleset change" };
  if ((GITHUB_REPO.test(path) || GITLAB_PROJECT.test(url)) && !/^(?:GET|HEAD|POST|DELETE)$/i.test(method)) {
    const moved = paramValues(params, url, "default_branch");
    if (moved.known.length > 0) return { merge: DEFAULT_BRANCH_CHANGE };
    return moved.unknown ? { unknown: "the repository update's settings are known only at run time" } : null;
  }
  if (MERGE_UPSTREAM.test(path)) {
    return branchParam(params, url, "branch", facts, "upstream merge", "merge-upstream names its branch");
  }
  return null;
}

/** A branch named in the route itself: a merge route when it is protected. */
export function namedBranch(branch: string, facts: AnalysisFacts, route: string, runTime: string): RouteVerdict {
  if (/[$`]/.test(branch)) return { unknown: `${runTime} only at run time` };
  return isProtected(branch, facts.protectedBranches) ? { merge: route } : null;
}

/** A route whose target branch is a parameter; with `defaultBranch`, leaving it out means the default branch. */
export function branchParam(
  params: ApiParams,
  url: string,
  name: string,
  facts: AnalysisFacts,
  route: string,
  runTime: string,
  defaultBranch = false,
): RouteVerdict {
  const values = paramValues(params, url, name);
  const hit = values.known.find((b) => isProtected(b.replace(/^refs\/heads\//, ""), facts.protectedBranches));
  if (hit) return { merge: `${route} to ${hit}` };
  if (values.unknown) return { unknown: `${runTime} only at run time` };
  if (values.known.length === 0) return defaultBranch ? { merge: `${route} to the default branch` } : { merge: route };
  return null;
}
