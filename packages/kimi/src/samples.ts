// Kimi Code's payloads for `hookrail try` and `demo`, shaped like its captured fixtures (2.1.0): no transcript, no
// permission mode; `path` in its file tools; PostToolUse's result in `tool_output`.
import { type CliSamples, readAnswer, type SampleContext } from "@hookrail/core/samples";

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
  // Kimi Code hands the model what a hook prints as it is: its notes are plain text.
  describeAnswer: (answer) => readAnswer(answer, { plainTextNotes: true }),
  // Plan mode: ExitPlanMode's input is `{}`; the plan comes after the approval, in PostToolUse's `tool_output`.
  planApproval: ({ cwd, home }) => {
    const session = "session_kimi-plan-demo";
    const file = `${home}/.kimi-code/sessions/demo/${session}/agents/main/plans/demo.md`;
    const plan = "# Plan: remember the language\n\n1. Store the chosen language.\n2. Use it at the next visit.\n";
    return {
      choice: "ExitPlanMode approved",
      steps: [
        {
          payload: {
            hook_event_name: "PostToolUse",
            session_id: session,
            cwd,
            client_type: "kimi_code_cli",
            tool_name: "ExitPlanMode",
            tool_input: {},
            tool_call_id: "call_1",
            tool_output: `Exited plan mode. Plan mode deactivated. All tools are now available.\nPlan saved to: ${file}\n\n## Approved Plan:\n${plan}`,
          },
        },
      ],
    };
  },
};
