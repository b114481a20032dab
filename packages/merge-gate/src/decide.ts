// The merge gate's pure decision: a shell command and the repository facts, and the approval mode, in; a
// decision out.
import { approved, ask, type Decision, deny } from "@hookrail/core";
import {
  type Analysis,
  type AnalysisFacts,
  analyzeCommand,
  describeFindings,
  type Finding,
  isBlocked,
} from "./analysis/index.ts";
import type { GitHubAnswer } from "./approval/review-check.ts";
import { REVIEW_HOW, reviewModeDecision } from "./approval/review-decision.ts";
import { type Approval, checkUserApprovals, describeApproval } from "./approval/user-approvals.ts";
import { TAMPER_RULE } from "./file-decision.ts";
import type { ApprovalMode, MergeGateOptions } from "./options.ts";

export const APPROVAL_MARKER = "MERGE_APPROVED=1";

/**
 * The marker on a command, in the command's language. PowerShell has no `NAME=1 command` prefix: there the
 * marker is set, the command runs alone, and the marker is removed (see @hookrail/shell's ps-approval.ts).
 */
export function withMarker(command: string, dialect: MergeGateFacts["dialect"]): string {
  return dialect === "powershell"
    ? `$env:MERGE_APPROVED = 1; ${command}; Remove-Item Env:MERGE_APPROVED`
    : `${APPROVAL_MARKER} ${command}`;
}

/** How the block reason names the marker: in front of the command, or PowerShell's three statements around it. */
function markerHow(dialect: MergeGateFacts["dialect"], example = "<the command>"): string {
  return dialect === "powershell"
    ? `the approval marker around it, in PowerShell's spelling (it has no NAME=1 prefix): \`${withMarker(example, dialect)}\``
    : `${APPROVAL_MARKER} in front`;
}

// The PowerShell spelling around one command: what is left is that command.
const PS_MARKER =
  /^\s*\$env:MERGE_APPROVED\s*=\s*(?:1|'1'|"1")\s*[;\n]\s*([\s\S]*?)\s*[;\n]\s*(?:Remove-Item|ri|rm|del|erase)\s+(?:-(?:Literal)?Path\s+)?Env:\\?MERGE_APPROVED\s*;?\s*$/i;

export interface MergeGateFacts extends AnalysisFacts {
  command: string;
  /** Mode "user": the unused approvals of the session's latest user prompt. */
  userApprovals?: readonly Approval[];
  /** Mode "review": what GitHub answered about the merge's pull request, asked at the moment of the merge. */
  githubReview?: GitHubAnswer;
}

/** What the decision reads of the settings: how a merge is approved (and, in mode review, whose approval counts). */
export type MergeGateDecisionOptions = Pick<MergeGateOptions, "approval"> &
  Partial<Pick<MergeGateOptions, "approvers">>;

type Answer = Exclude<Decision, { type: "ask" }>;

export function decideMergeGate(facts: MergeGateFacts, options: MergeGateDecisionOptions): Decision {
  return mergeGateDecision(analyzeCommand(facts.command, facts), facts, options);
}

/** The decision for a command already analysed with these facts. */
export function mergeGateDecision(
  analysis: Analysis,
  facts: MergeGateFacts,
  options: MergeGateDecisionOptions,
): Decision {
  const mode = options.approval;
  const byMarker = markerDecision(analysis, facts, mode);
  if (mode === "review") {
    return reviewModeDecision(analysis, facts.command, facts.githubReview, options.approvers ?? [], byMarker);
  }
  if (analysis.findings.length === 0) return byMarker;
  const unprovable = analysis.findings.some((f) => f.kind === "unprovable");
  // Where the CLI can ask, the user confirms the merge itself (marker or not); elsewhere the marker rules apply.
  if (mode === "ask" && !unprovable) {
    return ask(
      `merge-gate: ${describeFindings(analysis)}\nMerging is the project owner's call: allow this only if you want it to land now.`,
      byMarker,
    );
  }
  if (mode !== "user" || byMarker.type !== "allow") return byMarker;
  // With the marker an agent could rewrite hookrail's state, and with it the user's approvals.
  if (analysis.findings.some((f) => f.kind === "tamper")) {
    return deny(
      `merge-gate: blocked. ${describeFindings(analysis)}\n${TAMPER_RULE} In approval mode user the marker does not approve this: ask the user to make the change themselves`,
    );
  }
  // One approval, one run: the approved merge must be the whole command (no loop, list or second copy of it).
  const whole = facts.dialect === "powershell" ? (PS_MARKER.exec(facts.command)?.[1] ?? facts.command) : facts.command;
  const alone = analysis.findings.length === 1 && analysis.findings[0]?.command.trim() === whole.trim();
  if (!alone) {
    return deny(
      `merge-gate: blocked. ${describeFindings(analysis)}
This project accepts a merge only after the user approved it in their own latest message, ` +
        `and only as a command of its own: run the approved merge alone (${withMarker("gh pr merge <N>", facts.dialect)}), nothing before or after it.`,
    );
  }
  const check = checkUserApprovals(analysis.findings, facts.userApprovals ?? []);
  if (check.ok) return byMarker;
  const lines = check.missing.map((m) =>
    m
      ? `\`${describeApproval(m)}\``
      : "(no single pull request number or branch named: spell the merge with its PR number)",
  );
  return deny(
    `merge-gate: blocked. ${describeFindings(analysis)}\nThis project accepts a merge only after the user approved it in their own latest message. ` +
      `The marker alone is not enough, and an approval you write yourself does not count. Ask the user; to approve, they type this line in their message: ${lines.join(", ")}`,
  );
}

/** The marker rules: blocked unless every finding is a merge carrying MERGE_APPROVED=1. */
function markerDecision(analysis: Analysis, facts: MergeGateFacts, mode: ApprovalMode): Answer {
  // Every finding an approved merge: it goes ahead, and the audit log records the approval used.
  if (!isBlocked(analysis)) return analysis.findings.length ? approved(describeFindings(analysis)) : { type: "allow" };
  const unprovable = analysis.findings.some((f) => f.kind === "unprovable");
  const what = describeFindings(analysis);
  if (analysis.findings.some((f) => f.kind === "tamper" && !f.approved)) {
    return {
      type: "deny",
      reason:
        `merge-gate: blocked. ${what}\n${TAMPER_RULE} Ask the user to make this change themselves; only if they approve ` +
        `you doing it, rerun that same command with ${markerHow(facts.dialect)}`,
    };
  }
  const protectedList = facts.protectedBranches.join(", ");
  if (unprovable) {
    return {
      type: "deny",
      reason:
        `merge-gate: blocked. ${what}\nThis gate cannot prove the command does not merge or push to a protected branch (${protectedList}). ` +
        `Run the steps as plain commands instead. If a merge is really intended, merging is the project owner's call: ask the user first; ` +
        `once they approve, run the merge itself as a plain command with ${markerHow(facts.dialect, "<the merge>")}`,
    };
  }
  const example = exampleCommand(analysis.findings);
  const how =
    mode === "review"
      ? `${REVIEW_HOW}${withMarker(example, facts.dialect)})`
      : mode === "user"
        ? `Ask the user whether to merge: they approve by typing, in their own message, a line such as \`approve merge <PR number>\` or \`approve push to <branch>\`. ` +
          `Only after that, rerun that same command with the approval marker (${withMarker(example, facts.dialect)})`
        : `Ask the user whether to merge. Only once they approve, rerun that same command with the approval marker ` +
          `(${withMarker(example, facts.dialect)}), so the approval sits in the transcript next to the merge`;
  return {
    type: "deny",
    reason: `merge-gate: blocked. ${what}\nMerging is the project owner's call, not yours: do not retry or work around this gate. ${how}`,
  };
}

/** The command the marker must go in front of: the first one blocked, without a marker it already carries. */
function exampleCommand(findings: readonly Finding[]): string {
  const blocked = findings.find((f) => f.kind === "unprovable" || !f.approved) ?? findings[0];
  return (blocked?.command ?? "<the command>").replace(/^(?:MERGE_APPROVED=\S*\s+)+/, "");
}
