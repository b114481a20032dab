// Codex's payloads for `hookrail try` and `demo`, shaped like its captured fixtures (0.169.0).
import type { CliSamples, SampleContext } from "@hookrail/core/samples";

const base = (event: string, { cwd, sessionId }: SampleContext) => ({
  session_id: sessionId,
  turn_id: "turn-1",
  transcript_path: null,
  cwd,
  hook_event_name: event,
  model: "gpt-5.5",
  permission_mode: "default",
});

export const codexSamples: CliSamples = {
  shellCall: (command, context) => ({
    ...base("PreToolUse", context),
    tool_name: "Bash",
    tool_input: { command },
    tool_use_id: "call_1",
  }),
  fileEdit: (file, context, after = false) => ({
    ...base(after ? "PostToolUse" : "PreToolUse", context),
    tool_name: "apply_patch",
    tool_input: { command: `*** Begin Patch\n*** Update File: ${file}\n@@\n-old\n+new\n*** End Patch\n` },
    ...(after ? { tool_response: {} } : {}),
  }),
  sessionStart: (context, source = "startup") => ({ ...base("SessionStart", context), source }),
};
