// Claude Code's payloads for `hookrail try` and `demo`, shaped like its captured fixtures (2.1.332).
import { type CliSamples, readAnswer, type SampleContext } from "@hookrail/core/samples";

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
  describeAnswer: (answer) => readAnswer(answer),
  // Plan mode: the plan file in ~/.claude/plans, ExitPlanMode asks, PostToolUse after "Yes".
  planApproval: ({ cwd, home }) => {
    const plan = "# Plan: add a logout button\n\n## Steps\n1. Add logout() next to login().\n2. Test it.\n";
    const planFilePath = `${home}/.claude/plans/add-a-logout-button-calm-river.md`;
    const base = { session_id: "plan-demo", transcript_path: `${cwd}/t.jsonl`, cwd, tool_name: "ExitPlanMode" };
    return {
      choice: "approved, keeping context",
      steps: [
        { write: planFilePath, content: plan },
        {
          payload: {
            ...base,
            hook_event_name: "PreToolUse",
            permission_mode: "plan",
            tool_input: { plan, planFilePath },
          },
        },
        {
          payload: {
            ...base,
            hook_event_name: "PostToolUse",
            permission_mode: "default",
            tool_input: {},
            tool_response: { plan, isAgent: false, filePath: planFilePath },
          },
        },
      ],
    };
  },
};
