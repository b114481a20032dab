// How Kimi Code wants answers (measured on 2.1.0). Before a tool only exit 2 or `hookSpecificOutput`'s deny block
// (a top-level decision, exit 1, a crash and non-JSON all let the call run). Only UserPromptSubmit output reaches
// the model, and as it is printed (JSON arrives as JSON text), so a note there is plain text; SessionStart,
// PreToolUse and PostToolUse output is dropped. A UserPromptSubmit or Stop hook blocks with exit 2 and stderr.
import { type AnswerStyle, exitTwoAnswer, permissionAnswer, silentAnswer } from "@hookrail/core";

export const kimiStyle: AnswerStyle = {
  // "session-start" is delivered with the prompt: the packaging binds it to UserPromptSubmit.
  contextKinds: ["session-start", "prompt"],
  // `ask` is approved in `kimi -p` (auto mode), so an ask falls back.
  deny: (reason, _ask, event) =>
    event.kind === "before-tool" ? permissionAnswer("deny", reason) : exitTwoAnswer(reason),
  note: (context) => (context === undefined ? silentAnswer() : { exitCode: 0, stdout: `${context}\n`, stderr: "" }),
  // Nothing a hook prints reaches the user alone.
  message: () => silentAnswer(),
};
