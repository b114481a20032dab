// Qwen Code's payloads for `hookrail try` and `demo`, shaped like its captured fixtures (0.24.4).
import type { CliSamples, SampleContext } from "@hookrail/core/samples";

const base = (event: string, { cwd, sessionId }: SampleContext) => ({
  session_id: sessionId,
  transcript_path: `${cwd}/.transcript.jsonl`,
  cwd,
  hook_event_name: event,
  timestamp: new Date(0).toISOString(),
  permission_mode: "default",
});

export const qwenSamples: CliSamples = {
  shellCall: (command, context) => ({
    ...base("PreToolUse", context),
    tool_name: "run_shell_command",
    tool_input: { command },
    tool_use_id: "call_1",
  }),
  fileEdit: (file, context, after = false) => ({
    ...base(after ? "PostToolUse" : "PreToolUse", context),
    tool_name: "edit",
    tool_input: { file_path: file, old_string: "old", new_string: "new" },
    ...(after ? { tool_response: {} } : {}),
  }),
  sessionStart: (context, source = "startup") => ({ ...base("SessionStart", context), source }),
};
