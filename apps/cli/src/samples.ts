// Real-shaped stdin payloads for each CLI (field names as captured from Claude Code 2.1.332,
// Gemini CLI 0.61.0, Codex 0.169.0, Copilot CLI 1.0.102, Qwen Code 0.24.4, Cline 3.0.65 and Factory Droid 0.225.2;
// Cursor's and
// Antigravity CLI's as their documentation and published captures show them; for the bridge CLIs, OpenCode
// 1.18.33, Kilo 7.7.7 and Pi 0.73.1, what their hookrail plugin sends), for `try` and `demo`.
import type { BridgePayload, CliName, GuardrailManifest, ToolKind } from "@hookrail/core";

export interface SampleContext {
  cwd: string;
  sessionId: string;
}

const toolNames: Record<CliName, Partial<Record<ToolKind, string>>> = {
  claude: { shell: "Bash", "file-write": "Write", "file-edit": "Edit" },
  gemini: { shell: "run_shell_command", "file-write": "write_file", "file-edit": "replace" },
  codex: { shell: "Bash", "file-write": "apply_patch", "file-edit": "apply_patch" },
  copilot: { shell: "bash", "file-write": "create", "file-edit": "edit" },
  qwen: { shell: "run_shell_command", "file-write": "write_file", "file-edit": "edit" },
  cline: { shell: "run_commands", "file-write": "editor", "file-edit": "editor" },
  droid: { shell: "Execute", "file-write": "Create", "file-edit": "Edit" },
  cursor: { shell: "Shell", "file-write": "Write", "file-edit": "StrReplace" },
  antigravity: { shell: "run_command", "file-write": "write_to_file", "file-edit": "replace_file_content" },
  opencode: { shell: "bash", "file-write": "write", "file-edit": "edit" },
  kilo: { shell: "bash", "file-write": "write", "file-edit": "edit" },
  pi: { shell: "bash", "file-write": "write", "file-edit": "edit" },
};

/** Antigravity CLI's format: camelCase, the call under `toolCall` with PascalCase arguments, no event name. */
function antigravityPayload({ cwd, sessionId }: SampleContext, fields: Record<string, unknown>) {
  return { conversationId: sessionId, workspacePaths: [cwd], transcriptPath: `${cwd}/.transcript.jsonl`, ...fields };
}

type BridgeCli = "opencode" | "kilo" | "pi";
const isBridge = (cli: CliName): cli is BridgeCli => cli === "opencode" || cli === "kilo" || cli === "pi";

/** What a bridge CLI's plugin sends: its own hook name and arguments (OpenCode's API: {input, output}; Pi: {event}). */
export function bridgePayload(hook: string, { cwd, sessionId }: SampleContext, data: unknown): Record<string, unknown> {
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

/** Cline's own format: camelCase, the event as its internal hookName, the call under tool_call or tool_result. */
function clinePayload({ cwd, sessionId }: SampleContext, hookName: string, fields: Record<string, unknown>) {
  return {
    clineVersion: "",
    timestamp: new Date(0).toISOString(),
    taskId: sessionId,
    sessionContext: { rootSessionId: sessionId },
    workspaceRoots: [cwd],
    workspaceInfo: { rootPath: cwd, hint: "project" },
    userId: "unknown",
    hookName,
    ...fields,
  };
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
    case "qwen":
      return {
        session_id: sessionId,
        transcript_path: `${cwd}/.transcript.jsonl`,
        cwd,
        hook_event_name: event,
        timestamp: new Date(0).toISOString(),
        permission_mode: "default",
      };
    case "droid":
      return {
        session_id: sessionId,
        transcript_path: `${cwd}/.transcript.jsonl`,
        cwd,
        permission_mode: "auto-low",
        hook_event_name: event,
      };
    case "cursor":
      // Cursor's cwd is often empty; the workspace root is the folder.
      return { conversation_id: sessionId, hook_event_name: event, cwd: "", workspace_roots: [cwd] };
    case "antigravity":
      return antigravityPayload({ cwd, sessionId }, {});
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
  qwen: "PreToolUse",
  cline: "PreToolUse",
  droid: "PreToolUse",
  cursor: "preToolUse",
  antigravity: "PreToolUse",
  opencode: "tool.execute.before",
  kilo: "tool.execute.before",
  pi: "tool_call",
};
const afterTool: Record<CliName, string> = {
  claude: "PostToolUse",
  gemini: "AfterTool",
  codex: "PostToolUse",
  copilot: "postToolUse",
  qwen: "PostToolUse",
  cline: "PostToolUse",
  droid: "PostToolUse",
  cursor: "postToolUse",
  antigravity: "PostToolUse",
  opencode: "tool.execute.after",
  kilo: "tool.execute.after",
  pi: "tool_result",
};

export function shellCall(cli: CliName, command: string, context: SampleContext) {
  if (isBridge(cli)) return bridgeTool(cli, context, "shell", { command, description: command }, false);
  if (cli === "copilot")
    return copilotPayload(context, { toolName: "bash", toolArgs: { command, description: command } });
  if (cli === "cline")
    return clinePayload(context, "tool_call", {
      iteration: 1,
      tool_call: { id: "call_1", name: "run_commands", input: { commands: [command] } },
    });
  if (cli === "antigravity")
    return antigravityPayload(context, {
      stepIdx: 1,
      toolCall: { name: "run_command", args: { CommandLine: command, Cwd: context.cwd } },
    });
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
  if (cli === "cline") {
    const call = { id: "call_1", name: "editor", input: { path: file, old_text: "old", new_text: "new" } };
    return after
      ? clinePayload(context, "tool_result", { iteration: 1, tool_result: { ...call, output: { success: true } } })
      : clinePayload(context, "tool_call", { iteration: 1, tool_call: call });
  }
  if (cli === "antigravity") {
    const args = { TargetFile: file, TargetContent: "old", ReplacementContent: "new" };
    return antigravityPayload(context, {
      stepIdx: 1,
      toolCall: { name: "replace_file_content", args },
      ...(after ? { error: "" } : {}),
    });
  }
  const input =
    cli === "codex"
      ? { command: `*** Begin Patch\n*** Update File: ${file}\n@@\n-old\n+new\n*** End Patch\n` }
      : cli === "droid"
        ? { file_path: file, old_str: "old", new_str: "new" }
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
  // Antigravity CLI has no session event: its first PreInvocation is the session's start.
  if (cli === "antigravity") return antigravityPayload(context, { invocationNum: 0, initialNumSteps: 1 });
  if (cli === "cursor") return { ...base(cli, "sessionStart", context), composer_mode: "agent" };
  if (cli === "cline") return clinePayload(context, "agent_start", { taskStart: { taskMetadata: {} } });
  const payload: Record<string, unknown> = { ...base(cli, "SessionStart", context), source };
  // SessionStart payloads carry no permission_mode in Claude Code.
  if (cli === "claude") delete payload.permission_mode;
  return payload;
}

/**
 * The event `try` and `explain` send a guardrail: a shell call with `arg` for a command gate, an edit of `arg`
 * (default README.md) for one that watches file tools, else a session start (`arg`: its source). Undefined
 * when a command gate was given no command.
 */
export function sampleEvent(
  manifest: GuardrailManifest,
  cli: CliName,
  arg: string,
  context: SampleContext,
): Record<string, unknown> | undefined {
  const binding = manifest.bindings[0];
  if (binding?.event === "before-tool" && binding.tools?.includes("shell")) {
    return arg ? shellCall(cli, arg, context) : undefined;
  }
  if (binding?.event === "before-tool") return fileEdit(cli, arg || "README.md", context);
  return sessionStart(cli, context, arg || "startup");
}
