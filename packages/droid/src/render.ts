// How Factory Droid wants answers (measured on 0.225.2): a deny at exit 0 in `hookSpecificOutput` blocks with
// its reason (a top-level `decision` is ignored); exit 2 blocks even with no output. Notes reach the model only
// as `hookSpecificOutput.additionalContext` at SessionStart and PostToolUse. SessionStart output without
// `hookSpecificOutput` reaches the model as raw text (a `systemMessage` beside it does not).
import { type AnswerStyle, jsonAnswer, permissionAnswer, silentAnswer } from "@hookrail/core";

export const droidStyle: AnswerStyle = {
  // PreToolUse context is dropped with or without an allow; UserPromptSubmit never fires in `droid exec`.
  contextKinds: ["session-start", "after-tool"],
  // `ask` lets the command run (with --skip-permissions-unsafe), so it falls back.
  deny: (reason, _ask, event) =>
    event.kind === "before-tool" ? permissionAnswer("deny", reason) : jsonAnswer({ decision: "block", reason }),
  // A line meant for the user alone would be read by the model at SessionStart: said nothing there.
  message: (userMessage, event) =>
    event.kind === "session-start" ? silentAnswer() : jsonAnswer({ systemMessage: userMessage }),
};
