// Cursor's payloads in the shape core's parsePayload reads. They are snake_case already; what differs:
// - the session is `conversation_id` (newer builds also send `session_id`, the same value);
// - `cwd` is often empty: the workspace root (`workspace_roots[0]`) is then the folder;
// - beforeShellExecution / afterShellExecution carry the command flat (no tool_name / tool_input), and
//   afterFileEdit carries `file_path` and `edits` flat: they become the Shell and Write tools;
// - beforeMCPExecution names the MCP tool bare and gives its arguments as a JSON string (its reference; an object in
//   older write-ups), with the server's `url` or `command` beside them: it becomes the tool `MCP:<tool>`, as
//   preToolUse names MCP tools, whose input is the arguments alone (the server's command is not the call's);
// - postToolUse's result is `tool_output`, a JSON string.
import { isRecord } from "@hookrail/core";

const text = (v: unknown): string | undefined => (typeof v === "string" && v !== "" ? v : undefined);

/** A Cursor payload as the snake_case object core reads; anything that is not an object is left for core to refuse. */
export function normaliseCursorPayload(raw: unknown): unknown {
  if (!isRecord(raw)) return raw;
  const out: Record<string, unknown> = { ...raw };
  const session = text(raw.session_id) ?? text(raw.conversation_id);
  if (session !== undefined) out.session_id = session;
  const roots = Array.isArray(raw.workspace_roots) ? raw.workspace_roots : [];
  const root = roots.find((r): r is string => typeof r === "string" && r !== "");
  const commandCwd = text(raw.cwd);
  if (raw.cwd === undefined || raw.cwd === "") {
    if (root !== undefined) out.cwd = root;
    else delete out.cwd;
  }
  switch (raw.hook_event_name) {
    case "beforeShellExecution":
      out.tool_name = "Shell";
      out.tool_input = { command: raw.command, ...(commandCwd ? { cwd: commandCwd } : {}) };
      break;
    case "afterShellExecution":
      out.tool_name = "Shell";
      out.tool_input = { command: raw.command, ...(commandCwd ? { cwd: commandCwd } : {}) };
      out.tool_response = { output: raw.output, duration: raw.duration };
      break;
    case "afterFileEdit":
      out.tool_name = "Write";
      out.tool_input = { file_path: raw.file_path, edits: raw.edits };
      out.tool_response = { edits: raw.edits };
      break;
    case "beforeMCPExecution":
      if (typeof raw.tool_name === "string" && raw.tool_name !== "") out.tool_name = mcpToolName(raw.tool_name);
      out.tool_input = mcpArguments(raw.tool_input);
      break;
    case "postToolUse":
      if (raw.tool_output !== undefined) out.tool_response = jsonOrText(raw.tool_output);
      break;
  }
  return out;
}

function jsonOrText(value: unknown): unknown {
  if (typeof value !== "string") return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

/** `MCP:<tool>`, the name preToolUse gives an MCP tool (kept where Cursor already spells it so). */
const mcpToolName = (name: string) => (/^mcp:/i.test(name) ? name : `MCP:${name}`);

/** An MCP call's arguments as an object: a JSON string parsed, an object kept, anything else none. */
function mcpArguments(value: unknown): Record<string, unknown> {
  const parsed = jsonOrText(value);
  return isRecord(parsed) ? parsed : {};
}
