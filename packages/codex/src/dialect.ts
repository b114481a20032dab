// Codex CLI's names for events and tools (measured on Codex 0.169.0).
import { type PayloadDialect, patchFiles, TOOL_USE_EVENTS } from "@hookrail/core";
import { codexTitle } from "./places.ts";

export const codexDialect: PayloadDialect = {
  cli: "codex",
  title: codexTitle,
  events: TOOL_USE_EVENTS,
  // Shell calls arrive as "Bash" whatever the model called (exec_command, shell); patches as apply_patch.
  tools: { Bash: "shell", apply_patch: "file-edit" },
  // On Windows Codex runs shell commands in the user's shell, PowerShell (codex-rs shell detection).
  windowsShellDialects: { Bash: "powershell" },
  // MCP tools reach PreToolUse as mcp__<server>__<tool> (0.171 loads them through its tool_search first).
  mcpMatcher: "mcp__.*",
  filePaths: (tool, input) => (tool === "apply_patch" ? patchFiles(input.command) : undefined),
};
