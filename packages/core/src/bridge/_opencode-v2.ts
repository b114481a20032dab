// OpenCode 2's plugin API, served by the same hooks as OpenCode 1's (opencode-plugin.ts). Built from OpenCode's
// documentation ("Migrate plugins from V1", "Support V1 and V2") and its plugin package's source, not yet run
// against an OpenCode 2 binary: a V2 plugin is the module's default export `{id, setup(ctx)}`, and `setup` registers
// its hooks through the context instead of returning them:
//   tool.execute.before                 → ctx.tool.hook("execute.before", e): throw to refuse the call
//   tool.execute.after                  → ctx.tool.hook("execute.after", e): e.result.content is what the model reads
//   experimental.chat.system.transform  → ctx.session.hook("context", e): e.system takes {type: "text", text} parts
//   chat.message                        → ctx.session.hook("prompt", e): e.prompt.text is the prompt, editable
//   event                               → ctx.event.subscribe(): {type, data} objects
// V2 renamed tools and arguments; each call is handed on under V1's names, so the bundle reads one dialect:
// shell {command, workdir} is bash, patch {patchText} is apply_patch, a file tool's `path` (relative to the
// session's folder) is V1's absolute `filePath`.
import { isAbsolute, resolve } from "node:path";

type Hook = (input: Record<string, unknown> | undefined, output: Record<string, unknown> | undefined) => Promise<void>;
type EventHook = (
  arg: { event?: { type?: unknown; properties?: Record<string, unknown> } } | undefined,
) => Promise<void>;
type Registration = { dispose?: () => unknown } | undefined;
type Text = { type?: unknown; text?: unknown };

/** What setup uses of OpenCode 2's context (the documented shape; every part may be missing on another build). */
export interface OpenCodeV2Context {
  location?: { directory?: unknown };
  tool?: { hook?: (name: string, fn: (event: Record<string, unknown>) => unknown) => Promise<Registration> };
  session?: { hook?: (name: string, fn: (event: Record<string, unknown>) => unknown) => Promise<Registration> };
  event?: { subscribe?: (options?: { signal?: AbortSignal }) => AsyncIterable<{ type?: unknown; data?: unknown }> };
}

/** V2's tool names that differ from V1's. */
export const V1_NAMES: Readonly<Record<string, string>> = { shell: "bash", patch: "apply_patch" };

/** A V2 tool call's name and arguments under V1's names. */
export function v1ToolCall(tool: unknown, input: unknown, directory: string) {
  const name = typeof tool === "string" ? (V1_NAMES[tool] ?? tool) : "";
  const args = { ...(input && typeof input === "object" ? (input as Record<string, unknown>) : {}) };
  if (typeof args.path === "string" && args.filePath === undefined && (name === "write" || name === "edit")) {
    args.filePath = isAbsolute(args.path) ? args.path : resolve(directory, args.path);
    delete args.path;
  }
  return { name, args };
}

/** The text of a V2 tool result's content (a string or text parts). */
const contentText = (content: unknown) =>
  typeof content === "string"
    ? content
    : Array.isArray(content)
      ? (content as Text[])
          .flatMap((p) => (p?.type === "text" && typeof p.text === "string" ? [p.text] : []))
          .join("\n")
      : "";

/**
 * OpenCode 2's `setup` for the hooks `hooks(cwd)` makes (OpenCode 1's, for the session folder `cwd`); `close` stops
 * what they started. The returned cleanup is what V2 runs when it unloads the plugin.
 */
export function openCodeV2Setup(
  hooks: (cwd: string) => { hooks: Record<string, Hook | EventHook>; close: () => void },
  loaded: () => void,
) {
  return async (ctx: OpenCodeV2Context | undefined) => {
    // A context without the tool hook is not a session's (OpenCode 1.18's embedded V2 runtime loads the same plugin
    // folders with a context of catalogs only): refuse it before anything starts, and OpenCode reports the failed load.
    const tool = ctx?.tool?.hook?.bind(ctx.tool);
    if (!tool) throw new Error("OpenCode's plugin context offers no tool.hook: nothing could be refused");
    const cwd = typeof ctx?.location?.directory === "string" ? ctx.location.directory : process.cwd();
    const made = hooks(cwd);
    const on = made.hooks as Record<string, Hook | undefined>;
    const registrations: Registration[] = [];
    const session = ctx?.session?.hook?.bind(ctx.session);
    const dispose = async () => {
      for (const registration of registrations) await registration?.dispose?.();
    };
    try {
      const before = on["tool.execute.before"];
      if (before)
        registrations.push(
          await tool("execute.before", async (event) => {
            const { name, args } = v1ToolCall(event.tool, event.input, cwd);
            await before({ tool: name, sessionID: event.sessionID, callID: event.id }, { args });
          }),
        );
      const after = on["tool.execute.after"];
      if (after)
        registrations.push(
          await tool("execute.after", async (event) => {
            if (event.status !== "completed") return;
            const result = (event.result ?? {}) as { content?: unknown };
            const { name, args } = v1ToolCall(event.tool, event.input, cwd);
            const text = contentText(result.content);
            const output = { output: text };
            await after({ tool: name, sessionID: event.sessionID, callID: event.id, args }, output);
            if (output.output === text || !output.output.startsWith(text)) return;
            const note = output.output.slice(text.length).replace(/^\n\n/, "");
            const parts = Array.isArray(result.content) ? result.content : text ? [{ type: "text", text }] : [];
            event.result = { ...result, content: [...parts, { type: "text", text: note }] };
          }),
        );
      const system = on["experimental.chat.system.transform"];
      if (system && session)
        registrations.push(
          await session("context", async (event) => {
            const output = { system: [] as string[] };
            await system({ sessionID: event.sessionID }, output);
            if (Array.isArray(event.system))
              for (const text of output.system) event.system.push({ type: "text", text });
          }),
        );
      const message = on["chat.message"];
      if (message && session)
        registrations.push(
          await session("prompt", async (event) => {
            const prompt = event.prompt as { text?: unknown } | undefined;
            if (!prompt || typeof prompt.text !== "string") return;
            const part = { type: "text", text: prompt.text };
            await message({ sessionID: event.sessionID }, { parts: [part] });
            if (part.text !== prompt.text) prompt.text = part.text;
          }),
        );
    } catch (error) {
      // A registration OpenCode refused: what was registered goes, and the worker with it.
      await dispose().catch(() => {});
      made.close();
      throw error;
    }
    const onEvent = made.hooks.event as EventHook | undefined;
    const stop = new AbortController();
    const events = ctx?.event?.subscribe?.({ signal: stop.signal });
    if (onEvent && events)
      void (async () => {
        for await (const event of events) {
          const data = event?.data && typeof event.data === "object" ? (event.data as Record<string, unknown>) : {};
          await onEvent({ event: { type: event?.type, properties: data } });
        }
      })().catch(() => {});
    loaded();
    return async () => {
      stop.abort();
      await dispose();
      made.close();
    };
  };
}
