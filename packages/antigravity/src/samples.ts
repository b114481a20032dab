// Antigravity CLI's payloads for `hookrail try` and `demo` (camelCase, the call under `toolCall` with PascalCase
// arguments, no event name), as its documentation and published captures show them.
import { type CliSamples, readAnswer, type SampleContext } from "@hookrail/core/samples";

const payload = ({ cwd, sessionId }: SampleContext, fields: Record<string, unknown>) => ({
  conversationId: sessionId,
  workspacePaths: [cwd],
  transcriptPath: `${cwd}/.transcript.jsonl`,
  ...fields,
});

export const antigravitySamples: CliSamples = {
  shellCall: (command, context) =>
    payload(context, {
      stepIdx: 1,
      toolCall: { name: "run_command", args: { CommandLine: command, Cwd: context.cwd } },
    }),
  fileEdit: (file, context, after = false) =>
    payload(context, {
      stepIdx: 1,
      toolCall: {
        name: "replace_file_content",
        args: { TargetFile: file, TargetContent: "old", ReplacementContent: "new" },
      },
      ...(after ? { error: "" } : {}),
    }),
  // Antigravity CLI has no session event: its first PreInvocation is the session's start.
  sessionStart: (context) => payload(context, { invocationNum: 0, initialNumSteps: 1 }),
  describeAnswer: (answer) => readAnswer(answer),
};
