// The plugin OpenClaw loads for a guardrail: its entry registers a handler for each hook the guardrail needs, which
// hands the event to the bundle's worker (core's bridge-host.ts) and applies the answer the way OpenClaw honours it:
// `{block: true, blockReason}` from before_tool_call stops the call, and the model reads the reason as the call's
// result. after_tool_call, session_start and session_end only observe. Hooks run in the Gateway's process, which
// serves every session: the folder of a call is the agent's workspace (OpenClaw passes no cwd), exec's `workdir`
// within it. Nothing here throws: OpenClaw fails a before_tool_call hook that throws closed, blocking honest calls of
// an advisory guardrail, and a plugin whose register() throws is not loaded.
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import type { BridgeSettings } from "@hookrail/core";
import { type BridgeHost, bridgeHost, wantsTool } from "@hookrail/core/bridge-host";

type Content = { type?: unknown; text?: unknown }[];
interface OpenClawEvent {
  toolName?: unknown;
  toolCallId?: unknown;
  params?: unknown;
  result?: { content?: Content } | unknown;
  error?: unknown;
  reason?: unknown;
}
export interface OpenClawContext {
  agentId?: unknown;
  sessionId?: unknown;
  sessionKey?: unknown;
}
type Handler = (event: OpenClawEvent | undefined, ctx: OpenClawContext | undefined) => Promise<unknown>;

/** The part of OpenClaw's plugin API the plugin uses. */
export interface OpenClawApi {
  registrationMode?: unknown;
  config?: unknown;
  runtime?: { agent?: { resolveAgentWorkspaceDir?(config: unknown, agentId: string): unknown } };
  on(hook: string, handler: Handler): void;
}

const text = (content: unknown) =>
  (Array.isArray(content) ? (content as Content) : [])
    .filter((c) => c?.type === "text")
    .map((c) => ({ type: "text", text: String(c.text ?? "") }));

/** What the bundle is sent of each event: the fields its reader reads. */
export const openclawData = {
  toolCall: (e: OpenClawEvent) => ({ event: { toolName: e.toolName, toolCallId: e.toolCallId, params: e.params } }),
  toolResult: (e: OpenClawEvent) => ({
    event: {
      toolName: e.toolName,
      toolCallId: e.toolCallId,
      params: e.params,
      result: { content: text((e.result as { content?: unknown } | undefined)?.content) },
      ...(typeof e.error === "string" ? { error: e.error } : {}),
    },
  }),
  reason: (e: OpenClawEvent | undefined) => ({
    event: { reason: typeof e?.reason === "string" ? e.reason : undefined },
  }),
};

const fallbackSession = `openclaw-${process.pid}-${Date.now()}`;

/** The plugin's entry object ({id, name, register}), as OpenClaw loads a plugin module's default export. */
export function openclawPlugin(settings: BridgeSettings, moduleUrl: string) {
  const dir = dirname(fileURLToPath(moduleUrl));
  return {
    id: `hookrail-${settings.guardrail}`,
    name: `hookrail ${settings.guardrail}`,
    description: `hookrail's ${settings.guardrail} guardrail`,
    register(api: OpenClawApi) {
      try {
        const host = bridgeHost(settings, { dir, cwd: process.cwd() });
        // OpenClaw also loads plugins only to list what they register: a worker starts only where hooks run.
        if (api.registrationMode === "full") host.warm();
        openclawHandlers(
          settings,
          host,
          (ctx) => workspace(api, ctx),
          (hook, handler) => api.on(hook, handler),
        );
      } catch {
        // A plugin whose register() throws is left out, and its gate with it.
      }
    },
  };
}

/** The agent's workspace, where its tools' relative paths start; the Gateway's folder when OpenClaw names none. */
function workspace(api: OpenClawApi, ctx: OpenClawContext | undefined): string {
  try {
    const agent = typeof ctx?.agentId === "string" && ctx.agentId ? ctx.agentId : "main";
    const dir = api.runtime?.agent?.resolveAgentWorkspaceDir?.(api.config, agent);
    if (typeof dir === "string" && dir) return dir;
  } catch {}
  return process.cwd();
}

/** The handlers of one plugin instance (exported for tests, which hand it a host of their own). */
export function openclawHandlers(
  settings: BridgeSettings,
  host: BridgeHost,
  cwd: (ctx: OpenClawContext | undefined) => string,
  on: (hook: string, handler: Handler) => void,
) {
  const bound = (hook: string) => settings.hooks[hook] !== undefined;
  const session = (ctx: OpenClawContext | undefined) => {
    for (const id of [ctx?.sessionId, ctx?.sessionKey]) if (typeof id === "string" && id) return id;
    return fallbackSession;
  };
  const observe = async (hook: string, data: unknown, ctx: OpenClawContext | undefined) => {
    try {
      await host.ask(hook, session(ctx), data, cwd(ctx));
    } catch {}
    return undefined;
  };

  if (bound("before_tool_call"))
    on("before_tool_call", async (event = {}, ctx) => {
      if (!wantsTool(settings, "before_tool_call", event.toolName)) return undefined;
      const r = await host.ask("before_tool_call", session(ctx), openclawData.toolCall(event), cwd(ctx));
      return r.type === "block" ? { block: true, blockReason: r.reason } : undefined;
    });
  if (bound("after_tool_call"))
    on("after_tool_call", async (event = {}, ctx) =>
      wantsTool(settings, "after_tool_call", event.toolName)
        ? observe("after_tool_call", openclawData.toolResult(event), ctx)
        : undefined,
    );
  if (bound("session_start")) on("session_start", async (_event, ctx) => observe("session_start", {}, ctx));
  if (bound("session_end"))
    on("session_end", async (event, ctx) => observe("session_end", openclawData.reason(event), ctx));
  // The Gateway is stopping: its worker ends now rather than with the process.
  on("gateway_stop", async () => {
    host.close();
    return undefined;
  });
}
