// A hook's answer in words: what the CLI will do with it (the rules measured on the real CLIs,
// docs/cli-differences.md), for `hookrail try` and `demo`. Each CLI's samples read their answers with `readAnswer`,
// saying where the CLI departs from the common JSON answer. Not used by any hook.
import type { HookAnswer } from "../adapter/adapter.ts";

export type AnswerOutcome = {
  verdict: "blocked" | "asks" | "allowed";
  reason?: string;
  note?: string;
  userMessage?: string;
};

/** Where a CLI reads the common JSON answer its own way. */
export interface AnswerReading {
  /** It hands the model what a hook prints as it is: a note may be plain text. */
  plainTextNotes?: true;
  /** It also reads a flat `permissionDecision` (and its reason) beside `hookSpecificOutput`'s. */
  flatPermission?: true;
  /** It ignores `permissionDecision`. */
  ignoresPermission?: true;
  /** Its answer has a JSON shape of its own: read by this instead of the common fields. */
  own?: (json: Record<string, unknown>) => AnswerOutcome;
}

export function readAnswer(answer: HookAnswer, reading: AnswerReading = {}): AnswerOutcome {
  if (answer.exitCode === 2) return { verdict: "blocked", reason: answer.stderr.trim() };
  if (answer.exitCode !== 0 || !answer.stdout.trim()) return { verdict: "allowed" };
  if (reading.plainTextNotes) {
    try {
      JSON.parse(answer.stdout);
    } catch {
      return { verdict: "allowed", note: answer.stdout.trimEnd() };
    }
  }
  const json = JSON.parse(answer.stdout) as Record<string, unknown>;
  // A bridge CLI's plugin reads {action: "block", reason} or {action: "note", context, userMessage}.
  if (json.action === "block") return { verdict: "blocked", reason: String(json.reason ?? "") };
  if (json.action === "note") {
    const bridged: AnswerOutcome = { verdict: "allowed" };
    if (typeof json.context === "string") bridged.note = json.context;
    if (typeof json.userMessage === "string") bridged.userMessage = json.userMessage;
    return bridged;
  }
  if (reading.own) return reading.own(json);
  const specific = (json.hookSpecificOutput ?? {}) as Record<string, unknown>;
  const outcome: AnswerOutcome = { verdict: "allowed" };
  // Cursor answers snake_case; Antigravity CLI injects a note as a step of the conversation.
  const injected = Array.isArray(json.injectSteps) ? (json.injectSteps[0] as Record<string, unknown>) : undefined;
  const note = specific.additionalContext ?? json.additionalContext ?? json.additional_context ?? injected?.userMessage;
  if (typeof note === "string") outcome.note = note;
  if (typeof json.systemMessage === "string") outcome.userMessage = json.systemMessage;
  const flat = reading.flatPermission ? json : {};
  const permission = reading.ignoresPermission ? undefined : (specific.permissionDecision ?? flat.permissionDecision);
  if (json.permission === "deny" || json.continue === false) {
    outcome.verdict = "blocked";
    outcome.reason = String(json.agent_message ?? json.user_message ?? "");
  } else if (permission === "deny" || json.decision === "deny" || json.decision === "block") {
    outcome.verdict = "blocked";
    outcome.reason = String(specific.permissionDecisionReason ?? flat.permissionDecisionReason ?? json.reason ?? "");
  } else if (json.decision === "force_ask" || json.decision === "ask") {
    outcome.verdict = "asks";
    outcome.reason = String(json.reason ?? "");
  } else if (permission === "ask") {
    outcome.verdict = "asks";
    outcome.reason = String(specific.permissionDecisionReason ?? "");
  }
  return outcome;
}
