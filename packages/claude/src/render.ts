// How Claude Code wants answers: JSON on stdout at exit 0 (a deny at exit 0 is honoured, measured).
import { type AnswerStyle, jsonAnswer, permissionAnswer } from "@hookrail/core";

export const claudeStyle: AnswerStyle = {
  // SessionStart, UserPromptSubmit, PreToolUse and PostToolUse additionalContext reach the model.
  contextKinds: ["session-start", "prompt", "before-tool", "after-tool"],
  // PreToolUse `ask` opens Claude Code's permission dialog (in -p, with nobody to answer, the tool does not run).
  asks: (event) => event.kind === "before-tool",
  deny: (reason, ask, event) =>
    event.kind === "before-tool"
      ? permissionAnswer(ask ? "ask" : "deny", reason)
      : // Prompt, Stop and PostToolUse take the top-level block form.
        jsonAnswer({ decision: "block", reason }),
};
