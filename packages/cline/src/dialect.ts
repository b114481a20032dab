// Cline's names for events and tools, measured on the real CLI 3.0.65 (docs/cli-differences.md#cline). A hook is
// a file named after its event; the payload names the event only by Cline's internal `hookName`, which
// payload.ts turns back into the file name. `run_commands` takes a list of commands, each run on its own. An MCP
// tool is offered as `<server>__<tool>` (characters outside [A-Za-z0-9_-] made `_`; a name over 64 characters cut
// and ended with a hash), and its hook payload is any other call's: `tool_call {id, name, input}`.
import type { PayloadDialect } from "@hookrail/core";
import { clineTitle } from "./places.ts";

/** Set by a guardrail's answer written before it knew the call (adapter.ts's block): the dispatcher refuses the call. */
export const CLINE_REFUSE_FLAG = "hookrailRefuse";

/**
 * The marker on the dispatcher's second line (dispatcher-source.ts): the installer replaces a file that carries it
 * and no other. Here, not beside the dispatcher's text, so a hook bundle that needs only these names never carries
 * that text.
 */
export const DISPATCHER_MARKER = "// hookrail dispatcher for Cline hooks";

/** The hook file names and the neutral event each one is (the first per kind is the one packaging uses). */
export const CLINE_EVENTS = {
  TaskStart: "session-start",
  PreToolUse: "before-tool",
  PostToolUse: "after-tool",
  UserPromptSubmit: "prompt",
  TaskComplete: "stop",
  SessionShutdown: "session-end",
} as const;

/** Cline's internal `hookName` in a payload → the hook file name that ran. */
export const CLINE_HOOK_NAMES: Readonly<Record<string, string>> = {
  agent_start: "TaskStart",
  agent_resume: "TaskResume",
  prompt_submit: "UserPromptSubmit",
  tool_call: "PreToolUse",
  tool_result: "PostToolUse",
  agent_end: "TaskComplete",
  agent_error: "TaskError",
  agent_abort: "TaskCancel",
  session_shutdown: "SessionShutdown",
};

/** The tool whose calls are shell commands; a refusal of one replaces its commands (refusal.ts). */
export const CLINE_SHELL_TOOL = "run_commands";
/** The tool that edits and creates files; a refusal of one replaces its input with one it rejects (refusal.ts). */
export const CLINE_EDIT_TOOL = "editor";
/** What joins an MCP tool's server and tool in the name Cline gives it (`github__merge_pull_request`). */
export const CLINE_MCP_SEPARATOR = "__";

const commandsOf = (input: Record<string, unknown>): string[] | undefined => {
  const commands = input.commands;
  if (typeof commands === "string") return [commands];
  if (Array.isArray(commands) && commands.every((c) => typeof c === "string")) return commands;
  return undefined;
};

export const clineDialect: PayloadDialect = {
  cli: "cline",
  title: clineTitle,
  events: CLINE_EVENTS,
  // Cline's own tools have no `__`: a hook sees every MCP tool by it (the dispatcher selects them so).
  mcpMatcher: CLINE_MCP_SEPARATOR,
  tools: {
    run_commands: "shell",
    // `editor` edits a file, or creates it from `new_text` when it is missing.
    editor: "file-edit",
    read_files: "read-only",
    search_codebase: "read-only",
    fetch_web_content: "read-only",
    ask_question: "read-only",
  },
  // Each command of a call runs on its own: one per line, as a script would run them, so every one is judged.
  commandOf: (_tool, input) => commandsOf(input)?.join("\n"),
  filePaths: (_tool, input) => (typeof input.path === "string" && input.path ? [input.path] : []),
};
