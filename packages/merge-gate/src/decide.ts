// The merge gate's pure decision: a shell command and the repository facts in, a decision out.
import { type Decision, deny } from "@hookrail/core";
import { type Analysis, type AnalysisFacts, analyzeCommand, describeFindings, isBlocked } from "./analysis/index.ts";
import { type ProtectedPaths, protectedAt } from "./analysis/protected-paths.ts";

export const APPROVAL_MARKER = "MERGE_APPROVED=1";

export interface MergeGateFacts extends AnalysisFacts {
  command: string;
}

export function decideMergeGate(facts: MergeGateFacts): Decision {
  return mergeGateDecision(analyzeCommand(facts.command, facts), facts);
}

/** The decision for a command already analysed with these facts. */
export function mergeGateDecision(analysis: Analysis, facts: MergeGateFacts): Decision {
  if (!isBlocked(analysis)) return { type: "allow" };
  const unprovable = analysis.findings.some((f) => f.kind === "unprovable");
  const what = describeFindings(analysis);
  if (analysis.findings.some((f) => f.kind === "tamper" && !f.approved)) {
    return deny(
      `merge-gate: blocked. ${what}\n${TAMPER_RULE} Ask the user to make this change themselves; only if they approve ` +
        `you doing it, rerun that same command with ${APPROVAL_MARKER} in front`,
    );
  }
  const protectedList = facts.protectedBranches.join(", ");
  if (unprovable) {
    return deny(
      `merge-gate: blocked. ${what}\nThis gate cannot prove the command does not merge or push to a protected branch (${protectedList}). ` +
        `Run the steps as plain commands instead. If a merge is really intended, merging is the project owner's call: ask the user first; ` +
        `once they approve, run the merge itself as a plain command with ${APPROVAL_MARKER} in front of it`,
    );
  }
  return deny(
    `merge-gate: blocked. ${what}\nMerging is the project owner's call, not yours: do not retry or work around this gate. ` +
      `Ask the user whether to merge. Only once they approve, rerun that same command with the approval marker in front ` +
      `(${APPROVAL_MARKER} ${exampleCommand(analysis.findings)}), so the approval sits in the transcript next to the merge`,
  );
}

const TAMPER_RULE =
  "These files and commands decide whether hookrail's gates run (hook registrations, installed hooks, hookrail's " +
  "user config and state), so only the user changes them: do not retry or work around this.";

/** A file tool's write: the absolute paths it writes (symlinks resolved too). It cannot carry the marker. */
export function fileWriteDecision(files: readonly string[], paths: ProtectedPaths): Decision {
  for (const file of files) {
    const hit = protectedAt(file, paths, false);
    if (!hit) continue;
    return deny(
      `merge-gate: blocked. Writing ${hit.path} would change ${hit.what}.\n${TAMPER_RULE} ` +
        "Ask the user to make this change themselves (a file edit cannot carry the approval marker). " +
        "To loosen hookrail's settings, the user edits their own config (~/.config/hookrail/config.json); " +
        "the project's .hookrail/config.json can only add protection",
    );
  }
  return { type: "allow" };
}

function exampleCommand(findings: { command: string }[]): string {
  const first = findings[0]?.command ?? "<the command>";
  return first.startsWith(APPROVAL_MARKER) ? first : first.replace(/^MERGE_APPROVED=\S*\s+/, "");
}
