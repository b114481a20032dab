// Gemini CLI's payloads for `hookrail try` and `demo`, shaped like its captured fixtures (0.61.0).
import { type CliSamples, readAnswer, type SampleContext } from "@hookrail/core/samples";

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
  // Gemini CLI does not read permissionDecision.
  describeAnswer: (answer) => readAnswer(answer, { ignoresPermission: true }),
  // Plan mode: the plan file is written into GEMINI_PLANS_DIR, exit_plan_mode asks, AfterTool says "Plan approved".
  planApproval: ({ cwd, home }) => {
    const plansDir = `${home}/.gemini/tmp/demo/plans`;
    const plan = "# Plan: add a password reset page\n\n## Steps\n1. Add the route.\n2. Send the mail.\n";
    const base = {
      session_id: "gemini-plan-demo",
      transcript_path: `${cwd}/g.jsonl`,
      cwd,
      timestamp: new Date(0).toISOString(),
    };
    const file = `${plansDir}/password-reset.md`;
    const exit = { tool_name: "exit_plan_mode", tool_input: { plan_filename: "password-reset.md" } };
    const text = `Plan approved. Switching to Default mode (edits will require confirmation).\n\nThe approved implementation plan is stored at: ${file}`;
    return {
      choice: "exit_plan_mode approved",
      env: { GEMINI_PLANS_DIR: plansDir },
      steps: [
        {
          payload: {
            ...base,
            hook_event_name: "BeforeTool",
            tool_name: "write_file",
            tool_input: { file_path: file, content: plan },
          },
        },
        { write: file, content: plan },
        { payload: { ...base, hook_event_name: "BeforeTool", ...exit } },
        {
          payload: {
            ...base,
            hook_event_name: "AfterTool",
            ...exit,
            tool_response: { llmContent: text, returnDisplay: `Plan approved: ${file}` },
          },
        },
      ],
    };
  },
};
