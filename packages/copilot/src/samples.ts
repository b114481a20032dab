// Copilot CLI's payloads for `hookrail try` and `demo` in its own format (camelCase, an epoch-ms timestamp, no
// event name: its hook files pass it as an argument), shaped like its captured fixtures (1.0.102).
import { type CliSamples, readAnswer, type SampleContext } from "@hookrail/core/samples";

const payload = ({ cwd, sessionId }: SampleContext, fields: Record<string, unknown>) => ({
  sessionId,
  timestamp: 0,
  cwd,
  ...fields,
});

export const copilotSamples: CliSamples = {
  shellCall: (command, context) => payload(context, { toolName: "bash", toolArgs: { command, description: command } }),
  fileEdit: (file, context, after = false) =>
    payload(context, {
      toolName: "edit",
      toolArgs: { path: file, old_str: "old", new_str: "new" },
      ...(after ? { toolResult: { resultType: "success", textResultForLlm: `File ${file} updated` } } : {}),
    }),
  sessionStart: (context, source = "startup") => payload(context, { source: source === "startup" ? "new" : source }),
  // Copilot also reads its own flat permissionDecision.
  describeAnswer: (answer) => readAnswer(answer, { flatPermission: true }),
  // Plan mode: the plan is the session's plan.md, exit_plan_mode asks, postToolUse says "Plan approved!".
  planApproval: ({ cwd, home }) => {
    const copilotHome = `${home}/.copilot`;
    const session = "copilot-plan-demo";
    const base = {
      sessionId: session,
      cwd,
      timestamp: 0,
      toolName: "exit_plan_mode",
      toolArgs: { summary: "1. Add the checkbox.\n2. Keep the cookie 30 days." },
    };
    const result = {
      resultType: "success",
      textResultForLlm: "Plan approved! Exited plan mode.\n\nYou are now in interactive mode.",
    };
    return {
      choice: '"Accept plan"',
      env: { COPILOT_HOME: copilotHome },
      steps: [
        {
          write: `${copilotHome}/session-state/${session}/plan.md`,
          content: "# Plan: remember me\n\n1. Add the checkbox.\n2. Keep the cookie 30 days.\n",
        },
        { payload: base, args: ["preToolUse"] },
        { payload: { ...base, toolResult: result }, args: ["postToolUse"] },
      ],
    };
  },
};
