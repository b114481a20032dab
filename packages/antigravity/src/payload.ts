// agy's camelCase payloads in the snake_case shape core reads. A tool event carries
// `toolCall {name, args}` (PascalCase args: the shell's command is `args.CommandLine`), the session is
// `conversationId`, the folder `workspacePaths[0]` (empty in `agy --print`: then the shell call's `Cwd`).
// The payload does not name its event: hookrail's hooks.json passes it as the command's argument; without
// one, the tool events and Stop are told from their fields.
import { inputError, isRecord } from "@hookrail/core";
import { KNOWN_EVENTS } from "./dialect.ts";

const text = (v: unknown): string | undefined => (typeof v === "string" && v !== "" ? v : undefined);

export function normaliseAntigravityPayload(raw: unknown, eventArg: string | undefined): Record<string, unknown> {
  if (!isRecord(raw)) throw inputError("not an antigravity hook event (expected a JSON object)");
  const event = eventArg && KNOWN_EVENTS.has(eventArg) ? eventArg : eventFromFields(raw);
  if (!event) throw inputError("antigravity hook event without an event name (pass it as the hook command's argument)");
  const call = isRecord(raw.toolCall) ? raw.toolCall : undefined;
  const args = call && isRecord(call.args) ? call.args : {};
  const roots = Array.isArray(raw.workspacePaths) ? raw.workspacePaths : [];
  const cwd = roots.find((r): r is string => typeof r === "string" && r !== "") ?? text(args.Cwd);
  const session = text(raw.conversationId);
  const transcript = text(raw.transcriptPath);
  return {
    ...raw,
    hook_event_name: event,
    ...(session !== undefined ? { session_id: session } : {}),
    ...(cwd !== undefined ? { cwd } : {}),
    ...(transcript !== undefined ? { transcript_path: transcript } : {}),
    ...(call
      ? {
          tool_name: call.name,
          tool_input: { ...args, ...(typeof args.CommandLine === "string" ? { command: args.CommandLine } : {}) },
        }
      : {}),
    ...(event === "PostToolUse" ? { tool_response: { error: raw.error } } : {}),
  };
}

function eventFromFields(data: Record<string, unknown>): string | undefined {
  if ("toolCall" in data) return "error" in data ? "PostToolUse" : "PreToolUse";
  if (typeof data.executionNum === "number") return "Stop";
  // PreInvocation and PostInvocation carry the same fields: only the argument tells them apart. hookrail binds
  // PreInvocation alone, so an invocation without one is read as that.
  if (typeof data.invocationNum === "number") return "PreInvocation";
  return undefined;
}
