// The CLI-neutral event model: every adapter turns its CLI's stdin payload into one HookEvent.

/** The CLIs hookrail supports. Each has an adapter package `packages/<name>` (see docs/development.md). */
export const CLI_NAMES = [
  "claude",
  "gemini",
  "codex",
  "copilot",
  "qwen",
  "cline",
  "droid",
  "cursor",
  "antigravity",
  "opencode",
  "kilo",
  "pi",
  "kimi",
  "amp",
  "openclaw",
  "auggie",
] as const;

export type CliName = (typeof CLI_NAMES)[number];

/**
 * What a tool does, whatever the CLI calls it. "read-only": the CLI's own tool that runs no command and writes no
 * file (reads, searches, reports progress), named by the adapter for CLIs whose hooks see every tool call.
 */
export type ToolKind = "shell" | "file-write" | "file-edit" | "plan-exit" | "read-only" | "other";

/**
 * Moments a guardrail may need that no neutral event kind carries. A CLI that has one names the native events that
 * carry it (its dialect's `moments`), and a guardrail that needs it binds them (its manifest's `moments`).
 * - `tool-failure`: a tool call that failed ends with an event of its own, not the after-tool one;
 * - `plan-shown`: the plan is shown to the user for approval in an event of its own;
 * - `plan-feedback`: a rejected plan's feedback arrives only in an event of its own.
 */
export type HookMoment = "tool-failure" | "plan-shown" | "plan-feedback";

/**
 * What a guardrail may need a CLI's hooks to do beyond being called. A CLI that cannot says why in its places'
 * `lacks`, and a guardrail that needs it is refused there (its manifest's `needs`).
 * - `session-start-note`: an answer at a session's start reaches the model before its first request;
 * - `tool-note`: a hook can tell the model something beside a tool call it lets run;
 * - `plan-approval`: a hook sees a plan approved (or rejected) in the CLI's plan mode.
 */
export type HookNeed = "session-start-note" | "tool-note" | "plan-approval";

/** The language a shell tool's command is written in: a POSIX shell's (bash) or PowerShell's. */
export type ShellDialect = "bash" | "powershell";

export interface ToolCall {
  kind: ToolKind;
  /** The CLI's own tool name (Bash, run_shell_command, apply_patch, ...). */
  name: string;
  input: Record<string, unknown>;
  /** The shell command, for shell tools. */
  command?: string;
  /** The language of `command`, set by the adapter for shell tools that are not bash; absent means bash. */
  dialect?: ShellDialect;
  /** The folder a shell tool runs its command in when the call names one (Gemini's `dir_path`, Qwen's `directory`), as given: relative to cwd. */
  workdir?: string;
  /** Files the tool writes or edits, as given (possibly relative to cwd). */
  filePaths: string[];
}

export type SessionSource = "startup" | "resume" | "clear" | "compact";

interface EventBase {
  cli: CliName;
  /** The CLI's own event name (PreToolUse, BeforeTool, ...). */
  nativeEvent: string;
  sessionId: string;
  cwd: string;
  transcriptPath?: string;
  permissionMode?: string;
  /** The whole validated payload, unknown fields included. */
  payload: Record<string, unknown>;
}

export type HookEvent = EventBase &
  (
    | { kind: "session-start"; source: SessionSource }
    | { kind: "before-tool"; tool: ToolCall }
    | { kind: "after-tool"; tool: ToolCall; response: unknown }
    | { kind: "prompt"; prompt: string }
    | { kind: "stop" }
    | { kind: "session-end"; reason?: string }
    | { kind: "other" }
  );

export type EventKind = HookEvent["kind"];
