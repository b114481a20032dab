// Approval mode "review", pure: which pull request GitHub is asked about for a marked merge. One merge per
// command, of one pull request named by number, URL or branch (or the current branch's, when the merge is the
// whole command and so runs where the hook is asked). Anything else cannot be tied to a review: blocked.
import type { Analysis, Finding } from "../analysis/index.ts";

/** What `gh pr view` is asked about. */
export interface ReviewTarget {
  /** A number, URL or branch, as gh takes it; undefined: the pull request of the branch checked out where the merge runs. */
  pr?: string;
  /** `-R` for gh: `[HOST/]OWNER/REPO`; undefined: the repository gh finds in the folder. */
  repo?: string;
}

export type ReviewQuestion = { ask: ReviewTarget } | { blocked: string };

// gh pr merge's options that take a value (and gh's own -R/--repo), across gh's spellings.
const VALUED_SHORT = new Set(["-R", "-b", "-F", "-t", "-A"]);
const VALUED_LONG = new Set(["--repo", "--body", "--body-file", "--subject", "--author-email", "--match-head-commit"]);
// …/repos/OWNER/REPO/pulls/N/merge, on api.github.com, a GHE host (/api/v3) or gh's relative form.
const PULL_MERGE =
  /^(?:https?:\/\/([^/\s]+)(?:\/api\/v3)?)?\/?repos\/([^/\s]+)\/([^/\s]+)\/pulls\/([^/\s?#]+)\/merge\/?(?:[?#].*)?$/i;

/** The question for a command whose findings are all marked merges; `line` is the whole command line. */
export function reviewQuestion(analysis: Analysis, line: string): ReviewQuestion {
  const merges = analysis.findings.filter((f): f is Extract<Finding, { kind: "merge" }> => f.kind === "merge");
  if (merges.length !== 1 || analysis.findings.length !== 1) {
    return { blocked: "GitHub is asked about one pull request per command: run each merge as a command of its own" };
  }
  const [merge] = merges as [Extract<Finding, { kind: "merge" }>];
  const words = merge.words ?? merge.command.trim().split(/\s+/);
  if (/^(?:glab|.* merge request merge endpoint$)/.test(merge.route)) {
    return {
      blocked:
        "approval mode review reads GitHub's reviews; GitLab merge request approvals are not supported yet: ask the user to merge it, or use approval mode user",
    };
  }
  if (merge.route === "gh pr merge") return ghMergeTarget(words, merge.command.trim() === line.trim());
  if (merge.route.endsWith(" merge endpoint")) return restTarget(words);
  if (/ graphql \w+$/.test(merge.route)) {
    return { blocked: "a GraphQL merge names the pull request by its id: merge it with `gh pr merge <number>`" };
  }
  return {
    blocked:
      "in approval mode review only a pull request that GitHub reports approved lands on a protected branch, and this is not a pull request merge: open a pull request, or ask the user to do it themselves",
  };
}

/** `gh [-R o/r] pr merge [<number> | <url> | <branch>] [flags]`. */
function ghMergeTarget(words: readonly (string | null)[], alone: boolean): ReviewQuestion {
  const operands: (string | null)[] = [];
  let repo: string | null | undefined;
  for (let i = 1; i < words.length; i++) {
    const w = words[i] ?? null;
    if (w === null || !w.startsWith("-") || w === "-") {
      operands.push(w);
      continue;
    }
    if (w === "--") {
      operands.push(...words.slice(i + 1));
      break;
    }
    const [name = "", inline] = w.startsWith("--") ? w.split(/=(.*)/s) : [w.slice(0, 2), w.slice(2) || undefined];
    const valued = w.startsWith("--") ? VALUED_LONG.has(name) : VALUED_SHORT.has(name);
    const value = inline ?? (valued ? (words[++i] ?? null) : undefined);
    if (name === "-R" || name === "--repo") repo = value;
  }
  const [group, sub, ...selectors] = operands;
  if (group !== "pr" || sub !== "merge" || repo === null || selectors.includes(null) || selectors.length > 1) {
    return { blocked: "which pull request it merges is not plain in the command: spell it `gh pr merge <number>`" };
  }
  const [pr] = selectors as string[];
  if (pr === undefined && !alone) {
    return {
      blocked:
        "it merges the current branch's pull request, which is resolved only for a merge that is the whole command: spell it `gh pr merge <number>`",
    };
  }
  return { ask: { ...(pr !== undefined ? { pr: pr.replace(/^#/, "") } : {}), ...(repo ? { repo } : {}) } };
}

/** `gh api repos/o/r/pulls/12/merge -X PUT`, `curl -X PUT https://api.github.com/repos/o/r/pulls/12/merge`. */
function restTarget(words: readonly (string | null)[]): ReviewQuestion {
  const hostname = words.indexOf("--hostname");
  const ghHost = hostname > 0 ? words[hostname + 1] : undefined;
  for (const w of words) {
    const m = w ? PULL_MERGE.exec(w) : null;
    if (!m) continue;
    const [, urlHost, owner = "", name = "", pr = ""] = m;
    if (!/^\d+$/.test(pr)) break;
    const host = urlHost ?? ghHost ?? undefined;
    const placeholder = owner === "{owner}" || name === "{repo}";
    const repo = placeholder
      ? undefined
      : `${host && !/^api\.github\.com$/i.test(host) ? `${host}/` : ""}${owner}/${name}`;
    return { ask: { pr, ...(repo ? { repo } : {}) } };
  }
  return { blocked: "which pull request the API call merges is not plain in the command: spell its number in the URL" };
}
