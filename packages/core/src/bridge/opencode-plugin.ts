// The plugin OpenCode and Kilo Code CLI load for a guardrail (their shared plugin API, opencode-api.ts): each
// hook the guardrail needs hands its arguments to the bundle's worker (bridge-host.ts) and applies the answer
// the way this API honours it: a throw from tool.execute.before blocks the call (the model gets the reason as
// its result); a note goes into the tool's result, the session's extra system message, or the prompt. Two of
// these hooks end the whole run when they throw (experimental.chat.system.transform, chat.message), and the
// bus events are only told: there nothing is ever thrown, whatever the guardrail's policy.
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import type { GuardrailManifest, PackageFile } from "../packaging/packaging.ts";
import { type OpenCodeV2Context, openCodeV2Setup, V1_NAMES } from "./_opencode-v2.ts";
import type { BridgeSettings } from "./bridge.ts";
import { type BridgeHost, bridgeHost, wantsTool } from "./bridge-host.ts";

type Hook = (input: Record<string, unknown> | undefined, output: Record<string, unknown> | undefined) => Promise<void>;
type EventHook = (
  arg: { event?: { type?: unknown; properties?: Record<string, unknown> } } | undefined,
) => Promise<void>;
export type OpenCodePlugin = (ctx: { directory?: unknown } | undefined) => Promise<Record<string, Hook | EventHook>>;

/** A tool result's text as the bundle is sent it: what a guardrail reads there is short. */
const MAX_RESULT = 64 * 1024;

const text = (value: unknown) => (typeof value === "string" ? value : "");

/** What the bundle is sent of each hook's arguments. */
export const openCodeData = {
  before: (input: Record<string, unknown>, output: Record<string, unknown> | undefined) => ({
    input: { tool: input.tool, sessionID: input.sessionID, callID: input.callID },
    output: { args: output?.args },
  }),
  after: (input: Record<string, unknown>, output: Record<string, unknown> | undefined) => ({
    input: { tool: input.tool, sessionID: input.sessionID, callID: input.callID, args: input.args },
    output: { output: typeof output?.output === "string" ? output.output.slice(0, MAX_RESULT) : undefined },
  }),
  // Only the prompt's text parts: attachments can be large and no guardrail reads them.
  message: (input: Record<string, unknown>, output: Record<string, unknown> | undefined) => ({
    input: { sessionID: input.sessionID },
    output: {
      parts: (Array.isArray(output?.parts) ? output.parts : [])
        .filter((p: { type?: unknown }) => p?.type === "text")
        .map((p: { text?: unknown }) => ({ type: "text", text: text(p.text) })),
    },
  }),
};

/** The bus event of an instance's end. */
const DISPOSED = "server.instance.disposed";

/** A note appended to what the model reads. */
export const withNote = (before: string, note: string) => (before ? `${before}\n\n${note}` : note);

/** What a gate's plugin sets once its hooks exist, for its guard (openCodeGuardSource) to find. */
export const loadedFlag = (guardrail: string) => `hookrail.bridge.${guardrail}.loaded`;

export function openCodePlugin(settings: BridgeSettings, moduleUrl: string): OpenCodePlugin {
  const made = pluginHooks(settings, moduleUrl);
  return async (ctx) => {
    const { hooks } = made(typeof ctx?.directory === "string" ? ctx.directory : process.cwd());
    markLoaded(settings);
    return hooks;
  };
}

/** The hooks of one plugin instance for the session folder `cwd`, with their worker started. */
const pluginHooks = (settings: BridgeSettings, moduleUrl: string) => {
  const dir = dirname(fileURLToPath(moduleUrl));
  return (cwd: string) => {
    const host = bridgeHost(settings, { dir, cwd });
    host.warm();
    return { hooks: openCodeHooks(settings, host), close: () => host.close() };
  };
};

const markLoaded = (settings: BridgeSettings) => {
  (globalThis as Record<symbol, unknown>)[Symbol.for(loadedFlag(settings.guardrail))] = true;
};

/** The plugin's id in both generations' loaders (a file's plugin must name one): hookrail-<guardrail>. */
export const pluginId = (settings: BridgeSettings) => `hookrail-${settings.guardrail}`;

/** A plugin module's default export for both generations of OpenCode's plugin API. */
export interface OpenCodePluginModule {
  id: string;
  server: OpenCodePlugin;
  setup: (ctx: OpenCodeV2Context | undefined) => Promise<() => Promise<void>>;
}

/**
 * The plugin module's default export, one file for both generations of the API: OpenCode 1 (>= 1.18.29, and Kilo
 * Code CLI) calls `server(ctx)` and takes the hooks it returns; OpenCode 2 calls `setup(ctx)`, which registers the
 * same hooks through the context (_opencode-v2.ts, built from OpenCode's documentation).
 */
export function openCodePluginModule(settings: BridgeSettings, moduleUrl: string): OpenCodePluginModule {
  return {
    id: pluginId(settings),
    server: openCodePlugin(settings, moduleUrl),
    setup: openCodeV2Setup(pluginHooks(settings, moduleUrl), () => markLoaded(settings)),
  };
}

/**
 * A gate's guard: a second plugin file with no imports, so it loads when the gate's own plugin does not (OpenCode
 * and Kilo skip a plugin with a syntax error, or whose set-up throws, without a word). Plugins share the CLI's
 * process: when the gate's plugin has not said it loaded, the guard blocks every call the gate watches.
 */
export function openCodeGuardSource(settings: BridgeSettings, pluginFile: string, banner: string): string {
  const tools = settings.hooks["tool.execute.before"] ?? [];
  const reason = `${settings.guardrail}: blocked because its ${settings.title} plugin (${pluginFile}) did not load (${settings.title} skips a plugin that fails to load, without a word). Nothing ran; run npx hookrail doctor to see what to fix, then retry`;
  return `${banner}
const flag = Symbol.for(${JSON.stringify(loadedFlag(settings.guardrail))});
const tools = ${JSON.stringify(tools)};
const v1Names = ${JSON.stringify(V1_NAMES)};
const check = (tool) => {
  if (globalThis[flag] === true) return;
  const watched =
    tools === true ||
    (Array.isArray(tools) ? tools.includes(tool) : typeof tool === "string" && !tools.except.includes(tool));
  if (watched) throw new Error(${JSON.stringify(reason)});
};
// OpenCode 1 (>= 1.18.29) and Kilo call server(); OpenCode 2 calls setup(), whose tool names differ.
export default {
  id: ${JSON.stringify(`${pluginId(settings)}-guard`)},
  server: async () => ({
    "tool.execute.before": async (input) => check(input && input.tool),
  }),
  setup: async (ctx) => {
    await ctx.tool.hook("execute.before", async (event) => check(v1Names[event && event.tool] ?? (event && event.tool)));
  },
};
`;
}

/** The hooks for one plugin instance (exported for tests, which hand it a host of their own). */
export function openCodeHooks(settings: BridgeSettings, host: BridgeHost): Record<string, Hook | EventHook> {
  const hooks: Record<string, Hook | EventHook> = {};
  const bound = (hook: string) => settings.hooks[hook] !== undefined;
  const on = (hook: string, fn: Hook) => {
    if (bound(hook)) hooks[hook] = fn;
  };
  // Once per session: started by session.created (or the first system prompt of a resumed session), then
  // delivered into every model request's system messages, since each request builds them anew.
  const notes = new Map<string, Promise<string | undefined>>();
  const sessionNote = (hook: string, sessionId: string) => {
    let found = notes.get(sessionId);
    if (!found) {
      found = host
        .ask(hook, sessionId, { sessionID: sessionId })
        .then((r) => (r.type === "note" ? r.context : undefined));
      notes.set(sessionId, found);
    }
    return found;
  };

  on("tool.execute.before", async (input = {}, output) => {
    if (!wantsTool(settings, "tool.execute.before", input.tool)) return;
    const r = await host.ask("tool.execute.before", text(input.sessionID), openCodeData.before(input, output));
    if (r.type === "block") throw new Error(r.reason);
  });
  on("tool.execute.after", async (input = {}, output) => {
    if (!wantsTool(settings, "tool.execute.after", input.tool)) return;
    const r = await host.ask("tool.execute.after", text(input.sessionID), openCodeData.after(input, output));
    if (r.type === "note" && r.context && output && typeof output.output === "string")
      output.output = withNote(output.output, r.context);
  });
  on("experimental.chat.system.transform", async (input = {}, output) => {
    try {
      const note = await sessionNote("experimental.chat.system.transform", text(input.sessionID));
      if (note && Array.isArray(output?.system)) output.system.push(note);
    } catch {}
  });
  on("chat.message", async (input = {}, output) => {
    try {
      const r = await host.ask("chat.message", text(input.sessionID), openCodeData.message(input, output));
      const parts = Array.isArray(output?.parts) ? (output.parts as { type?: unknown; text?: unknown }[]) : [];
      const last = parts.filter((p) => p?.type === "text" && typeof p.text === "string").pop();
      if (r.type === "note" && r.context && last) last.text = withNote(text(last.text), r.context);
    } catch {}
  });
  const events = ["session.created", "session.idle", "session.deleted"].filter((type) => bound(`event.${type}`));
  const onEvent: EventHook = async (arg) => {
    try {
      const type = text(arg?.event?.type);
      // The CLI disposes of the project's instance (the run ends, the folder is closed): the worker ends with it,
      // and a later event starts a fresh one.
      if (type === DISPOSED) return host.close();
      if (!events.includes(type)) return;
      const props = arg?.event?.properties ?? {};
      const info = props.info as { id?: unknown } | undefined;
      const sessionId = text(props.sessionID) || text(info?.id);
      if (type === "session.created") void sessionNote("event.session.created", sessionId);
      else await host.ask(`event.${type}`, sessionId, { event: { type, properties: { sessionID: sessionId } } });
    } catch {}
  };
  hooks.event = onEvent;
  return hooks;
}

/** A gate's guard file beside its plugin (`pluginPath`), for an OpenCode-API CLI's packaging; none for advisory ones. */
export function openCodeGuardFiles(pluginPath: (manifest: GuardrailManifest) => string) {
  return (manifest: GuardrailManifest, settings: BridgeSettings): PackageFile[] => {
    if (settings.failure !== "closed") return [];
    const plugin = pluginPath(manifest);
    const banner = `// hookrail ${manifest.name} ${manifest.version}: the guard of ${plugin}, generated by hookrail's build; do not edit.`;
    return [{ path: plugin.replace(/\.js$/, ".guard.js"), content: openCodeGuardSource(settings, plugin, banner) }];
  };
}
