// Auggie's names for events and tools (measured on Auggie 0.36.0): Claude Code's event names but PromptSubmit for
// the prompt, snake_case payloads without `session_id` or `cwd` (payload.ts), kebab-case tool names of its own.
// File tools take paths relative to the workspace root.
import { type PayloadDialect, patchFiles } from "@hookrail/core";
import { auggieTitle } from "./places.ts";

/** Auggie's event names (the first per kind is the one packaging uses). */
export const AUGGIE_EVENTS = {
  SessionStart: "session-start",
  PreToolUse: "before-tool",
  PostToolUse: "after-tool",
  PromptSubmit: "prompt",
  Stop: "stop",
  SessionEnd: "session-end",
} as const;

export const auggieDialect: PayloadDialect = {
  cli: "auggie",
  title: auggieTitle,
  events: AUGGIE_EVENTS,
  tools: {
    "launch-process": "shell",
    "save-file": "file-write",
    "str-replace-editor": "file-edit",
    apply_patch: "file-edit",
    // Deleting a file changes it as much as editing it (a settings file removed switches its hooks off).
    "remove-files": "file-edit",
    // Plan mode's last call (its terminal UI, behind the server's cliEnablePlanMode flag): `{summary}` only, the
    // plan was saved before under ~/.augment/plans/.
    "exit-plan-mode": "plan-exit",
    view: "read-only",
    "codebase-retrieval": "read-only",
    "list-processes": "read-only",
    "read-process": "read-only",
    view_tasklist: "read-only",
  },
  filePaths: (tool, input) =>
    tool === "apply_patch"
      ? patchFiles(input.input)
      : tool === "remove-files"
        ? (Array.isArray(input.file_paths) ? input.file_paths : []).filter((p): p is string => typeof p === "string")
        : undefined,
  // launch-process runs in `cwd` (relative to the workspace root) when the call names one.
  workdir: (input) => (typeof input.cwd === "string" && input.cwd !== "" && input.cwd !== "." ? input.cwd : undefined),
  // MCP tools are <tool>_<server>, flagged `is_mcp_tool`; a matcher without the `mcp:` prefix never matches one, and
  // `mcp:<regex>` matches MCP tools alone (measured, 0.36.0).
  mcpMatcher: "mcp:.*",
};
