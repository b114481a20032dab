// Claude Code's names for events and tools (measured on Claude Code 2.1.332).
import { type PayloadDialect, TOOL_USE_EVENTS } from "@hookrail/core";

export const claudeDialect: PayloadDialect = {
  cli: "claude",
  events: TOOL_USE_EVENTS,
  tools: {
    Bash: "shell",
    Write: "file-write",
    Edit: "file-edit",
    MultiEdit: "file-edit",
    NotebookEdit: "file-edit",
    ExitPlanMode: "plan-exit",
  },
};
