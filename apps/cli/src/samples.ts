// Real-shaped stdin payloads for each CLI (field names as captured from Claude Code 2.1.332,
// Gemini CLI 0.61.0, Codex 0.169.0 and Copilot CLI 1.0.102), for `try` and `demo`.
import type { CliName, GuardrailManifest, ToolKind } from "@hookrail/core";

export interface SampleContext {
  cwd: string;
  sessionId: string;
}

const toolNames: Record<CliName, Partial<Record<ToolKind, string>>> = {
  claude: { shell: "Bash", "file-write": "Write", "file-edit": "Edit" },
  gemini: { shell: "run_shell_command", "file-write": "write_file", "file-edit": "replace" },
  codex: { shell: "Bash", "file-write": "apply_patch", "file-edit": "apply_patch" },
  copilot: { shell: "bash", "file-write": "create", "file-edit": "edit" },
};

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
  }
}

const beforeTool: Record<CliName, string> = {
  claude: "PreToolUse",
  gemini: "BeforeTool",
  codex: "PreToolUse",
  copilot: "preToolUse",
};
const afterTool: Record<CliName, string> = {
  claude: "PostToolUse",
  gemini: "AfterTool",
  codex: "PostToolUse",
  copilot: "postToolUse",
};

export function shellCall(cli: CliName, command: string, context: SampleContext) {
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
  if (cli === "copilot") return copilotPayload(context, { source: source === "startup" ? "new" : source });
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
