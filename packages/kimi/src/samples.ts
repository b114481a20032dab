// Kimi Code's payloads for `hookrail try` and `demo`, shaped like its captured fixtures (2.1.0): no transcript, no
// permission mode; `path` in its file tools; PostToolUse's result in `tool_output`.
import type { CliSamples, SampleContext } from "@hookrail/core/samples";

const base = (event: string, { cwd, sessionId }: SampleContext) => ({
  hook_event_name: event,
  session_id: sessionId,
  cwd,
  client_type: "kimi_code_cli",
});

export const kimiSamples: CliSamples = {
  shellCall: (command, context) => ({
    ...base("PreToolUse", context),
    tool_name: "Bash",
    tool_input: { command, description: `Run: ${command}` },
    tool_call_id: "call_1",
  }),
  fileEdit: (file, context, after = false) => ({
    ...base(after ? "PostToolUse" : "PreToolUse", context),
    tool_name: "Edit",
    tool_input: { path: file, old_string: "old", new_string: "new" },
    tool_call_id: "call_1",
    ...(after ? { tool_output: `Edited ${file}` } : {}),
  }),
  sessionStart: (context, source = "startup") => ({
    ...base("SessionStart", context),
    source,
    model: "kimi",
    profile: "agent",
  }),
};
