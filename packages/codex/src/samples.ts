// Codex's payloads for `hookrail try` and `demo`, shaped like its captured fixtures (0.169.0).
import { type CliSamples, readAnswer, type SampleContext } from "@hookrail/core/samples";

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
  describeAnswer: (answer) => readAnswer(answer),
  // Plan mode: the plan is the turn's <proposed_plan> in the rollout, Stop, then "Implement the plan.".
  planApproval: ({ cwd, home }) => {
    const plan = "# Plan: rate-limit the login route\n\n## Steps\n1. Count attempts per IP.\n2. Answer 429.\n";
    const rollout = `${home}/.codex/sessions/2026/01/01/rollout-demo.jsonl`;
    const line = (type: string, payload: unknown) =>
      `${JSON.stringify({ timestamp: new Date(0).toISOString(), type, payload })}\n`;
    const answer = `Here is the plan.\n\n<proposed_plan>\n${plan}</proposed_plan>`;
    const content =
      line("response_item", { type: "message", role: "assistant", content: [{ type: "output_text", text: answer }] }) +
      line("event_msg", {
        type: "item_completed",
        turn_id: "turn-1",
        item: { type: "Plan", id: "turn-1-plan", text: plan },
      });
    const base = {
      session_id: "codex-plan-demo",
      transcript_path: rollout,
      cwd,
      model: "gpt-5.5",
      permission_mode: "default",
    };
    return {
      choice: '"Yes, implement this plan"',
      steps: [
        { write: rollout, content },
        {
          payload: {
            ...base,
            turn_id: "turn-1",
            hook_event_name: "Stop",
            stop_hook_active: false,
            last_assistant_message: "Here is the plan.\n\n",
          },
        },
        { payload: { ...base, turn_id: "turn-2", hook_event_name: "UserPromptSubmit", prompt: "Implement the plan." } },
      ],
    };
  },
};
