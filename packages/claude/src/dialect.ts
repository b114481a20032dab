// Claude Code's names for events and tools (measured on Claude Code 2.1.332). Its `PowerShell` tool (on Windows
// without Git Bash, or with CLAUDE_CODE_USE_POWERSHELL_TOOL=1) takes the same input as Bash, in PowerShell.
import { type PayloadDialect, TOOL_USE_EVENTS, type ToolKind } from "@hookrail/core";
import { claudeTitle } from "./places.ts";

const READ_ONLY = ["Read", "Glob", "Grep", "LS", "WebFetch", "WebSearch", "Task", "TodoWrite", "NotebookRead"];

export const claudeDialect: PayloadDialect = {
  cli: "claude",
  title: claudeTitle,
  events: TOOL_USE_EVENTS,
  tools: {
    Bash: "shell",
    PowerShell: "shell",
    Write: "file-write",
    Edit: "file-edit",
    MultiEdit: "file-edit",
    NotebookEdit: "file-edit",
    ExitPlanMode: "plan-exit",
    // Tools that run no command and write no file: never matched by hookrail's hooks here, but Copilot CLI calls a
    // Claude-format plugin's hooks on every tool, with these names.
    ...Object.fromEntries(READ_ONLY.map((name): [string, ToolKind] => [name, "read-only"])),
  },
  shellDialects: { PowerShell: "powershell" },
  // MCP tools are mcp__<server>__<tool>; the PreToolUse payload adds mcp_server {name, source} (measured, 2.1.332).
  // Copilot CLI runs this plugin too and names them <server>-<tool> there (measured, 1.0.102); no tool of Claude
  // Code's own has a dash in its name.
  mcpMatcher: "mcp__.*|.*-.*",
  // A failed tool call ends with PostToolUseFailure, not PostToolUse; a rejected plan's feedback arrives only in
  // PostToolBatch.
  moments: { "tool-failure": ["PostToolUseFailure"], "plan-feedback": ["PostToolBatch"] },
};
