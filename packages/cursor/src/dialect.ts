// Cursor's names for events and tools, from its hooks reference (cursor.com/docs/hooks) and published
// captures (docs/cli-differences.md#cursor): built from the documentation, not yet run against the binary here.
// Payloads are snake_case and carry `hook_event_name`; the shell hook and the edit hook carry their fields flat,
// the MCP hook its arguments as a JSON string (payload.ts gives them the tool shape core reads).
import type { PayloadDialect } from "@hookrail/core";
import { cursorTitle } from "./places.ts";

/** Cursor's event names, camelCase as its hooks.json spells them (the first per kind is the one packaging uses). */
export const CURSOR_EVENTS = {
  sessionStart: "session-start",
  preToolUse: "before-tool",
  beforeShellExecution: "before-tool",
  beforeMCPExecution: "before-tool",
  postToolUse: "after-tool",
  afterShellExecution: "after-tool",
  afterFileEdit: "after-tool",
  beforeSubmitPrompt: "prompt",
  stop: "stop",
  sessionEnd: "session-end",
} as const;

/** The events whose answer is a permission (`allow` / `deny` / `ask`). */
export const PERMISSION_EVENTS: ReadonlySet<string> = new Set([
  "preToolUse",
  "beforeShellExecution",
  "beforeMCPExecution",
]);

/** The events whose `additional_context` reaches the model (sessionStart, postToolUse); the after-hooks have no answer. */
export const CONTEXT_EVENTS: ReadonlySet<string> = new Set(["sessionStart", "postToolUse"]);

export const cursorDialect: PayloadDialect = {
  cli: "cursor",
  title: cursorTitle,
  events: CURSOR_EVENTS,
  tools: {
    Shell: "shell",
    // Cursor's hooks reference names one tool type for file changes, `Write`; `StrReplace` is the edit tool
    // third-party Cursor hook configs match.
    Write: "file-write",
    StrReplace: "file-edit",
  },
  // The Shell tool's input names the folder it runs in (observed empty: then the workspace root is the folder).
  workdir: (input) => (typeof input.cwd === "string" && input.cwd !== "" ? input.cwd : undefined),
};
