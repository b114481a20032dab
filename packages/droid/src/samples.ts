// Factory Droid's payloads for `hookrail try` and `demo`, shaped like its captured fixtures (0.225.2).
import { type CliSamples, readAnswer, type SampleContext } from "@hookrail/core/samples";

const base = (event: string, { cwd, sessionId }: SampleContext) => ({
  session_id: sessionId,
  transcript_path: `${cwd}/.transcript.jsonl`,
  cwd,
  permission_mode: "auto-low",
  hook_event_name: event,
});

export const droidSamples: CliSamples = {
  shellCall: (command, context) => ({
    ...base("PreToolUse", context),
    tool_name: "Execute",
    tool_input: { command },
  }),
  fileEdit: (file, context, after = false) => ({
    ...base(after ? "PostToolUse" : "PreToolUse", context),
    tool_name: "Edit",
    tool_input: { file_path: file, old_str: "old", new_str: "new" },
    ...(after ? { tool_response: {} } : {}),
  }),
  sessionStart: (context, source = "startup") => ({ ...base("SessionStart", context), source }),
  describeAnswer: (answer) => readAnswer(answer),
  // Spec mode: ExitSpecMode {title, plan}; the approval is told by the tool's result text.
  planApproval: ({ cwd, home }) => {
    const session = "droid-plan-demo";
    const base = {
      session_id: session,
      transcript_path: `${home}/.factory/sessions/demo/${session}.jsonl`,
      cwd,
      permission_mode: "auto-low",
      tool_name: "ExitSpecMode",
      tool_input: {
        title: "Show the last login",
        plan: "# Plan: show the last login\n\n1. Store the time of each login.\n2. Show it on the profile page.",
      },
    };
    return {
      choice: "spec approved",
      steps: [
        { payload: { ...base, hook_event_name: "PreToolUse" } },
        {
          payload: {
            ...base,
            hook_event_name: "PostToolUse",
            tool_response: "Spec mode exited. The user approved the plan. Continue with the implementation.",
          },
        },
      ],
    };
  },
};
