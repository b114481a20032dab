// Kimi Code's names for events and tools (measured on Kimi Code 2.1.0): Claude Code's event names and snake_case
// payloads, tools of its own (`Bash`, `Write`/`Edit` with `path`), MCP tools as `mcp__<server>__<tool>`.
import { type PayloadDialect, TOOL_USE_EVENTS } from "@hookrail/core";
import { kimiTitle } from "./places.ts";

export const kimiDialect: PayloadDialect = {
  cli: "kimi",
  title: kimiTitle,
  events: TOOL_USE_EVENTS,
  tools: {
    Bash: "shell",
    Write: "file-write",
    Edit: "file-edit",
    // Its tool_input is `{}`: the plan reaches hooks only in PostToolUse's `tool_output`.
    ExitPlanMode: "plan-exit",
  },
  // Bash runs in `cwd` when the call names one; the payload's cwd stays the session's.
  workdir: (input) => (typeof input.cwd === "string" && input.cwd ? input.cwd : undefined),
  filePaths: (_tool, input) => [input.path].filter((p): p is string => typeof p === "string" && p !== ""),
  // Matchers are unanchored regular expressions on the tool name.
  mcpMatcher: "^mcp__",
};
