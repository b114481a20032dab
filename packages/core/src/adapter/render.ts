// Turning a decision into a CLI's answer. The three CLIs share the shape of notes and messages; how a
// deny is written, and which events carry a note to the model, is each adapter's AnswerStyle.

import type { Decision } from "../model/decision.ts";
import type { EventKind, HookEvent } from "../model/event.ts";
import { type HookAnswer, jsonAnswer, noteAnswer, silentAnswer } from "./adapter.ts";

export interface AnswerStyle {
  /** Kinds of event whose `additionalContext` really reaches the model in this CLI. */
  contextKinds: readonly EventKind[];
  /** Whether this CLI really asks the user on this event (else an ask is answered with its fallback). */
  asks?(event: HookEvent): boolean;
  /** The answer that blocks; `ask` is true when the guardrail wanted the user asked. */
  deny(reason: string, ask: boolean, event: HookEvent): HookAnswer;
  /** How a note is written, when not as `hookSpecificOutput` (`context` is left out where it would not reach the model). */
  note?(context: string | undefined, userMessage: string | undefined, event: HookEvent): HookAnswer;
  /** How a message for the user alone is written, when not as a bare `systemMessage`. */
  message?(userMessage: string, event: HookEvent): HookAnswer;
}

export function renderAnswer(decision: Decision, event: HookEvent, style: AnswerStyle): HookAnswer {
  switch (decision.type) {
    case "allow":
      return silentAnswer();
    case "ask":
      if (decision.fallback && !style.asks?.(event)) return renderAnswer(decision.fallback, event, style);
      return style.deny(decision.reason, true, event);
    case "deny":
      return style.deny(decision.reason, false, event);
    case "note": {
      const context = style.contextKinds.includes(event.kind) ? decision.context : undefined;
      return style.note
        ? style.note(context, decision.userMessage, event)
        : noteAnswer(event.nativeEvent, context, decision.userMessage);
    }
    case "message":
      return style.message
        ? style.message(decision.userMessage, event)
        : jsonAnswer({ systemMessage: decision.userMessage });
  }
}
