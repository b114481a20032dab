// Copilot CLI's names for events and tools (measured on Copilot CLI 1.0.102). Copilot sends two payload
// formats: its own (camelCase, for its hook files) and Claude Code's (snake_case, for Claude-format
// plugins and `.claude/settings.json`), which maps tool names (bash → Bash, create → Write) but keeps
// Copilot's argument names (`path`, `file_text`, `old_str`, `new_str`). One dialect reads both.
import { type PayloadDialect, TOOL_USE_EVENTS } from "@hookrail/core";

/** Copilot's own event names, as its hook files spell them (listed first: packaging uses these). */
export const COPILOT_EVENTS = {
  sessionStart: "session-start",
  userPromptSubmitted: "prompt",
  preToolUse: "before-tool",
  postToolUse: "after-tool",
  agentStop: "stop",
  sessionEnd: "session-end",
} as const;

export const copilotDialect: PayloadDialect = {
  cli: "copilot",
  events: { ...COPILOT_EVENTS, ...TOOL_USE_EVENTS },
  tools: {
    bash: "shell",
    // Its shell tool on Windows (the bundled tool schema names shell tools bash/powershell/local_shell).
    powershell: "shell",
    create: "file-write",
    edit: "file-edit",
    // Offered only in the terminal UI's plan mode.
    exit_plan_mode: "plan-exit",
    Bash: "shell",
    PowerShell: "shell",
    Write: "file-write",
    Edit: "file-edit",
  },
  shellDialects: { powershell: "powershell", PowerShell: "powershell" },
  // Copilot's file tools take one absolute `path`, in both formats.
  filePaths: (_tool, input) => (typeof input.path === "string" && input.path ? [input.path] : []),
};

/** Whether an event came in Copilot's own format (its event names are camelCase). */
export const isCopilotFormat = (nativeEvent: string): boolean => nativeEvent in COPILOT_EVENTS;
