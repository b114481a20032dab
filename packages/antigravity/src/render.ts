// How agy wants answers (docs/cli-differences.md#antigravity-cli): JSON on stdout at exit 0, exactly the
// fields of the calling event (agy drops an answer with fields its event does not have). A PreToolUse answer
// must carry a decision: agy treats a missing or malformed one as a failure and does not run the tool without
// review, so "no objection" is an explicit allow. Exit codes are only logged, never a block.
import {
  type Adapter,
  type AnswerStyle,
  type Decision,
  type HookAnswer,
  type HookEvent,
  jsonAnswer,
  renderAnswer,
  silentAnswer,
} from "@hookrail/core";

const neutral = (event: HookEvent): HookAnswer =>
  event.nativeEvent === "PreToolUse" ? jsonAnswer({ decision: "allow" }) : silentAnswer();

export const antigravityStyle: AnswerStyle = {
  // A PreInvocation's injected user message reaches the model and stays in the conversation; PreToolUse's
  // reason reaches it only on a deny, and PostToolUse's answer is ignored.
  contextKinds: ["session-start"],
  // agy reviews tool calls itself: `force_ask` puts the call before the user even if they once chose
  // "always allow" for it (plain `ask` would honour that choice).
  asks: (event) => event.nativeEvent === "PreToolUse",
  deny: (reason, ask, event) =>
    event.nativeEvent === "PreToolUse" ? jsonAnswer({ decision: ask ? "force_ask" : "deny", reason }) : neutral(event),
  note: (context, _userMessage, event) =>
    context !== undefined && event.nativeEvent === "PreInvocation"
      ? jsonAnswer({ injectSteps: [{ userMessage: context }] })
      : neutral(event),
};

export const renderAntigravity: Adapter["render"] = (decision: Decision, event: HookEvent): HookAnswer =>
  decision.type === "allow" || decision.type === "message"
    ? neutral(event)
    : renderAnswer(decision, event, antigravityStyle);

/** An event that could not be read: the deny a PreToolUse honours (agy ignores exit codes). */
export const blockAntigravity = (reason: string): HookAnswer =>
  jsonAnswer({ decision: "deny", reason: reason.trim() || "hookrail: blocked" });
