// Claude Code's payloads for `hookrail try` and `demo`, shaped like its captured fixtures (2.1.332).
import type { CliSamples, SampleContext } from "@hookrail/core/samples";

const base = (event: string, { cwd, sessionId }: SampleContext) => ({
  session_id: sessionId,
  transcript_path: `${cwd}/.transcript.jsonl`,
  cwd,
  permission_mode: "default",
  hook_event_name: event,
});

export const claudeSamples: CliSamples = {
  shellCall: (command, context) => ({
    ...base("PreToolUse", context),
    tool_name: "Bash",
    tool_input: { command },
    tool_use_id: "call_1",
  }),
  fileEdit: (file, context, after = false) => ({
    ...base(after ? "PostToolUse" : "PreToolUse", context),
    tool_name: "Edit",
    tool_input: { file_path: file, old_string: "old", new_string: "new" },
    ...(after ? { tool_response: {} } : {}),
  }),
  // SessionStart payloads carry no permission_mode in Claude Code.
  sessionStart: (context, source = "startup") => {
    const { permission_mode: _, ...rest } = base("SessionStart", context);
    return { ...rest, source };
  },
};
