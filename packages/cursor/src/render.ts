// How Cursor wants answers (its hooks reference; docs/cli-differences.md#cursor): flat JSON at exit 0, in the
// schema of the event that called. Every answer is an explicit JSON object, never silence: a `failClosed` hook
// that prints nothing is taken as failed and blocks (reported by several integrators), and the docs say an
// answer that does not match the event's schema is treated as a failure.
import {
  type Adapter,
  type AnswerStyle,
  type Decision,
  exitTwoAnswer,
  type HookAnswer,
  type HookEvent,
  jsonAnswer,
  renderAnswer,
} from "@hookrail/core";
import { CONTEXT_EVENTS, PERMISSION_EVENTS } from "./dialect.ts";

/** "No objection" in each event's schema. */
export function cursorNeutral(event: HookEvent): HookAnswer {
  if (PERMISSION_EVENTS.has(event.nativeEvent)) return jsonAnswer({ permission: "allow" });
  if (event.nativeEvent === "beforeSubmitPrompt") return jsonAnswer({ continue: true });
  return jsonAnswer({});
}

export const cursorStyle: AnswerStyle = {
  // additional_context reaches the model at sessionStart and postToolUse only (note() checks the event).
  contextKinds: ["session-start", "after-tool"],
  // `ask` is not enforced on preToolUse and blocks without a dialog on beforeShellExecution (documented as enforced
  // on beforeMCPExecution too, unobserved there): it falls back.
  deny: (reason, _ask, event) => {
    // The reason in both spellings: Cursor 1.7 read userMessage/agentMessage, 2.0 and later read snake_case.
    const messages = { user_message: reason, agent_message: reason, userMessage: reason, agentMessage: reason };
    if (PERMISSION_EVENTS.has(event.nativeEvent)) return jsonAnswer({ permission: "deny", ...messages });
    if (event.nativeEvent === "beforeSubmitPrompt")
      return jsonAnswer({ continue: false, user_message: reason, userMessage: reason });
    // The other events cannot be answered with a block; exit 2 is Cursor's documented "block the action".
    return exitTwoAnswer(reason);
  },
  note: (context, _userMessage, event) =>
    context !== undefined && CONTEXT_EVENTS.has(event.nativeEvent)
      ? jsonAnswer({ additional_context: context })
      : cursorNeutral(event),
};

/** Cursor shows the user nothing of an allowed call, so a message-only decision answers "no objection". */
export const renderCursor: Adapter["render"] = (decision: Decision, event: HookEvent): HookAnswer => {
  switch (decision.type) {
    case "allow":
    case "message":
      return cursorNeutral(event);
    case "ask":
      // Cursor cannot ask (above): the decision's fallback, else a deny with its reason.
      return renderCursor(decision.fallback ?? { type: "deny", reason: decision.reason }, event);
    default:
      return renderAnswer(decision, event, cursorStyle);
  }
};
