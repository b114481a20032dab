// OpenClaw's plugin hooks and tools (measured on OpenClaw 2026.9.6 through its Gateway), read on the bundle's side.
// before_tool_call {toolName, params, toolCallId, runId}: paths are as the model wrote them (relative to the agent's
// workspace); edit's params arrive normalized ({path, edits: [{oldText, newText}]}) whatever the model sent. Every
// tool call reaches the hook, MCP tools and plugin tools included. after_tool_call, session_start and session_end
// only observe: nothing a plugin returns there reaches the model.
import {
  type BridgeDialect,
  type BridgeHookReader,
  bridgeTool,
  invalid,
  patchFiles,
  type ToolKind,
} from "@hookrail/core";
import * as z from "zod/mini";
import { openclawTitle } from "./places.ts";

const makeSchemas = () => ({
  call: z.looseObject({
    event: z.looseObject({
      toolName: z.string().check(z.minLength(1)),
      toolCallId: z.optional(z.string()),
      params: z.optional(z.record(z.string(), z.unknown())),
    }),
  }),
  // after_tool_call {toolName, params, toolCallId, result: {content: [{type, text}], details}, error?, durationMs}.
  result: z.looseObject({
    event: z.looseObject({
      toolName: z.string().check(z.minLength(1)),
      toolCallId: z.optional(z.string()),
      params: z.optional(z.record(z.string(), z.unknown())),
      result: z.optional(
        z.looseObject({
          content: z.optional(z.array(z.looseObject({ type: z.string(), text: z.optional(z.string()) }))),
        }),
      ),
      error: z.optional(z.string()),
    }),
  }),
  reason: z.looseObject({ event: z.optional(z.looseObject({ reason: z.optional(z.string()) })) }),
});
let schemas: ReturnType<typeof makeSchemas> | undefined;
const get = () => {
  schemas ??= makeSchemas();
  return schemas;
};

const toolCall: BridgeHookReader = {
  kind: "before-tool",
  read(data, dialect) {
    const parsed = get().call.safeParse(data);
    if (!parsed.success) throw invalid("before_tool_call event", parsed.error);
    const { event } = parsed.data;
    return {
      kind: "before-tool",
      tool: bridgeTool(dialect, event.toolName, event.params ?? {}),
      callId: event.toolCallId,
    };
  },
};

const toolResult: BridgeHookReader = {
  kind: "after-tool",
  read(data, dialect) {
    const parsed = get().result.safeParse(data);
    if (!parsed.success) throw invalid("after_tool_call event", parsed.error);
    const { event } = parsed.data;
    const content = event.result?.content ?? [];
    const text = content.flatMap((c) => (c.type === "text" && c.text ? [c.text] : [])).join("\n");
    const tool = bridgeTool(dialect, event.toolName, event.params ?? {});
    const response = { text, isError: event.error !== undefined };
    return { kind: "after-tool", tool, response, callId: event.toolCallId };
  },
};

const sessionEnd: BridgeHookReader = {
  kind: "session-end",
  read(data) {
    const parsed = get().reason.safeParse(data);
    const reason = parsed.success ? parsed.data.event?.reason : undefined;
    return reason ? { kind: "session-end", reason } : { kind: "session-end" };
  },
};

/** OpenClaw's own tools (the `coding` profile and the Gateway's): those that act, and those that only read. */
export const OPENCLAW_TOOLS: Readonly<Record<string, ToolKind>> = {
  exec: "shell",
  // Types into a session exec left running (write, send-keys, paste): what it types is a command line.
  process: "shell",
  write: "file-write",
  edit: "file-edit",
  apply_patch: "file-edit",
  read: "read-only",
  ls: "read-only",
  find: "read-only",
  grep: "read-only",
  web_fetch: "read-only",
  web_search: "read-only",
  tool_search: "read-only",
  // Calls a cataloged tool by id ({id, args}): that call reaches before_tool_call under its own name (toolCallId
  // `tool_search_code:<outer id>:<tool>:<n>`), judged alone; the outer call runs nothing itself.
  tool_call: "read-only",
  tool_describe: "read-only",
  sessions_yield: "read-only",
  session_status: "read-only",
  progress_card: "read-only",
};

/** What `process` types into a running session: write's data, paste's text, send-keys' literal text ("" for none). */
function typed(args: Record<string, unknown>): string {
  const text = args.action === "write" ? args.data : args.action === "paste" ? args.text : args.literal;
  return typeof text === "string" ? text : "";
}

export const openclawDialect: BridgeDialect = {
  cli: "openclaw",
  title: openclawTitle,
  hooks: {
    before_tool_call: toolCall,
    after_tool_call: toolResult,
    session_start: { kind: "session-start", read: () => ({ kind: "session-start", source: "startup" }) },
    session_end: sessionEnd,
  },
  tools: OPENCLAW_TOOLS,
  mcp: true,
  command: (tool, args) => (tool === "process" ? typed(args) : (args.command as string | undefined)),
  filePaths: (tool, input) =>
    tool === "apply_patch"
      ? patchFiles(input.input ?? input.patch)
      : [input.path].filter((p): p is string => typeof p === "string" && p !== ""),
  // Only before_tool_call answers (a block's reason is the call's result); no hook can add a note for the model.
  contextKinds: [],
};
