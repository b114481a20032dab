// The bridge kind of adapter, for CLIs whose hooks are plugins loaded into the CLI's own process (OpenCode,
// Kilo Code CLI, Pi). A small plugin, generated per guardrail and CLI by the build, hands each event to the
// guardrail's bundle, which runs as a long-lived worker process beside the CLI (docs/architecture.md says why),
// and turns the answer into the CLI's own form: a throw, `{block}`, a rewritten tool result, a system message.
// This file is what both sides share: the payload the plugin sends, the answer it reads, the worker's lines.
import type { FailurePolicy } from "../model/guardrail.ts";

/** The bundle's argument that makes it a worker: one request per line on stdin, one answer per line on stdout. */
export const BRIDGE_SERVE_FLAG = "--hookrail-serve";

/** What a plugin sends for one event: the CLI's own hook name and arguments, and where the session works. */
export interface BridgePayload {
  hookrail_bridge: 1;
  /** The CLI's hook or event (tool.execute.before, event.session.created, tool_call, ...). */
  hook_event_name: string;
  session_id: string;
  /** The session's project folder. */
  cwd: string;
  /** The hook's arguments as the CLI passed them ({input, output}; Pi: {event}), without what no guardrail reads. */
  data: unknown;
}

/** What the bundle answers a plugin (the stdout of its HookAnswer); nothing at all means "go ahead". */
export type BridgeAnswer =
  | { action: "block"; reason: string }
  /** `context` is for the model, `userMessage` for the user; either may be missing. */
  | { action: "note"; context?: string; userMessage?: string };

/** One line from the plugin to its worker. */
export interface BridgeRequest {
  id: number;
  payload: BridgePayload;
}

/** One line from the worker back: the answer the one-shot hook would have printed and exited with. */
export interface BridgeResponse {
  id: number;
  answer: { exitCode: number; stdout: string; stderr: string };
}

/**
 * The tools a plugin hands one hook to the bundle for: these native names, `true` for every call, or every tool but
 * these (`except`: the CLI's own tools the guardrail does not watch; MCP tools and any other tool get through).
 */
export type BridgeToolFilter = readonly string[] | true | { readonly except: readonly string[] };

/** What a guardrail's plugin knows of it, baked in by the build: nothing is read at load time that could fail. */
export interface BridgeSettings {
  guardrail: string;
  failure: FailurePolicy;
  /** The bundle, relative to the plugin file's folder. */
  bundle: string;
  /** How long the plugin waits for one answer (the CLI timeout the guardrail's manifest gives). */
  timeoutMs: number;
  /** The CLI's hooks the plugin handles, each with the tools it is called for. */
  hooks: Record<string, BridgeToolFilter>;
  /** The CLI's product name, for messages. */
  title: string;
}
