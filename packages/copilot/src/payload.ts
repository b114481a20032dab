// Copilot's own payload format to the snake_case shape core reads. Its payloads do not name their
// event: the hook file passes it as the command's first argument (see packaging.ts); without one, the
// event is told from the fields each event has (measured on 1.0.102).
import { inputError, isRecord, optionalString } from "@hookrail/core";
import * as z from "zod/mini";
import { COPILOT_EVENTS } from "./dialect.ts";

let schema: ReturnType<typeof build> | undefined;
export function copilotPayloadSchema() {
  schema ??= build();
  return schema;
}
function build() {
  return z.looseObject({
    sessionId: z.optional(z.string()),
    cwd: z.optional(z.string()),
    transcriptPath: z.optional(z.nullable(z.string())),
    toolName: z.optional(z.string()),
    // An object in 1.0.102; a JSON string in earlier versions.
    toolArgs: z.optional(z.union([z.record(z.string(), z.unknown()), z.string()])),
    toolResult: z.optional(z.unknown()),
  });
}

type CopilotPayload = z.infer<ReturnType<typeof build>>;

/**
 * A payload whose fields plainly have the schema's types, taken as it is: the schema (zod's set-up, on every hook
 * run) is needed only to explain what is wrong with one that does not. It accepts only what the schema accepts
 * (payload.test.ts), as core's plainBase does for the snake_case fields.
 */
export function plainCopilotPayload(raw: unknown): { success: true; data: CopilotPayload } | undefined {
  if (!isRecord(raw) || !optionalString(raw.sessionId) || !optionalString(raw.cwd) || !optionalString(raw.toolName))
    return undefined;
  if (raw.transcriptPath !== null && !optionalString(raw.transcriptPath)) return undefined;
  const args = raw.toolArgs;
  if (args !== undefined && typeof args !== "string" && !isRecord(args)) return undefined;
  return { success: true, data: raw as CopilotPayload };
}

/** A payload in either format, as the snake_case object core's parsePayload reads. */
export function normalisePayload(raw: unknown, eventArg: string | undefined): unknown {
  if (typeof raw === "object" && raw !== null && "hook_event_name" in raw) return raw;
  const parsed = plainCopilotPayload(raw) ?? copilotPayloadSchema().safeParse(raw);
  if (!parsed.success) throw inputError(`not a copilot hook event (${parsed.error.issues[0]?.message ?? "invalid"})`);
  const data = parsed.data;
  const event = eventArg && eventArg in COPILOT_EVENTS ? eventArg : eventFromFields(data);
  if (!event) throw inputError("copilot hook event without an event name (pass it as the hook command's argument)");
  return {
    ...data,
    hook_event_name: event,
    ...(data.sessionId !== undefined ? { session_id: data.sessionId } : {}),
    ...(data.transcriptPath ? { transcript_path: data.transcriptPath } : {}),
    ...(data.toolName !== undefined ? { tool_name: data.toolName } : {}),
    ...(data.toolArgs !== undefined ? { tool_input: toolInput(data.toolArgs) } : {}),
    ...(data.toolResult !== undefined ? { tool_response: data.toolResult } : {}),
  };
}

function toolInput(args: Record<string, unknown> | string): Record<string, unknown> {
  if (typeof args !== "string") return args;
  try {
    const parsed = JSON.parse(args) as unknown;
    if (typeof parsed === "object" && parsed !== null && !Array.isArray(parsed))
      return parsed as Record<string, unknown>;
  } catch {
    // reported below
  }
  throw inputError("copilot toolArgs is neither an object nor a JSON object string");
}

function eventFromFields(data: Record<string, unknown>): string | undefined {
  if (data.toolName !== undefined) return data.toolResult !== undefined ? "postToolUse" : "preToolUse";
  if (typeof data.prompt === "string") return "userPromptSubmitted";
  if (typeof data.stopReason === "string") return "agentStop";
  if (typeof data.source === "string") return "sessionStart";
  if (typeof data.reason === "string") return "sessionEnd";
  return undefined;
}
