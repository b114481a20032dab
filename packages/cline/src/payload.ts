// Cline's payloads in the snake_case shape core's parsePayload reads. Cline sends its own camelCase shape
// (fixtures in test/fixtures): the event as `hookName` (agent_start, tool_call, …), the session as `sessionContext.rootSessionId`, the
// workspace as `workspaceRoots[0]`, the call as `tool_call {id, name, input}` and its result as
// `tool_result {id, name, input, output}`. Unknown fields are kept.
import { isRecord } from "@hookrail/core";
import { CLINE_HOOK_NAMES } from "./dialect.ts";

const text = (v: unknown): string | undefined => (typeof v === "string" && v !== "" ? v : undefined);

/** A Cline payload as the object core reads; anything that is not one is left for core to refuse. */
export function normaliseClinePayload(raw: unknown): unknown {
  if (!isRecord(raw)) return raw;
  const out: Record<string, unknown> = { ...raw };
  const hookName = text(raw.hookName);
  if (hookName !== undefined) out.hook_event_name = CLINE_HOOK_NAMES[hookName] ?? hookName;
  // Cline keeps a session under its root session id (~/.cline/data/sessions/<id>/); taskId names one run in it.
  const session =
    (isRecord(raw.sessionContext) ? text(raw.sessionContext.rootSessionId) : undefined) ?? text(raw.taskId);
  if (session !== undefined) out.session_id = session;
  const roots = Array.isArray(raw.workspaceRoots) ? raw.workspaceRoots : [];
  const cwd =
    roots.find((r): r is string => typeof r === "string" && r !== "") ??
    (isRecord(raw.workspaceInfo) ? text(raw.workspaceInfo.rootPath) : undefined);
  if (cwd !== undefined) out.cwd = cwd;
  const call = isRecord(raw.tool_call) ? raw.tool_call : isRecord(raw.tool_result) ? raw.tool_result : undefined;
  if (call) {
    if (typeof call.name === "string") out.tool_name = call.name;
    if (isRecord(call.input)) out.tool_input = call.input;
    if (typeof call.id === "string") out.tool_use_id = call.id;
    if (isRecord(raw.tool_result)) out.tool_response = raw.tool_result.output;
  }
  const prompt = isRecord(raw.userPromptSubmit) ? raw.userPromptSubmit.prompt : raw.prompt;
  if (typeof prompt === "string") out.prompt = prompt;
  return out;
}
