// The extension Pi loads for a guardrail: each event the guardrail needs hands its data to the bundle's worker
// (core's bridge-host.ts) and applies the answer the way Pi honours it: `{block: true, reason}` from tool_call
// stops the call (the model gets the reason as its result); a note goes into the tool's result (tool_result)
// or, once per session, into a message after the prompt (before_agent_start: session_start itself cannot
// answer). No handler here throws: in tool_call a throw would block honest calls of an advisory guardrail, and
// the factory must never throw, since one extension that fails to load stops `pi -p` before it starts.
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import type { BridgeSettings } from "@hookrail/core";
import { type BridgeHost, bridgeHost, wantsTool } from "@hookrail/core/bridge-host";

type Content = { type?: unknown; text?: unknown }[];
interface PiEvent {
  toolName?: unknown;
  toolCallId?: unknown;
  input?: unknown;
  content?: Content;
  structuredContent?: unknown;
  isError?: unknown;
  prompt?: unknown;
  reason?: unknown;
}
interface PiContext {
  cwd?: unknown;
  hasUI?: unknown;
  ui?: { notify?(message: string, type?: "info" | "warning" | "error"): void };
  sessionManager?: { getSessionId?(): unknown };
}
type Handler = (event: PiEvent | undefined, ctx: PiContext | undefined) => Promise<unknown>;
export interface PiApi {
  on(event: string, handler: Handler): void;
}

/** What the bundle is sent of each event: the fields its reader reads. */
export const piData = {
  toolCall: (e: PiEvent) => ({ event: { toolName: e.toolName, toolCallId: e.toolCallId, input: e.input } }),
  toolResult: (e: PiEvent) => ({
    event: {
      toolName: e.toolName,
      toolCallId: e.toolCallId,
      input: e.input,
      content: (e.content ?? [])
        .filter((c) => c?.type === "text")
        .map((c) => ({ type: "text", text: String(c.text ?? "") })),
      isError: e.isError === true,
    },
  }),
  prompt: (e: PiEvent) => ({ event: { prompt: typeof e.prompt === "string" ? e.prompt : "" } }),
  reason: (e: PiEvent | undefined) => ({ event: { reason: typeof e?.reason === "string" ? e.reason : undefined } }),
};

const fallbackSession = `pi-${process.pid}-${Date.now()}`;

export function piExtension(settings: BridgeSettings, moduleUrl: string): (pi: PiApi) => void {
  const dir = dirname(fileURLToPath(moduleUrl));
  return (pi) => {
    try {
      const host = bridgeHost(settings, { dir, cwd: process.cwd() });
      host.warm();
      piHandlers(settings, host, (event, handler) => pi.on(event, handler));
    } catch {
      // Never break pi's start: an extension that throws here stops every run.
    }
  };
}

/** The handlers for one extension instance (exported for tests, which hand it a host of their own). */
export function piHandlers(settings: BridgeSettings, host: BridgeHost, on: (event: string, handler: Handler) => void) {
  const bound = (hook: string) => settings.hooks[hook] !== undefined;
  const session = (ctx: PiContext | undefined) => {
    try {
      const id = ctx?.sessionManager?.getSessionId?.();
      if (typeof id === "string" && id) return id;
    } catch {}
    return fallbackSession;
  };
  const cwd = (ctx: PiContext | undefined) => (typeof ctx?.cwd === "string" ? ctx.cwd : process.cwd());
  const tell = (ctx: PiContext | undefined, message: string | undefined) => {
    try {
      if (message && ctx?.hasUI === true) ctx.ui?.notify?.(message, "info");
    } catch {}
  };
  // The session-start note, asked for at session_start and delivered once, with the session's first prompt.
  const notes = new Map<string, Promise<string | undefined>>();
  const delivered = new Set<string>();
  const sessionNote = (ctx: PiContext | undefined, data: unknown) => {
    const id = session(ctx);
    let found = notes.get(id);
    if (!found) {
      found = host.ask("session_start", id, data, cwd(ctx)).then((r) => {
        if (r.type === "note") tell(ctx, r.userMessage);
        return r.type === "note" ? r.context : undefined;
      });
      notes.set(id, found);
    }
    return found;
  };

  if (bound("tool_call"))
    on("tool_call", async (event = {}, ctx) => {
      if (!wantsTool(settings, "tool_call", event.toolName)) return undefined;
      const r = await host.ask("tool_call", session(ctx), piData.toolCall(event), cwd(ctx));
      return r.type === "block" ? { block: true, reason: r.reason } : undefined;
    });
  if (bound("tool_result"))
    on("tool_result", async (event = {}, ctx) => {
      try {
        if (!wantsTool(settings, "tool_result", event.toolName)) return undefined;
        const r = await host.ask("tool_result", session(ctx), piData.toolResult(event), cwd(ctx));
        if (r.type !== "note") return undefined;
        tell(ctx, r.userMessage);
        if (!r.context) return undefined;
        const content = [...(event.content ?? []), { type: "text", text: r.context }];
        // Pi 1.6 drops a result's structuredContent when a handler replaces its content: a codemode script's
        // `await tools.bash(…)` would then get text instead of its {output, exit_code, …}. It stays as it was.
        return event.structuredContent === undefined
          ? { content }
          : { content, structuredContent: event.structuredContent };
      } catch {
        return undefined;
      }
    });
  if (bound("session_start"))
    on("session_start", async (event, ctx) => {
      void sessionNote(ctx, piData.reason(event)).catch(() => undefined);
      return undefined;
    });
  if (bound("session_start") || bound("before_agent_start"))
    on("before_agent_start", async (event = {}, ctx) => {
      try {
        const id = session(ctx);
        const notesForModel: string[] = [];
        if (bound("session_start") && !delivered.has(id)) {
          delivered.add(id);
          const note = await sessionNote(ctx, { event: { reason: "startup" } });
          if (note) notesForModel.push(note);
        }
        if (bound("before_agent_start")) {
          const r = await host.ask("before_agent_start", id, piData.prompt(event), cwd(ctx));
          if (r.type === "note") {
            tell(ctx, r.userMessage);
            if (r.context) notesForModel.push(r.context);
          }
        }
        if (!notesForModel.length) return undefined;
        return {
          message: {
            customType: `hookrail-${settings.guardrail}`,
            content: notesForModel.join("\n\n"),
            display: false,
          },
        };
      } catch {
        return undefined;
      }
    });
  if (bound("agent_end"))
    on("agent_end", async (_event, ctx) => {
      try {
        const r = await host.ask("agent_end", session(ctx), {}, cwd(ctx));
        if (r.type === "note") tell(ctx, r.userMessage);
      } catch {}
      return undefined;
    });
  on("session_shutdown", async (event, ctx) => {
    try {
      if (bound("session_shutdown")) {
        const r = await host.ask("session_shutdown", session(ctx), piData.reason(event), cwd(ctx));
        if (r.type === "note") tell(ctx, r.userMessage);
      }
    } catch {}
    // The session is over: its worker ends now rather than with Pi's process (a next session starts a fresh one).
    host.close();
    return undefined;
  });
}
