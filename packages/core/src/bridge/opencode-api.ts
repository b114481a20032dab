// The plugin API OpenCode has and its fork Kilo Code CLI shares (measured the same in both: the same hooks,
// arguments and answers), on the bundle's side: how each hook's arguments are read into an event. Each CLI's
// adapter is this API with its own name, tools and plan folders (packages/opencode, packages/kilo).
import * as z from "zod/mini";
import { patchFiles } from "../adapter/patch-files.ts";
import type { CliName, EventKind, ToolKind } from "../model/event.ts";
import { type BridgeDialect, type BridgeHookReader, bridgeTool, invalid } from "./bridge-adapter.ts";

const args = () => z.optional(z.record(z.string(), z.unknown()));
const makeSchemas = () => ({
  // tool.execute.before(input {tool, sessionID, callID}, output {args}); the args are the call's, mutable.
  before: z.looseObject({
    input: z.looseObject({ tool: z.string().check(z.minLength(1)), callID: z.optional(z.string()) }),
    output: z.looseObject({ args: args() }),
  }),
  // tool.execute.after(input {tool, sessionID, callID, args}, output {title, output, metadata}).
  after: z.looseObject({
    input: z.looseObject({ tool: z.string().check(z.minLength(1)), callID: z.optional(z.string()), args: args() }),
    output: z.optional(z.looseObject({ output: z.optional(z.unknown()) })),
  }),
  // chat.message(input {sessionID}, output {message, parts}): the prompt is its text parts.
  message: z.looseObject({
    output: z.looseObject({
      parts: z.array(z.looseObject({ type: z.string(), text: z.optional(z.string()) })),
    }),
  }),
});
let schemas: ReturnType<typeof makeSchemas> | undefined;
const get = () => {
  schemas ??= makeSchemas();
  return schemas;
};

const before: BridgeHookReader = {
  kind: "before-tool",
  read(data, dialect) {
    const parsed = get().before.safeParse(data);
    if (!parsed.success) throw invalid("tool.execute.before call", parsed.error);
    const { input, output } = parsed.data;
    return { kind: "before-tool", tool: bridgeTool(dialect, input.tool, output.args ?? {}), callId: input.callID };
  },
};

const after: BridgeHookReader = {
  kind: "after-tool",
  read(data, dialect) {
    const parsed = get().after.safeParse(data);
    if (!parsed.success) throw invalid("tool.execute.after call", parsed.error);
    const { input, output } = parsed.data;
    const tool = bridgeTool(dialect, input.tool, input.args ?? {});
    return { kind: "after-tool", tool, response: output?.output, callId: input.callID };
  },
};

const prompt: BridgeHookReader = {
  kind: "prompt",
  read(data) {
    const parsed = get().message.safeParse(data);
    if (!parsed.success) throw invalid("chat.message call", parsed.error);
    const texts = parsed.data.output.parts.flatMap((p) => (p.type === "text" && p.text ? [p.text] : []));
    return { kind: "prompt", prompt: texts.join("\n") };
  },
};

const sessionStart: BridgeHookReader = {
  kind: "session-start",
  read: () => ({ kind: "session-start", source: "startup" }),
};
const stop: BridgeHookReader = { kind: "stop", read: () => ({ kind: "stop" }) };
const sessionEnd: BridgeHookReader = { kind: "session-end", read: () => ({ kind: "session-end" }) };

/**
 * The hooks the plugin handles, by the name it sends: tool calls before and after they run, the prompt as it is
 * stored, the bus events (`event.<type>`, notify-only) that mark a session's start, its turns' ends and its
 * deletion, and the system prompt before each model request (where a session-start note is delivered, and a
 * session resumed without a `session.created` event is seen first).
 */
export const OPENCODE_API_HOOKS: Readonly<Record<string, BridgeHookReader>> = {
  "tool.execute.before": before,
  "tool.execute.after": after,
  "chat.message": prompt,
  "event.session.created": sessionStart,
  "experimental.chat.system.transform": sessionStart,
  "event.session.idle": stop,
  "event.session.deleted": sessionEnd,
};

/**
 * The built-in tools both CLIs offer (measured on OpenCode 1.18.33 and Kilo 7.7.7; file tools take absolute
 * paths). GPT models get apply_patch {patchText} instead of edit and write. The read-only ones are named so that a
 * guardrail watching MCP tools (every tool that is not the CLI's own) is not called for them: offered in 1.18.33's
 * runs (read, glob, grep, skill, task, todowrite, webfetch) and under other settings (list, websearch, codesearch,
 * todoread, question).
 */
export const OPENCODE_API_TOOLS: Readonly<Record<string, ToolKind>> = {
  bash: "shell",
  write: "file-write",
  edit: "file-edit",
  apply_patch: "file-edit",
  plan_exit: "plan-exit",
  ...Object.fromEntries(
    [
      "read",
      "glob",
      "grep",
      "list",
      "skill",
      "task",
      "todowrite",
      "todoread",
      "webfetch",
      "websearch",
      "codesearch",
      "question",
    ].map((name): [string, ToolKind] => [name, "read-only"]),
  ),
};

/**
 * Where a note reaches the model: the session's extra system message, the prompt (chat.message), the tool's
 * result (tool.execute.after). Before a tool nothing but a throw reaches it, and a throw blocks.
 */
export const OPENCODE_API_CONTEXT: readonly EventKind[] = ["session-start", "prompt", "after-tool"];

/** A CLI with OpenCode's plugin API, as a bridge dialect. */
export function openCodeApiDialect(
  cli: CliName,
  title: string,
  tools: Readonly<Record<string, ToolKind>> = OPENCODE_API_TOOLS,
): BridgeDialect {
  return {
    cli,
    title,
    hooks: OPENCODE_API_HOOKS,
    tools,
    // MCP tools are <server>_<tool> (github_merge_pull_request), handed to tool.execute.before like any tool with
    // the server's own arguments (measured, OpenCode 1.18.33).
    mcp: true,
    filePaths: (tool, input) =>
      tool === "apply_patch"
        ? patchFiles(input.patchText)
        : [input.filePath].filter((p): p is string => typeof p === "string" && p !== ""),
    contextKinds: OPENCODE_API_CONTEXT,
  };
}
