// Copilot CLI's names for events and tools (measured on Copilot CLI 1.0.102). Copilot sends two payload
// formats: its own (camelCase, for its hook files) and Claude Code's (snake_case, for Claude-format
// plugins and `.claude/settings.json`), which maps tool names (bash → Bash, create → Write) but keeps
// Copilot's argument names (`path`, `file_text`, `old_str`, `new_str`). One dialect reads both.
import { type PayloadDialect, patchFiles, TOOL_USE_EVENTS, type ToolKind } from "@hookrail/core";
import { copilotTitle } from "./places.ts";

/** Copilot's own event names, as its hook files spell them (listed first: packaging uses these). */
export const COPILOT_EVENTS = {
  sessionStart: "session-start",
  userPromptSubmitted: "prompt",
  preToolUse: "before-tool",
  postToolUse: "after-tool",
  agentStop: "stop",
  sessionEnd: "session-end",
} as const;

// Copilot's hook files have no tool matcher, so every tool call reaches every hook: its own tools that run no
// command and write no file are named here (tool names of 1.0.102's binary; in Claude-format payloads `view`
// arrives as `Read`, the other Claude names for the same tools are listed with it).
const READ_ONLY = [
  ...["view", "view_image", "view_file_chunked", "glob", "grep", "rg", "web_fetch", "web_search", "report_intent"],
  ...["task", "read_agent", "list_agents", "ask_user", "skill", "fetch_copilot_cli_documentation", "update_todo"],
  // Its session database (todos and notes), not the project's files.
  ...["sql", "session_store_sql"],
  // Reading, stopping or listing a running shell session types nothing into it.
  ...["read_bash", "stop_bash", "list_bash", "read_powershell", "stop_powershell", "list_powershell"],
  ...["Read", "Glob", "Grep", "LS", "WebFetch", "WebSearch", "Task", "TodoWrite"],
];
// write_bash / write_powershell type `input` into a running shell session (`{shellId, input, delay}`): what is
// typed is a command line like any other.
const TYPED = new Set(["write_bash", "write_powershell"]);

export const copilotDialect: PayloadDialect = {
  cli: "copilot",
  title: copilotTitle,
  events: { ...COPILOT_EVENTS, ...TOOL_USE_EVENTS },
  tools: {
    ...Object.fromEntries(READ_ONLY.map((name): [string, ToolKind] => [name, "read-only"])),
    bash: "shell",
    write_bash: "shell",
    write_powershell: "shell",
    // Its shell tool on Windows (the bundled tool schema names shell tools bash/powershell/local_shell).
    powershell: "shell",
    create: "file-write",
    edit: "file-edit",
    // Offered to some models instead of view/create/edit (`command` view|create|str_replace|insert, one `path`).
    str_replace_editor: "file-edit",
    apply_patch: "file-edit",
    // Offered only in the terminal UI's plan mode.
    exit_plan_mode: "plan-exit",
    Bash: "shell",
    PowerShell: "shell",
    Write: "file-write",
    Edit: "file-edit",
  },
  shellDialects: { powershell: "powershell", write_powershell: "powershell", PowerShell: "powershell" },
  commandOf: (tool, input) => (TYPED.has(tool) ? input.input : input.command),
  // Copilot's file tools take one absolute `path`, in both formats; apply_patch one patch (`input` or `patch`).
  filePaths: (tool, input) =>
    tool === "apply_patch"
      ? patchFiles(input.input ?? input.patch)
      : typeof input.path === "string" && input.path
        ? [input.path]
        : [],
};

/** Whether an event came in Copilot's own format (its event names are camelCase). */
export const isCopilotFormat = (nativeEvent: string): boolean => nativeEvent in COPILOT_EVENTS;
