// The merge gate's decision on an MCP tool call, pure: its findings and the approval mode in, a decision out.
// A tool call cannot carry a `NAME=1` prefix, so the marker goes at the start of a text argument the tool already
// takes (a commit message, a merge commit's message, a comment's body); mode user needs only the user's own
// approval line, mode review GitHub's review of the pull request the call names.
import { approved, ask, type Decision, deny } from "@hookrail/core";
import type { GitHubAnswer } from "../approval/review-check.ts";
import { judgeReview } from "../approval/review-check.ts";
import { type Approval, describeApproval, sameApproval } from "../approval/user-approvals.ts";
import type { MergeGateDecisionOptions } from "../decide.ts";
import { MARKER, type McpFinding } from "./classify.ts";

export interface McpJudged {
  findings: readonly McpFinding[];
  approved: boolean;
  markerFields: readonly string[];
}

export interface McpApprovals {
  /** Mode user: the unused approvals of the session's latest user prompt. */
  userApprovals?: readonly Approval[];
  /** Mode review: GitHub's answer about the pull request the call merges. */
  githubReview?: GitHubAnswer;
}

const OWNER = "Merging is the project owner's call, not yours: do not retry or work around this gate.";

/** The decision for a judged call of tool `name` (as the CLI named it). */
export function mcpDecision(
  name: string,
  call: McpJudged,
  options: MergeGateDecisionOptions,
  given: McpApprovals = {},
): Decision {
  const { findings } = call;
  if (findings.length === 0) return { type: "allow" };
  const what = findings.map((f) => `\`${name}\` ${f.what}`).join("\n");
  const unprovable = findings.some((f) => f.kind === "unprovable");
  if (unprovable) {
    return deny(
      `merge-gate: blocked. ${what}\nThis gate cannot prove the call does not land work on a protected branch. ` +
        "Run the step as a plain git command instead, where the gate reads it",
    );
  }
  const mode = options.approval;
  if (mode === "review") return reviewDecision(name, call, what, options.approvers ?? [], given.githubReview);
  if (mode === "user") return userDecision(call, what, given.userApprovals ?? []);
  const byMarker: Exclude<Decision, { type: "ask" }> = call.approved
    ? approved(what)
    : { type: "deny", reason: `merge-gate: blocked. ${what}\n${OWNER} ${markerHow(call)}` };
  if (mode === "ask") {
    return ask(
      `merge-gate: ${what}\nMerging is the project owner's call: allow this only if you want it to land now.`,
      byMarker,
    );
  }
  return byMarker;
}

/** Where the marker goes for this call, said to the model. */
function markerHow(call: McpJudged): string {
  const [field] = call.markerFields;
  const unnamed = call.findings.some((f) => f.kind === "push" && f.branch === undefined)
    ? " If you meant another branch, name it in the call's `branch` argument."
    : "";
  if (!field) {
    return (
      "This tool takes no text argument that can carry the approval marker: ask the user to do it themselves, or, once " +
      `they approve, do it with the matching git, gh or glab command run with ${MARKER} in front.${unnamed}`
    );
  }
  return (
    `Ask the user whether to do it. Only once they approve, call the same tool again with ${MARKER} at the start of its ` +
    `\`${field}\` argument (e.g. "${field}": "${MARKER} <the text>"), so the approval sits in the transcript next to it.${unnamed}`
  );
}

/** Mode user: every finding needs the user's own approval line; the marker is not needed. */
function userDecision(call: McpJudged, what: string, granted: readonly Approval[]): Decision {
  const check = checkMcpApprovals(call.findings, granted);
  if (check.ok) return approved(`${what} (approved by the user: ${check.used.map(describeApproval).join(", ")})`);
  const lines = check.missing.map((m) =>
    m
      ? `\`${describeApproval(m)}\``
      : "(this call names no single pull request or branch that can be approved: name it in the call's arguments, or ask the user to do it themselves)",
  );
  return deny(
    `merge-gate: blocked. ${what}\nThis project accepts this only after the user approved it in their own latest message; ` +
      `an approval you write yourself does not count. Ask the user; to approve, they type this line in their message: ${lines.join(", ")}. Then call the same tool again`,
  );
}

export type McpUserCheck = { ok: true; used: Approval[] } | { ok: false; missing: (Approval | undefined)[] };

/** The approval each finding needs (merge <N>, push to <branch>); protection changes have none. */
export function checkMcpApprovals(findings: readonly McpFinding[], granted: readonly Approval[]): McpUserCheck {
  const left = [...granted];
  const used: Approval[] = [];
  const missing: (Approval | undefined)[] = [];
  for (const f of findings) {
    const need: Approval | undefined =
      (f.kind === "merge" || f.kind === "bot") && f.pr
        ? { kind: "merge", pr: String(Number(f.pr)) }
        : f.kind === "push" && f.branch
          ? { kind: "push", branch: f.branch }
          : undefined;
    const at = need ? left.findIndex((a) => sameApproval(a, need)) : -1;
    if (need && at >= 0) used.push(...left.splice(at, 1));
    else missing.push(need);
  }
  return missing.length ? { ok: false, missing } : { ok: true, used };
}

/** Mode review: what GitHub is asked about, for a marked call whose only finding is a GitHub pull request merge. */
export function mcpReviewTarget(call: McpJudged): { pr: string; repo?: string } | undefined {
  const [only] = call.findings;
  if (!call.approved || call.findings.length !== 1 || only?.kind !== "merge" || only.forge !== "github" || !only.pr)
    return undefined;
  return { pr: only.pr, ...(only.repo ? { repo: only.repo } : {}) };
}

function reviewDecision(
  name: string,
  call: McpJudged,
  what: string,
  approvers: readonly string[],
  githubReview: GitHubAnswer | undefined,
): Decision {
  if (call.findings.some((f) => f.kind === "review")) {
    return deny(
      `merge-gate: blocked. ${what}\nThis project's merges need the owner's approval as GitHub records it (approval mode review), ` +
        "and you run with the user's own login: approving, dismissing reviews and changing checks or branch protection " +
        "are the user's to do, not yours. Do not retry or work around this; the marker does not approve it",
    );
  }
  if (!call.approved) {
    return deny(
      `merge-gate: blocked. ${what}\n${OWNER} Ask the user whether to merge. In this project (approval mode review) the ` +
        "merge then runs only once GitHub shows the pull request approved by a reviewer for its latest commit, with its " +
        `checks passing; the agent cannot approve it. ${markerHow(call).replace(/^Ask the user whether to do it\. Only once they approve, /, "Then ")}`,
    );
  }
  const target = mcpReviewTarget(call);
  if (!target) {
    const [first] = call.findings;
    const why =
      first?.kind === "merge" && first.forge === "gitlab"
        ? "approval mode review reads GitHub's reviews; GitLab merge request approvals are not supported yet: ask the user to merge it, or use approval mode user"
        : first?.kind === "merge"
          ? `GitHub is asked about one pull request, named by its number in the call's arguments: call \`${name}\` with the pull request's number, and nothing else that lands work`
          : "in approval mode review only a pull request that GitHub reports approved lands on a protected branch, and this is not a pull request merge: open a pull request, or ask the user to do it themselves";
    return deny(`merge-gate: blocked. ${what}\n${why}`);
  }
  const verdict = githubReview
    ? judgeReview(githubReview, target.pr, approvers)
    : { ok: false as const, answered: "nothing: it was not asked" };
  if (verdict.ok) return approved(what);
  const by = approvers.length > 0 ? ` by one of ${approvers.join(", ")}` : "";
  return deny(
    `merge-gate: blocked. ${what}\nIn this project (approval mode review) a merge runs only when GitHub, asked at that moment, ` +
      `reports the pull request approved${by} for its latest commit, with its checks passing. GitHub answered: ${verdict.answered}.\n` +
      "Do not retry or work around this gate. Tell the user what GitHub says; once a reviewer has approved the latest commit " +
      `on GitHub and the checks pass, call the same tool again (with ${MARKER} at the start of its text)`,
  );
}
