// How Claude Code wants answers: JSON on stdout at exit 0 (a deny at exit 0 is honoured, measured).
// Copilot CLI runs Claude-format plugins too; it honours these denies but reads a note only in its flat form.
// Qwen Code runs them as well, and reads notes only in `hookSpecificOutput`, like Claude Code.
import {
  type AnswerStyle,
  flatNoteAnswer,
  type HookEvent,
  jsonAnswer,
  noteAnswer,
  permissionAnswer,
} from "@hookrail/core";

/**
 * Copilot CLI's Claude-format payloads carry an ISO `timestamp` and no `permission_mode`; Claude Code's have no
 * `timestamp`; Qwen Code, which runs Claude plugins too, sends both (all measured). Qwen drops the flat note.
 */
export const fromCopilot = (event: HookEvent): boolean =>
  typeof event.payload.timestamp === "string" && event.payload.permission_mode === undefined;

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
  // Copilot drops a SessionStart `hookSpecificOutput` without a word; its flat form reaches the model on every event.
  note: (context, userMessage, event) =>
    fromCopilot(event) ? flatNoteAnswer(context, userMessage) : noteAnswer(event.nativeEvent, context, userMessage),
};
