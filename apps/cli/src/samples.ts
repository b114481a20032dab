// Real-shaped stdin payloads for each CLI (field names as captured from Claude Code 2.1.332,
// Gemini CLI 0.61.0, Codex 0.169.0 and Copilot CLI 1.0.102; for the bridge CLIs, OpenCode 1.18.33, Kilo 7.7.7
// and Pi 0.73.1, what their hookrail plugin sends), for `try` and `demo`.
import type { BridgePayload, CliName, ToolKind } from "@hookrail/core";

export interface SampleContext {
  cwd: string;
  sessionId: string;
}

const toolNames: Record<CliName, Partial<Record<ToolKind, string>>> = {
  claude: { shell: "Bash", "file-write": "Write", "file-edit": "Edit" },
  gemini: { shell: "run_shell_command", "file-write": "write_file", "file-edit": "replace" },
  codex: { shell: "Bash", "file-write": "apply_patch", "file-edit": "apply_patch" },
  copilot: { shell: "bash", "file-write": "create", "file-edit": "edit" },
  opencode: { shell: "bash", "file-write": "write", "file-edit": "edit" },
  kilo: { shell: "bash", "file-write": "write", "file-edit": "edit" },
  pi: { shell: "bash", "file-write": "write", "file-edit": "edit" },
};

type BridgeCli = "opencode" | "kilo" | "pi";
const isBridge = (cli: CliName): cli is BridgeCli => cli === "opencode" || cli === "kilo" || cli === "pi";

/** What a bridge CLI's plugin sends: its own hook name and arguments (OpenCode's API: {input, output}; Pi: {event}). */
function bridgePayload(hook: string, { cwd, sessionId }: SampleContext, data: unknown): Record<string, unknown> {
  const payload: BridgePayload = { hookrail_bridge: 1, hook_event_name: hook, session_id: sessionId, cwd, data };
  return { ...payload };
}

/** A tool call before (or after) it runs, as a bridge CLI's plugin sends it. */
function bridgeTool(
  cli: BridgeCli,
  context: SampleContext,
  tool: ToolKind,
  args: Record<string, unknown>,
  after: boolean,
) {
  const name = toolNames[cli][tool] ?? tool;
  if (cli === "pi") {
    const event = { toolName: name, toolCallId: "call_1", input: args };
    const result = { content: [{ type: "text", text: "ok" }], isError: false };
    return bridgePayload(after ? "tool_result" : "tool_call", context, {
      event: after ? { ...event, ...result } : event,
    });
  }
  const input = { tool: name, sessionID: context.sessionId, callID: "call_1" };
  return after
    ? bridgePayload("tool.execute.after", context, { input: { ...input, args }, output: { output: "ok" } })
    : bridgePayload("tool.execute.before", context, { input, output: { args } });
}

/** Copilot's own format: camelCase, epoch-ms timestamp, no event name (its hook files pass it as an argument). */
function copilotPayload({ cwd, sessionId }: SampleContext, fields: Record<string, unknown>): Record<string, unknown> {
  return { sessionId, timestamp: 0, cwd, ...fields };
}

function base(cli: CliName, event: string, { cwd, sessionId }: SampleContext): Record<string, unknown> {
  switch (cli) {
    case "claude":
      return {
        session_id: sessionId,
        transcript_path: `${cwd}/.transcript.jsonl`,
        cwd,
        permission_mode: "default",
        hook_event_name: event,
      };
    case "gemini":
      return {
        session_id: sessionId,
        transcript_path: `${cwd}/.transcript.json`,
        cwd,
        hook_event_name: event,
        timestamp: new Date(0).toISOString(),
      };
    case "copilot":
      // The Claude format Copilot sends to Claude-format plugins (its own format: copilotPayload).
      return { hook_event_name: event, session_id: sessionId, timestamp: new Date(0).toISOString(), cwd };
    case "codex":
      return {
        session_id: sessionId,
        turn_id: "turn-1",
        transcript_path: null,
        cwd,
        hook_event_name: event,
        model: "gpt-5.5",
        permission_mode: "default",
      };
    default:
      throw new Error(`${cli} sends its plugin's payloads (bridgePayload), not hook events`);
  }
}

const beforeTool: Record<CliName, string> = {
  claude: "PreToolUse",
  gemini: "BeforeTool",
  codex: "PreToolUse",
  copilot: "preToolUse",
  opencode: "tool.execute.before",
  kilo: "tool.execute.before",
  pi: "tool_call",
};
const afterTool: Record<CliName, string> = {
  claude: "PostToolUse",
  gemini: "AfterTool",
  codex: "PostToolUse",
  copilot: "postToolUse",
  opencode: "tool.execute.after",
  kilo: "tool.execute.after",
  pi: "tool_result",
};

export function shellCall(cli: CliName, command: string, context: SampleContext) {
  if (isBridge(cli)) return bridgeTool(cli, context, "shell", { command, description: command }, false);
  if (cli === "copilot")
    return copilotPayload(context, { toolName: "bash", toolArgs: { command, description: command } });
  return {
    ...base(cli, beforeTool[cli], context),
    tool_name: toolNames[cli].shell,
    tool_input: { command },
    tool_use_id: "call_1",
  };
}

export function fileEdit(cli: CliName, file: string, context: SampleContext, after = false) {
  if (isBridge(cli)) {
    const args =
      cli === "pi"
        ? { path: file, edits: [{ oldText: "old", newText: "new" }] }
        : { filePath: file.startsWith("/") ? file : `${context.cwd}/${file}`, oldString: "old", newString: "new" };
    return bridgeTool(cli, context, "file-edit", args, after);
  }
  if (cli === "copilot") {
    const toolArgs = { path: file, old_str: "old", new_str: "new" };
    const result = after ? { toolResult: { resultType: "success", textResultForLlm: `File ${file} updated` } } : {};
    return copilotPayload(context, { toolName: "edit", toolArgs, ...result });
  }
  const input =
    cli === "codex"
      ? { command: `*** Begin Patch\n*** Update File: ${file}\n@@\n-old\n+new\n*** End Patch\n` }
      : { file_path: file, old_string: "old", new_string: "new" };
  const event = (after ? afterTool : beforeTool)[cli];
  return {
    ...base(cli, event, context),
    tool_name: toolNames[cli]["file-edit"],
    tool_input: input,
    ...(after ? { tool_response: {} } : {}),
  };
}

export function sessionStart(cli: CliName, context: SampleContext, source = "startup") {
  if (cli === "pi")
    return bridgePayload("session_start", context, { event: { type: "session_start", reason: source } });
  if (isBridge(cli))
    return bridgePayload("event.session.created", context, {
      event: { type: "session.created", properties: { sessionID: context.sessionId } },
    });
  if (cli === "copilot") return copilotPayload(context, { source: source === "startup" ? "new" : source });
  const payload: Record<string, unknown> = { ...base(cli, "SessionStart", context), source };
  // SessionStart payloads carry no permission_mode in Claude Code.
  if (cli === "claude") delete payload.permission_mode;
  return payload;
}
