// Auggie's payloads for `hookrail try` and `demo`, shaped like its captured fixtures (0.36.0): no session_id and
// no cwd, the conversation and the workspace root instead.
import { type CliSamples, readAnswer, type SampleContext } from "@hookrail/core/samples";

const base = (event: string, { cwd, sessionId }: SampleContext) => ({
  hook_event_name: event,
  conversation_id: sessionId,
  workspace_roots: [cwd],
});

const tool = (event: string, context: SampleContext, name: string, input: Record<string, unknown>) => ({
  ...base(event, context),
  tool_name: name,
  tool_input: input,
  tool_output: event === "PreToolUse" ? "[undefined]" : "",
  tool_error: null,
  is_mcp_tool: false,
});

export const auggieSamples: CliSamples = {
  shellCall: (command, context) => tool("PreToolUse", context, "launch-process", { command, wait: true, cwd: "." }),
  fileEdit: (file, context, after = false) =>
    tool(after ? "PostToolUse" : "PreToolUse", context, "str-replace-editor", {
      command: "str_replace",
      path: file,
      str_replace_entries: [{ old_str: "old", new_str: "new" }],
    }),
  sessionStart: (context) => base("SessionStart", context),
  describeAnswer: (answer) => readAnswer(answer),
  // Plan mode (read from its shipped code): the model saves the plan under ~/.augment/plans/, exit-plan-mode asks,
  // and its result starts with the user's choice.
  planApproval: ({ cwd, home }) => {
    const context = { cwd, sessionId: "auggie-plan-demo" };
    const path = `${home}/.augment/plans/export-as-csv.md`;
    const content = "# Plan: export the report as CSV\n\n1. Add toCsv().\n2. Add a Download button.\n";
    const exit = { summary: "Export the report as CSV: toCsv() and a Download button." };
    return {
      choice: '"Implement"',
      steps: [
        { write: path, content },
        { payload: tool("PreToolUse", context, "save-file", { path, file_content: content }) },
        { payload: tool("PreToolUse", context, "exit-plan-mode", exit) },
        {
          payload: {
            ...tool("PostToolUse", context, "exit-plan-mode", exit),
            tool_output: "Implement selected. Plan mode complete; proceed with implementation.",
          },
        },
      ],
    };
  },
};
