// Gemini CLI's names for events and tools (measured on Gemini CLI 0.61.0; payloads are snake_case).
import type { PayloadDialect } from "@hookrail/core";
import { geminiTitle } from "./places.ts";

export const geminiDialect: PayloadDialect = {
  cli: "gemini",
  title: geminiTitle,
  events: {
    SessionStart: "session-start",
    BeforeTool: "before-tool",
    AfterTool: "after-tool",
    BeforeAgent: "prompt",
    AfterAgent: "stop",
    SessionEnd: "session-end",
  },
  tools: {
    run_shell_command: "shell",
    write_file: "file-write",
    replace: "file-edit",
    exit_plan_mode: "plan-exit",
  },
  // MCP tools are mcp_<server>_<tool> (tool_input as the server takes it, plus mcp_context {server_name, tool_name,
  // command, args}; measured, 0.61.0). Matchers are regular expressions.
  mcpMatcher: "mcp_.*",
  // On Windows run_shell_command runs `powershell.exe -NoProfile -Command` (gemini-cli's getShellConfiguration).
  windowsShellDialects: { run_shell_command: "powershell" },
  // run_shell_command runs in `dir_path` (relative to the workspace); the payload's cwd stays the project root.
  workdir: (input) => (typeof input.dir_path === "string" ? input.dir_path : undefined),
  filePaths: (_tool, input) =>
    [input.file_path, input.plan_filename].filter((p): p is string => typeof p === "string" && p !== ""),
};
