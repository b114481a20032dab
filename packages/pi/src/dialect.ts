// Pi's events and tools (measured on Pi 0.73.1 and 1.6.0), read on the bundle's side. Paths are as the model wrote
// them (relative to the session's folder); tool_result's text is what the model would read. Pi 1.6's optional
// `powershell` tool (`--tools +powershell`) takes bash's input, in PowerShell. A codemode script's nested calls
// (`await tools.bash(…)`) are tool_call events like any other, with a `parentToolCallId`: each is judged alone.
import {
  type BridgeDialect,
  type BridgeHookReader,
  bridgeTool,
  invalid,
  type SessionSource,
  type ToolKind,
} from "@hookrail/core";
import * as z from "zod/mini";
import { piTitle } from "./places.ts";

const makeSchemas = () => ({
  // tool_call {toolName, toolCallId, input}; input is the call's, mutable.
  call: z.looseObject({
    event: z.looseObject({
      toolName: z.string().check(z.minLength(1)),
      toolCallId: z.optional(z.string()),
      input: z.optional(z.record(z.string(), z.unknown())),
    }),
  }),
  // tool_result {toolName, toolCallId, input, content: [{type, text}], isError}.
  result: z.looseObject({
    event: z.looseObject({
      toolName: z.string().check(z.minLength(1)),
      toolCallId: z.optional(z.string()),
      input: z.optional(z.record(z.string(), z.unknown())),
      content: z.optional(z.array(z.looseObject({ type: z.string(), text: z.optional(z.string()) }))),
      isError: z.optional(z.boolean()),
    }),
  }),
  prompt: z.looseObject({ event: z.looseObject({ prompt: z.optional(z.string()) }) }),
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
    if (!parsed.success) throw invalid("tool_call event", parsed.error);
    const { event } = parsed.data;
    return {
      kind: "before-tool",
      tool: bridgeTool(dialect, event.toolName, event.input ?? {}),
      callId: event.toolCallId,
    };
  },
};

const toolResult: BridgeHookReader = {
  kind: "after-tool",
  read(data, dialect) {
    const parsed = get().result.safeParse(data);
    if (!parsed.success) throw invalid("tool_result event", parsed.error);
    const { event } = parsed.data;
    const text = (event.content ?? []).flatMap((c) => (c.type === "text" && c.text ? [c.text] : [])).join("\n");
    const tool = bridgeTool(dialect, event.toolName, event.input ?? {});
    return { kind: "after-tool", tool, response: { text, isError: event.isError === true }, callId: event.toolCallId };
  },
};

// session_start's reason: startup, or a session pi replaced (/new, /resume, /fork) for this one.
const SOURCES: Record<string, SessionSource> = { startup: "startup", resume: "resume", new: "clear", fork: "startup" };

const sessionStart: BridgeHookReader = {
  kind: "session-start",
  read(data) {
    const parsed = get().reason.safeParse(data);
    const reason = parsed.success ? parsed.data.event?.reason : undefined;
    return { kind: "session-start", source: SOURCES[reason ?? ""] ?? "startup" };
  },
};

const prompt: BridgeHookReader = {
  kind: "prompt",
  read(data) {
    const parsed = get().prompt.safeParse(data);
    if (!parsed.success) throw invalid("before_agent_start event", parsed.error);
    return { kind: "prompt", prompt: parsed.data.event.prompt ?? "" };
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

/** Pi's built-in tools: those that act, and those that only read (which a guardrail never watches). */
export const PI_TOOLS: Readonly<Record<string, ToolKind>> = {
  bash: "shell",
  powershell: "shell",
  write: "file-write",
  edit: "file-edit",
  read: "read-only",
  grep: "read-only",
  find: "read-only",
  ls: "read-only",
  // A codemode script (QuickJS) acts only through `tools.<name>()`, whose calls are tool_call events judged one
  // by one: the script itself runs nothing a guardrail could judge, and judging it whole would refuse honest scripts.
  codemode: "read-only",
};

export const piDialect: BridgeDialect = {
  cli: "pi",
  title: piTitle,
  // session_start cannot answer; its note is delivered with before_agent_start, pi's only place before the model.
  hooks: {
    tool_call: toolCall,
    tool_result: toolResult,
    session_start: sessionStart,
    before_agent_start: prompt,
    agent_end: { kind: "stop", read: () => ({ kind: "stop" }) },
    session_shutdown: sessionEnd,
  },
  tools: PI_TOOLS,
  // Pi has no MCP of its own; an extension can add MCP servers' tools, and tool_call sees every tool.
  mcp: true,
  shellDialects: { powershell: "powershell" },
  filePaths: (_tool, input) => [input.path].filter((p): p is string => typeof p === "string" && p !== ""),
  contextKinds: ["session-start", "prompt", "after-tool"],
};
