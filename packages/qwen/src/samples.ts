// Qwen Code's payloads for `hookrail try` and `demo`, shaped like its captured fixtures (0.24.4).
import { type CliSamples, readAnswer, type SampleContext } from "@hookrail/core/samples";

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
  describeAnswer: (answer) => readAnswer(answer),
  // Plan mode: PermissionRequest carries exit_plan_mode's plan as the dialog opens; an approval sends Pre- and
  // PostToolUse.
  planApproval: ({ cwd, home }) => {
    const plan =
      "# Plan: lock an account after five failed logins\n\n## Steps\n1. Count failures.\n2. Lock it for 15 minutes.\n";
    const session = "qwen-plan-demo";
    const base = {
      session_id: session,
      transcript_path: `${home}/.qwen/projects/demo/chats/${session}.jsonl`,
      cwd,
      timestamp: new Date(0).toISOString(),
      tool_name: "exit_plan_mode",
      tool_input: { plan },
    };
    const call = { tool_use_id: "toolu_1", tool_call_id: "call_1" };
    return {
      choice: '"Yes, and auto-accept edits"',
      steps: [
        {
          payload: {
            ...base,
            hook_event_name: "PermissionRequest",
            permission_mode: "plan",
            prompt_id: `${session}########0`,
          },
        },
        { payload: { ...base, hook_event_name: "PreToolUse", permission_mode: "plan", ...call } },
        {
          payload: {
            ...base,
            hook_event_name: "PostToolUse",
            permission_mode: "auto-edit",
            ...call,
            tool_response: {
              llmContent: "User approved. You can now start coding. Start with updating your todo list if applicable.",
              returnDisplay: { type: "plan_summary", message: "User approved.", plan },
            },
            duration_ms: 12,
          },
        },
      ],
    };
  },
};
