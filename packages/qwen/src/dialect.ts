// Qwen Code's names for events and tools (measured on Qwen Code 0.24.4): Claude Code's event names and
// snake_case payloads, tool names of its own (a Gemini CLI heritage), `edit` with `old_string`/`new_string`.
import { type PayloadDialect, TOOL_USE_EVENTS } from "@hookrail/core";
import { qwenTitle } from "./places.ts";

export const qwenDialect: PayloadDialect = {
  cli: "qwen",
  title: qwenTitle,
  events: TOOL_USE_EVENTS,
  tools: {
    run_shell_command: "shell",
    write_file: "file-write",
    edit: "file-edit",
    // Jupyter cells: `notebook_path`, read like Claude's NotebookEdit.
    notebook_edit: "file-edit",
    // Offered only in the terminal UI's plan mode (headless `--approval-mode plan` does not register it).
    exit_plan_mode: "plan-exit",
  },
  // run_shell_command runs in `directory` (an absolute path) when the call names one; the payload's cwd stays
  // the project root.
  workdir: (input) => (typeof input.directory === "string" && input.directory ? input.directory : undefined),
  // MCP tools are mcp__<server>__<tool>, with the server's own arguments (measured, 0.24.4).
  mcpMatcher: "mcp__.*",
  // A failed tool call ends with PostToolUseFailure; PermissionRequest alone shows a plan to the user (PreToolUse on
  // exit_plan_mode fires only after an approval).
  moments: { "tool-failure": ["PostToolUseFailure"], "plan-shown": ["PermissionRequest"] },
};
