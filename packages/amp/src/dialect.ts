// Amp's plugin events and tools (read in the shipped binary, 0.0.1790142911): tool.call {toolUseID, tool, input,
// thread}, tool.result adds {status, output, error}, session.start {thread}, agent.start {message, id, thread},
// agent.end {message, status, messages, thread}. The plugin sends the bundle only the fields read here. Amp hands
// a plugin async_shell_command as shell_command, and an MCP tool as mcp__<server>__<tool>.
import {
  type BridgeDialect,
  type BridgeHookReader,
  bridgeTool,
  invalid,
  patchFiles,
  type ToolKind,
} from "@hookrail/core";
import * as z from "zod/mini";
import { ampTitle } from "./places.ts";

const makeSchemas = () => ({
  call: z.looseObject({
    tool: z.string().check(z.minLength(1)),
    toolUseID: z.optional(z.string()),
    input: z.optional(z.record(z.string(), z.unknown())),
  }),
  result: z.looseObject({
    tool: z.string().check(z.minLength(1)),
    toolUseID: z.optional(z.string()),
    input: z.optional(z.record(z.string(), z.unknown())),
    status: z.optional(z.string()),
    output: z.optional(z.string()),
  }),
  prompt: z.looseObject({ message: z.optional(z.string()) }),
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
    if (!parsed.success) throw invalid("tool.call event", parsed.error);
    const { tool, input, toolUseID } = parsed.data;
    return { kind: "before-tool", tool: bridgeTool(dialect, tool, input ?? {}), callId: toolUseID };
  },
};

const toolResult: BridgeHookReader = {
  kind: "after-tool",
  read(data, dialect) {
    const parsed = get().result.safeParse(data);
    if (!parsed.success) throw invalid("tool.result event", parsed.error);
    const { tool, input, toolUseID, status, output } = parsed.data;
    return {
      kind: "after-tool",
      tool: bridgeTool(dialect, tool, input ?? {}),
      response: { text: output ?? "", isError: status !== undefined && status !== "done" },
      callId: toolUseID,
    };
  },
};

const prompt: BridgeHookReader = {
  kind: "prompt",
  read(data) {
    const parsed = get().prompt.safeParse(data);
    if (!parsed.success) throw invalid("agent.start event", parsed.error);
    return { kind: "prompt", prompt: parsed.data.message ?? "" };
  },
};

/**
 * Amp's built-in tools a plugin sees: those that act, and those that only read or delegate (which a guardrail never
 * watches). Task's and the oracle's own calls reach tool.call one by one, each judged alone.
 */
export const AMP_TOOLS: Readonly<Record<string, ToolKind>> = {
  Bash: "shell",
  shell_command: "shell",
  create_file: "file-write",
  delete_file: "file-write",
  edit_file: "file-edit",
  apply_patch: "file-edit",
  Read: "read-only",
  read_file: "read-only",
  Grep: "read-only",
  glob: "read-only",
  Glob: "read-only",
  finder: "read-only",
  get_diagnostics: "read-only",
  read_web_page: "read-only",
  web_search: "read-only",
  read_mcp_resource: "read-only",
  read_thread: "read-only",
  find_thread: "read-only",
  oracle: "read-only",
  librarian: "read-only",
  Task: "read-only",
  task_list: "read-only",
  skill: "read-only",
  shell_command_status: "read-only",
  shell_command_kill: "read-only",
};

export const ampDialect: BridgeDialect = {
  cli: "amp",
  title: ampTitle,
  // session.start cannot answer: its note goes with agent.start, the first place before the model. Amp has no
  // session end event (a thread stays open in Amp's service).
  hooks: {
    "tool.call": toolCall,
    "tool.result": toolResult,
    "session.start": { kind: "session-start", read: () => ({ kind: "session-start", source: "startup" }) },
    "agent.start": prompt,
    "agent.end": { kind: "stop", read: () => ({ kind: "stop" }) },
  },
  tools: AMP_TOOLS,
  mcp: true,
  // Bash {cmd, cwd}; shell_command {command, workdir, timeout_ms}.
  command: (tool, args) => {
    const command = tool === "Bash" ? args.cmd : args.command;
    return typeof command === "string" ? command : undefined;
  },
  filePaths: (tool, input) =>
    tool === "apply_patch"
      ? patchFiles(input.patchText)
      : [input.path].filter((p): p is string => typeof p === "string" && p !== ""),
  contextKinds: ["session-start", "prompt", "after-tool"],
};
