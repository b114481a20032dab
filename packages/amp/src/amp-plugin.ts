// The plugin Amp loads for a guardrail: each event the guardrail needs hands its data to the bundle's worker (core's
// bridge-host.ts) and applies the answer the way Amp honours it: tool.call answers `reject-and-continue` with the
// reason (the model reads "Tool rejected by plugin: <reason>" as the call's result) or `allow`; a note goes into
// the tool's result (tool.result) or, once per thread, into a hidden message after the prompt (agent.start:
// session.start cannot answer). Nothing here throws: Amp turns a throw in tool.call into an error that stops the
// thread's turn, and a plugin that throws as it loads is skipped. Each plugin is a process of its own (Amp's Bun,
// started in the plugin's folder): the session's folder is Amp's workspace root, not the process's cwd.
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import type { BridgeSettings } from "@hookrail/core";
import { type BridgeHost, bridgeHost, wantsTool } from "@hookrail/core/bridge-host";

interface AmpEvent {
  tool?: unknown;
  toolUseID?: unknown;
  input?: unknown;
  status?: unknown;
  output?: unknown;
  error?: unknown;
  message?: unknown;
  thread?: { id?: unknown };
}
interface AmpContext {
  ui?: { notify?(message: string): Promise<void> | void };
}
type Handler = (event: AmpEvent | undefined, ctx: AmpContext | undefined) => Promise<unknown>;
export interface AmpApi {
  on(event: string, handler: Handler): unknown;
  onDispose?(callback: () => void): unknown;
  system?: { workspaceRoot?: { toString(): string } | null };
}

/** A tool result's text as the bundle is sent it: what a guardrail reads there is short. */
const MAX_RESULT = 64 * 1024;

/** The text the model reads of a result: text output, text blocks, a shell tool's `output`, else the error. */
function resultText(event: AmpEvent): string {
  const { output, error } = event;
  if (typeof output === "string") return output;
  if (Array.isArray(output))
    return output
      .flatMap((b: { type?: unknown; text?: unknown }) => (b?.type === "text" ? [String(b.text)] : []))
      .join("\n");
  const inner = (output as { output?: unknown } | null | undefined)?.output;
  if (typeof inner === "string") return inner;
  return typeof error === "string" ? error : "";
}

/** What the bundle is sent of each event: the fields its reader reads. */
export const ampData = {
  toolCall: (e: AmpEvent) => ({ tool: e.tool, toolUseID: e.toolUseID, input: e.input }),
  toolResult: (e: AmpEvent) => ({
    tool: e.tool,
    toolUseID: e.toolUseID,
    input: e.input,
    status: typeof e.status === "string" ? e.status : undefined,
    // The text the model reads, in the field Amp keeps the output in.
    output: resultText(e).slice(0, MAX_RESULT),
  }),
  prompt: (e: AmpEvent) => ({ message: typeof e.message === "string" ? e.message : "" }),
};

const withNote = (before: string, note: string) => (before ? `${before}\n\n${note}` : note);

/**
 * The tool.result answer that adds `note` to what the model reads: after an error's text, a text output, a shell
 * tool's `output` ({output, exitCode}), a text block after content blocks, or as a `hookrail` field of another
 * object (edit_file's {diff, lineRange}).
 */
export function resultWithNote(event: AmpEvent, note: string): Record<string, unknown> {
  const { status, output, error } = event;
  if (status === "error" || status === "cancelled")
    return { status, error: withNote(typeof error === "string" ? error : "", note), output };
  if (output === undefined || output === null || typeof output === "string")
    return { status: "done", output: withNote(output ?? "", note) };
  // Content blocks (an MCP tool's, a plugin tool's): one more text block.
  if (Array.isArray(output)) return { status: "done", output: [...output, { type: "text", text: note }] };
  if (typeof output !== "object") return { status: "done", output: withNote(String(output), note) };
  const inner = (output as { output?: unknown }).output;
  return typeof inner === "string"
    ? { status: "done", output: { ...output, output: withNote(inner, note) } }
    : { status: "done", output: { ...output, hookrail: note } };
}

/** The folder Amp works in: its workspace root (a file: URI), else where the plugin was started. */
export function workspaceFolder(amp: AmpApi): string {
  try {
    const root = amp.system?.workspaceRoot?.toString();
    if (root?.startsWith("file:")) return fileURLToPath(root);
  } catch {}
  return process.cwd();
}

const ALLOW = { action: "allow" } as const;
const fallbackThread = `amp-${process.pid}-${Date.now()}`;

export function ampPlugin(settings: BridgeSettings, moduleUrl: string): (amp: AmpApi) => void {
  const dir = dirname(fileURLToPath(moduleUrl));
  return (amp) => {
    try {
      const cwd = workspaceFolder(amp);
      const host = bridgeHost(settings, { dir, cwd });
      host.warm();
      ampHandlers(settings, host, cwd, (event, handler) => amp.on(event, handler));
      amp.onDispose?.(() => host.close());
    } catch {
      // Never fail the load: Amp skips a plugin that throws here.
    }
  };
}

/** The handlers of one plugin process (exported for tests, which hand it a host of their own). */
export function ampHandlers(
  settings: BridgeSettings,
  host: BridgeHost,
  cwd: string,
  on: (event: string, handler: Handler) => unknown,
) {
  const bound = (hook: string) => settings.hooks[hook] !== undefined;
  const thread = (event: AmpEvent | undefined) =>
    typeof event?.thread?.id === "string" && event.thread.id ? event.thread.id : fallbackThread;
  const tell = (ctx: AmpContext | undefined, message: string | undefined) => {
    try {
      if (message) void Promise.resolve(ctx?.ui?.notify?.(message)).catch(() => undefined);
    } catch {}
  };
  // The session-start note, asked for at session.start and delivered once, with the thread's next prompt.
  const notes = new Map<string, Promise<string | undefined>>();
  const delivered = new Set<string>();
  const sessionNote = (id: string, ctx: AmpContext | undefined) => {
    let found = notes.get(id);
    if (!found) {
      found = host.ask("session.start", id, {}, cwd).then((r) => {
        if (r.type === "note") tell(ctx, r.userMessage);
        return r.type === "note" ? r.context : undefined;
      });
      notes.set(id, found);
    }
    return found;
  };

  if (bound("tool.call"))
    on("tool.call", async (event = {}) => {
      if (!wantsTool(settings, "tool.call", event.tool)) return ALLOW;
      const r = await host.ask("tool.call", thread(event), ampData.toolCall(event), cwd);
      return r.type === "block" ? { action: "reject-and-continue", message: r.reason } : ALLOW;
    });
  if (bound("tool.result"))
    on("tool.result", async (event = {}, ctx) => {
      try {
        if (!wantsTool(settings, "tool.result", event.tool)) return undefined;
        const r = await host.ask("tool.result", thread(event), ampData.toolResult(event), cwd);
        if (r.type !== "note") return undefined;
        tell(ctx, r.userMessage);
        return r.context ? resultWithNote(event, r.context) : undefined;
      } catch {
        return undefined;
      }
    });
  if (bound("session.start"))
    on("session.start", async (event, ctx) => {
      void sessionNote(thread(event), ctx).catch(() => undefined);
    });
  if (bound("session.start") || bound("agent.start"))
    on("agent.start", async (event = {}, ctx) => {
      try {
        const id = thread(event);
        const forModel: string[] = [];
        if (bound("session.start") && !delivered.has(id)) {
          delivered.add(id);
          const note = await sessionNote(id, ctx);
          if (note) forModel.push(note);
        }
        if (bound("agent.start")) {
          const r = await host.ask("agent.start", id, ampData.prompt(event), cwd);
          if (r.type === "note") {
            tell(ctx, r.userMessage);
            if (r.context) forModel.push(r.context);
          }
        }
        return forModel.length ? { message: { content: forModel.join("\n\n"), display: false } } : {};
      } catch {
        return {};
      }
    });
  if (bound("agent.end"))
    on("agent.end", async (event, ctx) => {
      try {
        const r = await host.ask("agent.end", thread(event), {}, cwd);
        if (r.type === "note") tell(ctx, r.userMessage);
      } catch {}
      return undefined;
    });
}
