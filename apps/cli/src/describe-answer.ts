// A hook's answer in words: what the CLI will do with it (the rules measured on the real CLIs, docs/cli-differences.md).
import type { CliName, HookAnswer } from "@hookrail/core";
import type { Paint } from "./cli/color.ts";

export type Outcome = { verdict: "blocked" | "asks" | "allowed"; reason?: string; note?: string; userMessage?: string };

export function describeAnswer(cli: CliName, answer: HookAnswer): Outcome {
  if (answer.exitCode === 2) return { verdict: "blocked", reason: answer.stderr.trim() };
  if (answer.exitCode !== 0 || !answer.stdout.trim()) return { verdict: "allowed" };
  // Kimi Code hands the model what a hook prints as it is: its notes are plain text.
  if (cli === "kimi") {
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
    const bridged: Outcome = { verdict: "allowed" };
    if (typeof json.context === "string") bridged.note = json.context;
    if (typeof json.userMessage === "string") bridged.userMessage = json.userMessage;
    return bridged;
  }
  // Cline: the call is refused when its input is replaced (the reason rides as context) or cancelled.
  if (cli === "cline") return clineOutcome(json);
  const specific = (json.hookSpecificOutput ?? {}) as Record<string, unknown>;
  const outcome: Outcome = { verdict: "allowed" };
  // Cursor answers snake_case; Antigravity CLI injects a note as a step of the conversation.
  const injected = Array.isArray(json.injectSteps) ? (json.injectSteps[0] as Record<string, unknown>) : undefined;
  const note = specific.additionalContext ?? json.additionalContext ?? json.additional_context ?? injected?.userMessage;
  if (typeof note === "string") outcome.note = note;
  if (typeof json.systemMessage === "string") outcome.userMessage = json.systemMessage;
  // Copilot also reads its own flat permissionDecision.
  const flat = cli === "copilot" ? json : {};
  const permission = cli === "gemini" ? undefined : (specific.permissionDecision ?? flat.permissionDecision);
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

/** Cline's answer: `overrideInput` replaces the call (refused, the reason as `contextModification`), `cancel` stops it. */
function clineOutcome(json: Record<string, unknown>): Outcome {
  const context = typeof json.contextModification === "string" ? json.contextModification : undefined;
  if (json.cancel === true) return { verdict: "blocked", reason: String(json.errorMessage ?? context ?? "") };
  if (json.overrideInput !== undefined) return { verdict: "blocked", reason: context ?? "" };
  return context ? { verdict: "allowed", note: context } : { verdict: "allowed" };
}

/**
 * `try` and `explain` answer scripts with their exit code: 0 allowed in silence, 3 blocked, 4 the user is asked,
 * 5 allowed with a note for the model or a message for the user (1 and 2 stay errors and usage errors).
 */
export const EXIT_CODES = { allowed: 0, blocked: 3, asks: 4, noted: 5 } as const;

export function exitCodeFor(outcome: Outcome): number {
  if (outcome.verdict === "blocked") return EXIT_CODES.blocked;
  if (outcome.verdict === "asks") return EXIT_CODES.asks;
  return outcome.note || outcome.userMessage ? EXIT_CODES.noted : EXIT_CODES.allowed;
}

const VERDICT_COLOR = { blocked: "red", asks: "yellow", allowed: "green" } as const;

export function formatOutcome(outcome: Outcome, indent = "  ", p?: Paint): string {
  const verdict = outcome.verdict.toUpperCase();
  const lines = [p ? p.bold(p[VERDICT_COLOR[outcome.verdict]](verdict)) : verdict];
  const add = (label: string, text: string | undefined) => {
    if (text) lines.push(...`${label}: ${text}`.split("\n").map((l) => `${indent}${l}`));
  };
  add("reason", outcome.reason);
  add("note for the model", outcome.note);
  add("message for the user", outcome.userMessage);
  return lines.join("\n");
}
