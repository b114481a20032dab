// Claude Code's names for events and tools (measured on Claude Code 2.1.332).
import type { PayloadDialect } from "@hookrail/core";

export const claudeDialect: PayloadDialect = {
  cli: "claude",
  events: {
    SessionStart: "session-start",
    PreToolUse: "before-tool",
    PostToolUse: "after-tool",
    UserPromptSubmit: "prompt",
    Stop: "stop",
    SessionEnd: "session-end",
  },
  tools: {
    Bash: "shell",
    Write: "file-write",
    Edit: "file-edit",
    MultiEdit: "file-edit",
    NotebookEdit: "file-edit",
    ExitPlanMode: "plan-exit",
  },
};

/** The native event name for each neutral event we bind hooks to. */
export const claudeEventNames = {
  "session-start": "SessionStart",
  "before-tool": "PreToolUse",
  "after-tool": "PostToolUse",
  prompt: "UserPromptSubmit",
  stop: "Stop",
  "session-end": "SessionEnd",
} as const;
