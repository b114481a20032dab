// Cursor's payloads for `hookrail try` and `demo`, as its documentation and published captures show them.
import { type CliSamples, readAnswer, type SampleContext } from "@hookrail/core/samples";

// Cursor's cwd is often empty; the workspace root is the folder.
const base = (event: string, { cwd, sessionId }: SampleContext) => ({
  conversation_id: sessionId,
  hook_event_name: event,
  cwd: "",
  workspace_roots: [cwd],
});

export const cursorSamples: CliSamples = {
  shellCall: (command, context) => ({
    ...base("preToolUse", context),
    tool_name: "Shell",
    tool_input: { command },
    tool_use_id: "call_1",
  }),
  fileEdit: (file, context, after = false) => ({
    ...base(after ? "postToolUse" : "preToolUse", context),
    tool_name: "StrReplace",
    tool_input: { file_path: file, old_string: "old", new_string: "new" },
    ...(after ? { tool_output: "" } : {}),
  }),
  sessionStart: (context) => ({ ...base("sessionStart", context), composer_mode: "agent" }),
  describeAnswer: (answer) => readAnswer(answer),
};
