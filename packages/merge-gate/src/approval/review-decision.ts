// Approval mode "review", pure: the owner's approval is the one GitHub records. A marked pull request merge
// runs only when GitHub, asked at that moment, reports it approved (by one of `approvers`, when set) for its
// head commit with every check passed; what would forge or remove that record is blocked, marker or not.
import { allow, type Decision, deny } from "@hookrail/core";
import { type Analysis, describeFindings } from "../analysis/index.ts";
import { type GitHubAnswer, judgeReview } from "./review-check.ts";
import { reviewQuestion } from "./review-target.ts";

const MARKER = "MERGE_APPROVED=1";

/** `byMarker`: the marker rules' answer for the same analysis. */
export function reviewModeDecision(
  analysis: Analysis,
  command: string,
  githubReview: GitHubAnswer | undefined,
  approvers: readonly string[],
  byMarker: Exclude<Decision, { type: "ask" }>,
): Decision {
  const what = describeFindings(analysis);
  if (analysis.findings.some((f) => f.kind === "review")) {
    return deny(
      `merge-gate: blocked. ${what}\nThis project's merges need the owner's approval as GitHub records it (approval mode review), ` +
        "and you run with the user's own GitHub login: approving, dismissing reviews and changing required checks or " +
        "branch protection are the user's to do on GitHub, not yours. Do not retry or work around this; the marker does not approve it",
    );
  }
  if (byMarker.type !== "allow" || analysis.findings.length === 0) return byMarker;
  // With the marker the agent could rewrite hookrail's config, and with it this mode.
  if (analysis.findings.some((f) => f.kind === "tamper")) {
    return deny(
      `merge-gate: blocked. ${what}\nThese files and commands decide whether hookrail's gates run, and in approval mode review ` +
        "the marker does not approve a change to them: ask the user to make the change themselves",
    );
  }
  const question = reviewQuestion(analysis, command);
  if ("blocked" in question) return deny(`merge-gate: blocked. ${what}\n${question.blocked}`);
  const verdict = githubReview
    ? judgeReview(githubReview, question.ask.pr, approvers)
    : { ok: false as const, answered: "nothing: it was not asked" };
  if (verdict.ok) return allow();
  const by = approvers.length > 0 ? ` by one of ${approvers.join(", ")}` : "";
  return deny(
    `merge-gate: blocked. ${what}\nIn this project (approval mode review) a merge runs only when GitHub, asked at that moment, ` +
      `reports the pull request approved${by} for its latest commit, with its checks passing. GitHub answered: ${verdict.answered}.\n` +
      "Do not retry or work around this gate. Tell the user what GitHub says; once a reviewer has approved the latest commit " +
      `on GitHub and the checks pass, run the same command again (with ${MARKER} in front)`,
  );
}

/** How the model is told to get a merge approved in mode review (the marker rules' block). */
export const REVIEW_HOW =
  "Ask the user whether to merge. In this project (approval mode review) the merge then runs only once GitHub shows the " +
  "pull request approved by a reviewer for its latest commit, with its checks passing; the agent cannot approve it. " +
  "Then rerun that same command with the approval marker (";
