// The payload fields the three CLIs share (all snake_case) and the table-driven parse each adapter uses.
import * as z from "zod/mini";
import { inputError } from "../model/errors.ts";
import type {
  CliName,
  EventKind,
  HookEvent,
  HookMoment,
  SessionSource,
  ShellDialect,
  ToolCall,
  ToolKind,
} from "../model/event.ts";

// Built on first use, once per process: constructing zod schemas at module load is start-up time.
const schemas = () => ({
  base: z.looseObject({
    hook_event_name: z.string().check(z.minLength(1)),
    session_id: z.optional(z.string()),
    cwd: z.optional(z.string()),
    transcript_path: z.optional(z.nullable(z.string())),
    permission_mode: z.optional(z.string()),
  }),
  tool: z.looseObject({
    tool_name: z.string().check(z.minLength(1)),
    tool_input: z.optional(z.record(z.string(), z.unknown())),
  }),
});
let built: ReturnType<typeof schemas> | undefined;
export const payloadSchemas = () => {
  built ??= schemas();
  return built;
};

// A payload whose fields plainly have the schema's types is taken as it is: the schemas (and zod's start-up,
// ~2 ms per hook run) are needed only to explain what is wrong with one that does not. Each check below accepts
// only what its schema accepts (test/payload-fast-path.test.ts).
/** A JSON object (not null, not an array): what a payload and its objects must be. */
export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);
/** A field a schema has as `z.optional(z.string())`. */
export const optionalString = (v: unknown) => v === undefined || typeof v === "string";

type Base = z.infer<ReturnType<typeof schemas>["base"]>;
type Tool = z.infer<ReturnType<typeof schemas>["tool"]>;

export function plainBase(raw: unknown): { success: true; data: Base } | undefined {
  if (!isRecord(raw) || typeof raw.hook_event_name !== "string" || raw.hook_event_name === "") return undefined;
  if (!optionalString(raw.session_id) || !optionalString(raw.cwd) || !optionalString(raw.permission_mode))
    return undefined;
  if (raw.transcript_path !== null && !optionalString(raw.transcript_path)) return undefined;
  return { success: true, data: raw as Base };
}

export function plainTool(raw: Record<string, unknown>): { success: true; data: Tool } | undefined {
  if (typeof raw.tool_name !== "string" || raw.tool_name === "") return undefined;
  if (raw.tool_input !== undefined && !isRecord(raw.tool_input)) return undefined;
  return { success: true, data: raw as Tool };
}

/** What differs between CLIs when reading a payload: names of events and tools. */
export interface PayloadDialect {
  cli: CliName;
  /** The product's name (its places' title). */
  title: string;
  events: Readonly<Record<string, Exclude<EventKind, "other">>>;
  tools: Readonly<Record<string, ToolKind>>;
  /**
   * The hook matcher that selects every MCP tool (Claude Code: `mcp__.*`), for CLIs whose hooks are shown MCP calls
   * and filter them by name; absent where hooks never see one, or see every tool call without a matcher.
   */
  mcpMatcher?: string;
  /** Shell tools whose commands are not bash, by tool name (Claude Code's `PowerShell`). */
  shellDialects?: Readonly<Record<string, ShellDialect>>;
  /** The same for the CLI on Windows, where some run their one shell tool's commands in PowerShell. */
  windowsShellDialects?: Readonly<Record<string, ShellDialect>>;
  /** The folder a shell call runs in, for CLIs whose shell tool takes one that the payload's cwd does not show. */
  workdir?: (input: Record<string, unknown>) => string | undefined;
  /** A shell tool's command where it is not `command` (Copilot's write_bash: the text typed into a running shell). */
  commandOf?: (toolName: string, input: Record<string, unknown>) => unknown;
  /** Files a tool writes, for CLIs whose tools do not use `file_path`. */
  filePaths?: (
    toolName: string,
    input: Record<string, unknown>,
  ) =>
    | string[]
    | undefined /** The native events that carry a moment no neutral event kind does (Claude Code's PostToolUseFailure). */;
  moments?: Readonly<Partial<Record<HookMoment, readonly string[]>>>;
}

/** The event names Claude Code introduced and Codex adopted. */
export const TOOL_USE_EVENTS: Readonly<Record<string, Exclude<EventKind, "other">>> = {
  SessionStart: "session-start",
  PreToolUse: "before-tool",
  PostToolUse: "after-tool",
  UserPromptSubmit: "prompt",
  Stop: "stop",
  SessionEnd: "session-end",
};

/** The CLI's native name for a neutral event (the first one the dialect maps to it). */
export function nativeEventName(dialect: PayloadDialect, kind: Exclude<EventKind, "other">): string | undefined {
  return Object.keys(dialect.events).find((name) => dialect.events[name] === kind);
}

const SOURCES: readonly SessionSource[] = ["startup", "resume", "clear", "compact"];

/** Validates and normalises one snake_case payload. Unknown fields are kept in `payload`; unknown events become kind "other". */
export function parsePayload(raw: unknown, dialect: PayloadDialect): HookEvent {
  const base = plainBase(raw) ?? payloadSchemas().base.safeParse(raw);
  if (!base.success)
    throw inputError(`not a ${dialect.cli} hook event (${base.error.issues[0]?.message ?? "invalid"})`);
  const data = base.data;
  const common = {
    cli: dialect.cli,
    nativeEvent: data.hook_event_name,
    sessionId: data.session_id ?? "",
    cwd: data.cwd ?? "",
    payload: data as Record<string, unknown>,
    ...(data.transcript_path ? { transcriptPath: data.transcript_path } : {}),
    ...(data.permission_mode ? { permissionMode: data.permission_mode } : {}),
  };
  const kind = dialect.events[data.hook_event_name];
  switch (kind) {
    case "session-start": {
      const source = SOURCES.find((s) => s === data.source) ?? "startup";
      return { ...common, kind, source };
    }
    case "before-tool":
      return { ...common, kind, tool: readTool(data, dialect) };
    case "after-tool":
      // Copilot CLI sends Claude-format payloads with `tool_result` where Claude Code has `tool_response`.
      return { ...common, kind, tool: readTool(data, dialect), response: data.tool_response ?? data.tool_result };
    case "prompt":
      return { ...common, kind, prompt: typeof data.prompt === "string" ? data.prompt : "" };
    case "session-end":
      return typeof data.reason === "string" ? { ...common, kind, reason: data.reason } : { ...common, kind };
    case "stop":
      return { ...common, kind };
    default:
      return { ...common, kind: "other" };
  }
}

function readTool(data: Record<string, unknown>, dialect: PayloadDialect): ToolCall {
  const parsed = plainTool(data) ?? payloadSchemas().tool.safeParse(data);
  if (!parsed.success) {
    throw inputError(`${String(data.hook_event_name)} without a valid tool_name/tool_input`);
  }
  const name = parsed.data.tool_name;
  const input = parsed.data.tool_input ?? {};
  const kind = dialect.tools[name] ?? "other";
  const tool: ToolCall = { kind, name, input, filePaths: [] };
  if (kind === "shell") {
    const command = dialect.commandOf ? dialect.commandOf(name, input) : input.command;
    if (typeof command !== "string") throw inputError(`${name} call without a command string`);
    tool.command = command;
    const language = shellDialect(dialect, name);
    if (language !== "bash") tool.dialect = language;
    const workdir = dialect.workdir?.(input);
    if (workdir) tool.workdir = workdir;
  }
  if (kind === "file-write" || kind === "file-edit" || kind === "plan-exit") {
    tool.filePaths = dialect.filePaths?.(name, input) ?? defaultFilePaths(input);
  }
  return tool;
}

/** The language of a shell tool's commands: bash unless the dialect says otherwise (for this platform). */
function shellDialect(dialect: PayloadDialect, name: string): ShellDialect {
  const own = (table: Readonly<Record<string, ShellDialect>> | undefined) =>
    table && Object.hasOwn(table, name) ? table[name] : undefined;
  return (
    (process.platform === "win32" ? own(dialect.windowsShellDialects) : undefined) ??
    own(dialect.shellDialects) ??
    "bash"
  );
}

// `path`: Copilot CLI keeps its own argument names in Claude-format payloads (Edit/Write with `path`).
function defaultFilePaths(input: Record<string, unknown>): string[] {
  const path = input.file_path ?? input.notebook_path ?? input.planFilePath ?? input.path;
  return typeof path === "string" && path ? [path] : [];
}
