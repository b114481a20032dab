// Cline's payloads for `hookrail try` and `demo`, shaped like its captured fixtures (3.0.65): camelCase, the event as
// its internal hookName, the call under tool_call (before) or tool_result (after).
import { type AnswerOutcome, type CliSamples, readAnswer, type SampleContext } from "@hookrail/core/samples";

const base = (hookName: string, { cwd, sessionId }: SampleContext) => ({
  clineVersion: "",
  timestamp: new Date(0).toISOString(),
  taskId: `conv_${sessionId}`,
  sessionContext: { rootSessionId: sessionId },
  workspaceRoots: [cwd],
  workspaceInfo: { rootPath: cwd, hint: "project" },
  userId: "unknown",
  hookName,
});

export const clineSamples: CliSamples = {
  shellCall: (command, context) => ({
    ...base("tool_call", context),
    iteration: 1,
    tool_call: { id: "call_1", name: "run_commands", input: { commands: [command] } },
  }),
  fileEdit: (file, context, after = false) => {
    const call = { id: "call_1", name: "editor", input: { path: file, old_text: "old", new_text: "new" } };
    return after
      ? { ...base("tool_result", context), iteration: 1, tool_result: { ...call, output: { success: true } } }
      : { ...base("tool_call", context), iteration: 1, tool_call: call };
  },
  sessionStart: (context) => ({ ...base("agent_start", context), taskStart: { taskMetadata: {} } }),
  describeAnswer: (answer) => readAnswer(answer, { own: clineAnswer }),
};

/** Cline's answer: `overrideInput` replaces the call (refused, the reason as `contextModification`), `cancel` stops it. */
function clineAnswer(json: Record<string, unknown>): AnswerOutcome {
  const context = typeof json.contextModification === "string" ? json.contextModification : undefined;
  if (json.cancel === true) return { verdict: "blocked", reason: String(json.errorMessage ?? context ?? "") };
  if (json.overrideInput !== undefined) return { verdict: "blocked", reason: context ?? "" };
  return context ? { verdict: "allowed", note: context } : { verdict: "allowed" };
}
