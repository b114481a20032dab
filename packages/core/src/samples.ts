// Sample hook payloads: what `hookrail try` and `hookrail demo` hand a guardrail, in each CLI's own shape. Each CLI's
// package says how it spells them (`packages/<cli>/src/samples.ts`, shaped like its captured fixtures); the bridge CLIs
// share what their hookrail plugin sends. Not used by any hook.
import type { BridgePayload } from "./bridge.ts";

export interface SampleContext {
  cwd: string;
  sessionId: string;
}

/** A CLI's payloads for the moments the samples cover. */
export interface CliSamples {
  /** A shell command before it runs. */
  shellCall(command: string, context: SampleContext): Record<string, unknown>;
  /** An edit of `file` before it is made, or (`after`) once it is. */
  fileEdit(file: string, context: SampleContext, after?: boolean): Record<string, unknown>;
  /** The session's start (`source`: startup, resume, clear…). */
  sessionStart(context: SampleContext, source?: string): Record<string, unknown>;
}

/** What a bridge CLI's plugin sends: its own hook name and arguments (OpenCode's API: {input, output}; Pi: {event}). */
export function bridgePayload(hook: string, { cwd, sessionId }: SampleContext, data: unknown): Record<string, unknown> {
  const payload: BridgePayload = { hookrail_bridge: 1, hook_event_name: hook, session_id: sessionId, cwd, data };
  return { ...payload };
}

/** The samples of a CLI on OpenCode's plugin API (OpenCode, Kilo Code CLI): its tool names are OpenCode's. */
export const openCodeApiSamples: CliSamples = {
  shellCall: (command, context) => openCodeTool(context, "bash", { command, description: command }, false),
  fileEdit: (file, context, after = false) =>
    openCodeTool(
      context,
      "edit",
      { filePath: file.startsWith("/") ? file : `${context.cwd}/${file}`, oldString: "old", newString: "new" },
      after,
    ),
  sessionStart: (context) =>
    bridgePayload("event.session.created", context, {
      event: { type: "session.created", properties: { sessionID: context.sessionId } },
    }),
};

function openCodeTool(context: SampleContext, tool: string, args: Record<string, unknown>, after: boolean) {
  const input = { tool, sessionID: context.sessionId, callID: "call_1" };
  return after
    ? bridgePayload("tool.execute.after", context, { input: { ...input, args }, output: { output: "ok" } })
    : bridgePayload("tool.execute.before", context, { input, output: { args } });
}
