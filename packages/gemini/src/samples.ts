// Gemini CLI's payloads for `hookrail try` and `demo`, shaped like its captured fixtures (0.61.0).
import type { CliSamples, SampleContext } from "@hookrail/core/samples";

const base = (event: string, { cwd, sessionId }: SampleContext) => ({
  session_id: sessionId,
  transcript_path: `${cwd}/.transcript.json`,
  cwd,
  hook_event_name: event,
  timestamp: new Date(0).toISOString(),
});

export const geminiSamples: CliSamples = {
  shellCall: (command, context) => ({
    ...base("BeforeTool", context),
    tool_name: "run_shell_command",
    tool_input: { command },
  }),
  fileEdit: (file, context, after = false) => ({
    ...base(after ? "AfterTool" : "BeforeTool", context),
    tool_name: "replace",
    tool_input: { file_path: file, old_string: "old", new_string: "new" },
    ...(after ? { tool_response: {} } : {}),
  }),
  sessionStart: (context, source = "startup") => ({ ...base("SessionStart", context), source }),
};
