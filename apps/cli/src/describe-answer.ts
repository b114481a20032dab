// A hook's answer in words: what the CLI will do with it (the rules measured on the real CLIs, docs/cli-differences.md).
import type { CliName, HookAnswer } from "@hookrail/core";

export type Outcome = { verdict: "blocked" | "asks" | "allowed"; reason?: string; note?: string; userMessage?: string };

export function describeAnswer(cli: CliName, answer: HookAnswer): Outcome {
  if (answer.exitCode === 2) return { verdict: "blocked", reason: answer.stderr.trim() };
  if (answer.exitCode !== 0 || !answer.stdout.trim()) return { verdict: "allowed" };
  const json = JSON.parse(answer.stdout) as Record<string, unknown>;
  // A bridge CLI's plugin reads {action: "block", reason} or {action: "note", context, userMessage}.
  if (json.action === "block") return { verdict: "blocked", reason: String(json.reason ?? "") };
  if (json.action === "note") {
    const bridged: Outcome = { verdict: "allowed" };
    if (typeof json.context === "string") bridged.note = json.context;
    if (typeof json.userMessage === "string") bridged.userMessage = json.userMessage;
    return bridged;
  }
  const specific = (json.hookSpecificOutput ?? {}) as Record<string, unknown>;
  const outcome: Outcome = { verdict: "allowed" };
  const note = specific.additionalContext ?? json.additionalContext;
  if (typeof note === "string") outcome.note = note;
  if (typeof json.systemMessage === "string") outcome.userMessage = json.systemMessage;
  // Copilot also reads its own flat permissionDecision.
  const flat = cli === "copilot" ? json : {};
  const permission = cli === "gemini" ? undefined : (specific.permissionDecision ?? flat.permissionDecision);
  if (permission === "deny" || json.decision === "deny" || json.decision === "block") {
    outcome.verdict = "blocked";
    outcome.reason = String(specific.permissionDecisionReason ?? flat.permissionDecisionReason ?? json.reason ?? "");
  } else if (permission === "ask") {
    outcome.verdict = "asks";
    outcome.reason = String(specific.permissionDecisionReason ?? "");
  }
  return outcome;
}

export function formatOutcome(outcome: Outcome, indent = "  "): string {
  const lines = [outcome.verdict.toUpperCase()];
  const add = (label: string, text: string | undefined) => {
    if (text) lines.push(...`${label}: ${text}`.split("\n").map((l) => `${indent}${l}`));
  };
  add("reason", outcome.reason);
  add("note for the model", outcome.note);
  add("message for the user", outcome.userMessage);
  return lines.join("\n");
}
