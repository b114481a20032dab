// How Auggie wants answers (measured on 0.36.0): at PreToolUse, exit 2 blocks (its stderr, or a stock line when
// there is none, is the tool's error for the model), and so does a deny in `hookSpecificOutput` at exit 0 (its
// reason is the error); a top-level `decision` and an `ask` let the tool run, and so does any other exit code, a
// crash or a timeout. A JSON answer whose `hookSpecificOutput.hookEventName` is missing or not one of its events is
// ignored whole. Only PostToolUse's `additionalContext` reaches the model (appended to the tool's result under
// "[Hook Context]"); SessionStart's is discarded and PromptSubmit's hook runs detached, its answer unread.
import { type AnswerStyle, jsonAnswer, noteAnswer, permissionAnswer, silentAnswer } from "@hookrail/core";

export const auggieStyle: AnswerStyle = {
  contextKinds: ["after-tool"],
  // `ask` lets the tool run (nobody is asked), so it falls back. Elsewhere nothing blocks: said to the user only.
  deny: (reason, _ask, event) =>
    event.kind === "before-tool" ? permissionAnswer("deny", reason) : jsonAnswer({ systemMessage: reason }),
  // The prompt's answer is never read, and hookSpecificOutput named PromptSubmit would not parse: nothing there.
  note: (context, userMessage, event) =>
    event.kind === "prompt" ? silentAnswer() : noteAnswer(event.nativeEvent, context, userMessage),
  message: (userMessage, event) =>
    event.kind === "prompt" ? silentAnswer() : jsonAnswer({ systemMessage: userMessage }),
};
