// How Qwen Code wants answers (measured on 0.24.4): Claude Code's forms. A deny at exit 0 in
// `hookSpecificOutput` blocks with its reason; exit 2 blocks only with text on stderr (a silent exit 2 lets
// the command run), which the shared unreadable-event answer always has. Notes reach the model only as
// `hookSpecificOutput.additionalContext`, and not before a tool.
import { type AnswerStyle, jsonAnswer, permissionAnswer } from "@hookrail/core";

export const qwenStyle: AnswerStyle = {
  // SessionStart (the system prompt), UserPromptSubmit (after the prompt) and PostToolUse (appended to the
  // tool result) reach the model; PreToolUse context is dropped with or without an allow, and the flat
  // `additionalContext` on every event.
  contextKinds: ["session-start", "prompt", "after-tool"],
  // `ask` blocks headless (nobody to ask); its terminal UI dialog is not measured, so an ask falls back.
  deny: (reason, _ask, event) =>
    event.kind === "before-tool" ? permissionAnswer("deny", reason) : jsonAnswer({ decision: "block", reason }),
};
