// Auggie's payloads in the shape core's parsePayload reads (measured on 0.36.0). What differs from Claude Code's:
// - the session is `conversation_id` (no `session_id`);
// - there is no `cwd`: the workspace root, `workspace_roots[0]`, is the folder (the hook also starts there);
// - the prompt is `user_prompt`; a tool's result is `tool_output` (with `tool_error` when it failed).
import { isRecord } from "@hookrail/core";

const text = (v: unknown): string | undefined => (typeof v === "string" && v !== "" ? v : undefined);

/** An Auggie payload as the snake_case object core reads; anything that is not an object is left for core to refuse. */
export function normaliseAuggiePayload(raw: unknown): unknown {
  if (!isRecord(raw)) return raw;
  const out: Record<string, unknown> = { ...raw };
  const session = text(raw.session_id) ?? text(raw.conversation_id);
  if (session !== undefined) out.session_id = session;
  const roots = Array.isArray(raw.workspace_roots) ? raw.workspace_roots : [];
  const root = roots.find((r): r is string => typeof r === "string" && r !== "");
  if (text(raw.cwd) === undefined) {
    if (root !== undefined) out.cwd = root;
    else delete out.cwd;
  }
  if (raw.prompt === undefined && typeof raw.user_prompt === "string") out.prompt = raw.user_prompt;
  if (raw.tool_response === undefined && raw.tool_output !== undefined) out.tool_response = raw.tool_output;
  return out;
}
