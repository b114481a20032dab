// The contract every CLI adapter implements: parse stdin, render decisions. No policy lives here.
import type { Decision } from "../model/decision.ts";
import type { CliName, EventKind, HookEvent } from "../model/event.ts";

/** Exactly what the hook process prints and exits with. */
export interface HookAnswer {
  exitCode: number;
  stdout: string;
  stderr: string;
}

export interface Adapter {
  cli: CliName;
  /** The product's name, for what a hook tells the user ("Claude Code"). */
  title: string;
  /**
   * Validates a parsed JSON payload and normalises it; throws a HookrailError("input") when it cannot.
   * `args` are the hook command's arguments (a CLI whose payloads do not name their event gets it there).
   */
  parse(payload: unknown, args?: readonly string[]): HookEvent;
  /** The CLI's answer for a decision on an event it sent. */
  render(decision: Decision, event: HookEvent): HookAnswer;
  /** The answer that blocks when the event itself is unknown or unreadable (fail-closed gates). */
  block(reason: string): HookAnswer;
  /** Whether a note on this kind of event really reaches the model in this CLI. */
  notesReachModel(kind: EventKind): boolean;
  /** Whether this CLI really asks the user on this event (else an ask is answered with its fallback). */
  asks?(event: HookEvent): boolean;
}

export const silentAnswer = (): HookAnswer => ({ exitCode: 0, stdout: "", stderr: "" });

export const jsonAnswer = (body: unknown): HookAnswer => ({
  exitCode: 0,
  stdout: `${JSON.stringify(body)}\n`,
  stderr: "",
});

/**
 * Exit 2 with the reason on stderr blocks a tool in all three CLIs (Codex needs the stderr to be
 * non-empty), so it is the one answer that works before we know which event we were sent.
 */
export const exitTwoAnswer = (reason: string): HookAnswer => ({
  exitCode: 2,
  stdout: "",
  stderr: `${reason.trim() || "hookrail: blocked"}\n`,
});

/**
 * The note answer Claude, Gemini and Codex share: `hookSpecificOutput.additionalContext` for the model
 * (only where the CLI delivers it; elsewhere it is left out) and `systemMessage` for the user.
 */
export function noteAnswer(
  nativeEvent: string,
  context: string | undefined,
  userMessage: string | undefined,
): HookAnswer {
  if (context === undefined && !userMessage) return silentAnswer();
  return jsonAnswer({
    ...(context !== undefined
      ? { hookSpecificOutput: { hookEventName: nativeEvent, additionalContext: context } }
      : {}),
    ...(userMessage ? { systemMessage: userMessage } : {}),
  });
}

/** The flat note answer Copilot CLI reads for every event (it ignores `hookSpecificOutput` on sessionStart). */
export function flatNoteAnswer(context: string | undefined, userMessage: string | undefined): HookAnswer {
  if (context === undefined && !userMessage) return silentAnswer();
  return jsonAnswer({
    ...(context !== undefined ? { additionalContext: context } : {}),
    ...(userMessage ? { systemMessage: userMessage } : {}),
  });
}

/** The PreToolUse permission answer shared by Claude Code and Codex. */
export const permissionAnswer = (permissionDecision: "deny" | "ask", reason: string): HookAnswer =>
  jsonAnswer({
    hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision, permissionDecisionReason: reason },
  });
