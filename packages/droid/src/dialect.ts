// Factory Droid's names for events and tools (measured on Droid 0.225.2): Claude Code's event names and
// snake_case payloads, tool names of its own (a Claude `Bash` matcher never matches `Execute`), `Edit` with
// `old_str`/`new_str`. No payload carries a `timestamp` or a `tool_use_id`.
import { type PayloadDialect, patchFiles, TOOL_USE_EVENTS } from "@hookrail/core";
import { droidTitle } from "./places.ts";

export const droidDialect: PayloadDialect = {
  cli: "droid",
  title: droidTitle,
  events: TOOL_USE_EVENTS,
  tools: {
    Execute: "shell",
    Create: "file-write",
    Edit: "file-edit",
    // Offered to some models instead of Edit (named in the binary; not measured): `file_path`, and a patch in `input`.
    MultiEdit: "file-edit",
    ApplyPatch: "file-edit",
    // Spec mode's "present the plan" tool: its PreToolUse carries the plan, also in `droid exec --use-spec`.
    ExitSpecMode: "plan-exit",
  },
  filePaths: (tool, input) => (tool === "ApplyPatch" ? patchFiles(input.input) : undefined),
  // MCP tools reach hooks as <server>___<tool>, the name the model calls (measured, 0.225.2).
  mcpMatcher: ".*___.*",
};
