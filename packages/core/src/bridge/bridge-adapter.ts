// The bundle's side of a bridge adapter (bridge.ts): the plugin's payload validated with zod and read into a
// HookEvent by the CLI's own hook readers, and each decision rendered as the bridge answer the plugin applies.
import * as z from "zod/mini";
import { type Adapter, exitTwoAnswer, jsonAnswer, silentAnswer } from "../adapter/adapter.ts";
import { type AnswerStyle, renderAnswer } from "../adapter/render.ts";
import { inputError } from "../model/errors.ts";
import type { CliName, EventKind, HookEvent, HookMoment, ShellDialect, ToolCall, ToolKind } from "../model/event.ts";
import type { BridgeAnswer } from "./bridge.ts";

type Common = "cli" | "nativeEvent" | "sessionId" | "cwd" | "transcriptPath" | "permissionMode" | "payload";
/** The part of an event that depends on its kind (what a hook reader reads from the hook's arguments). */
export type EventPart = HookEvent extends infer E ? (E extends unknown ? Omit<E, Common> : never) : never;

/** How the bundle reads one of the CLI's hooks. */
export interface BridgeHookReader {
  kind: Exclude<EventKind, "other">;
  /** Validates the hook's data (zod; unknown fields are kept) and reads it; throws a HookrailError("input"). */
  read(data: unknown, dialect: BridgeDialect): EventPart & { callId?: string };
}

/** What differs between bridge CLIs on the bundle's side: their hooks, their tools, where a note can go. */
export interface BridgeDialect {
  cli: CliName;
  /** The product's name (its places' title). */
  title: string;
  hooks: Readonly<Record<string, BridgeHookReader>>;
  /** The CLI's tool names and what each does. */
  tools: Readonly<Record<string, ToolKind>>;
  /** The plugin's tool hooks are called for MCP tools too: a binding with "mcp" watches every tool not in `tools`. */
  mcp?: boolean;
  /** Shell tools whose commands are not bash, by tool name (Pi's `powershell`). */
  shellDialects?: Readonly<Record<string, ShellDialect>>;
  /** The files a tool writes, read from its arguments. */
  filePaths(tool: string, args: Record<string, unknown>): string[];
  /** The command a shell tool runs, when it is not `args.command` ("" for a call that runs none). */
  command?(tool: string, args: Record<string, unknown>): string | undefined;
  /** Kinds of event whose note the plugin can put where the model reads it. */
  contextKinds: readonly EventKind[] /** The native events that carry a moment no neutral event kind does (Claude Code's PostToolUseFailure). */;
  moments?: Readonly<Partial<Record<HookMoment, readonly string[]>>>;
}

const makeEnvelope = () =>
  z.looseObject({
    hookrail_bridge: z.literal(1),
    hook_event_name: z.string().check(z.minLength(1)),
    session_id: z.string(),
    cwd: z.string(),
    data: z.unknown(),
  });
let envelope: ReturnType<typeof makeEnvelope> | undefined;

/** A validation failure as an input error that names the hook and the first problem. */
export function invalid(what: string, error: z.core.$ZodError): Error {
  const issue = error.issues[0];
  const where = issue?.path.length ? ` at ${issue.path.join(".")}` : "";
  return inputError(`not a valid ${what} (${issue?.message ?? "invalid"}${where})`);
}

/** The tool call of a hook, from the CLI's tool name and arguments. */
export function bridgeTool(dialect: BridgeDialect, name: string, args: Record<string, unknown>): ToolCall {
  const kind = dialect.tools[name] ?? "other";
  const tool: ToolCall = { kind, name, input: args, filePaths: [] };
  if (kind === "shell") {
    const command = dialect.command ? dialect.command(name, args) : args.command;
    if (typeof command !== "string") throw inputError(`${name} call without a command string`);
    tool.command = command;
    const shell = dialect.shellDialects && Object.hasOwn(dialect.shellDialects, name) && dialect.shellDialects[name];
    if (shell && shell !== "bash") tool.dialect = shell;
    if (typeof args.workdir === "string" && args.workdir) tool.workdir = args.workdir;
  }
  if (kind === "file-write" || kind === "file-edit" || kind === "plan-exit")
    tool.filePaths = dialect.filePaths(name, args);
  return tool;
}

function parseBridge(raw: unknown, dialect: BridgeDialect): HookEvent {
  envelope ??= makeEnvelope();
  const parsed = envelope.safeParse(raw);
  if (!parsed.success) throw invalid(`${dialect.cli} bridge event`, parsed.error);
  const { data: payload } = parsed;
  const common = {
    cli: dialect.cli,
    nativeEvent: payload.hook_event_name,
    sessionId: payload.session_id,
    cwd: payload.cwd,
    payload: payload as Record<string, unknown>,
  };
  const reader = dialect.hooks[payload.hook_event_name];
  if (!reader) return { ...common, kind: "other" };
  const { callId, ...part } = reader.read(payload.data, dialect);
  // Guardrails that tell calls apart read the call id where every CLI's payload keeps it.
  if (callId) common.payload = { ...common.payload, tool_use_id: callId };
  return { ...common, ...part } as HookEvent;
}

const block = (reason: string) => jsonAnswer({ action: "block", reason } satisfies BridgeAnswer);

function note(context: string | undefined, userMessage: string | undefined) {
  if (context === undefined && !userMessage) return silentAnswer();
  const answer: BridgeAnswer = {
    action: "note",
    ...(context !== undefined ? { context } : {}),
    ...(userMessage ? { userMessage } : {}),
  };
  return jsonAnswer(answer);
}

/** A bridge CLI's adapter: parses the plugin's payload, renders the bridge answer. */
export function defineBridgeAdapter(dialect: BridgeDialect): Adapter {
  // None of the three can ask the user from a hook: an ask is answered with its fallback, else blocked.
  const style: AnswerStyle = { contextKinds: dialect.contextKinds, deny: block, note };
  return {
    cli: dialect.cli,
    title: dialect.title,
    parse: (payload) => parseBridge(payload, dialect),
    render: (decision, event) =>
      decision.type === "message" ? note(undefined, decision.userMessage) : renderAnswer(decision, event, style),
    block: exitTwoAnswer,
    notesReachModel: (kind) => dialect.contextKinds.includes(kind),
  };
}
