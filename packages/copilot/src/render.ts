// How Copilot CLI wants answers (measured on 1.0.102): a deny JSON at exit 0 blocks with its reason
// (exit 2 blocks too, but the model never sees the reason); notes only in the flat `additionalContext`
// form, which reaches the model on sessionStart, userPromptSubmitted, preToolUse and postToolUse.
import { type AnswerStyle, flatNoteAnswer, jsonAnswer, permissionAnswer } from "@hookrail/core";
import { isCopilotFormat } from "./dialect.ts";

export const copilotStyle: AnswerStyle = {
  contextKinds: ["session-start", "prompt", "before-tool", "after-tool"],
  // `ask` is not measured in Copilot, so it falls back to deny.
  deny: (reason, _ask, event) => {
    if (event.kind !== "before-tool") return jsonAnswer({ decision: "block", reason });
    return isCopilotFormat(event.nativeEvent)
      ? jsonAnswer({ permissionDecision: "deny", permissionDecisionReason: reason })
      : permissionAnswer("deny", reason);
  },
  note: flatNoteAnswer,
};
