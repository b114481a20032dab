// Amp's payloads for `hookrail try` and `demo`: what hookrail's plugin sends from Amp's events (0.0.1790142911).
// Amp's file tools take absolute paths (their schemas say "must be absolute").
import { bridgePayload, type CliSamples, readAnswer, type SampleContext } from "@hookrail/core/samples";

function tool(context: SampleContext, tool: string, input: Record<string, unknown>, after: boolean) {
  const call = { tool, toolUseID: "toolu_1", input };
  return bridgePayload(
    after ? "tool.result" : "tool.call",
    context,
    after ? { ...call, status: "done", output: "ok" } : call,
  );
}

export const ampSamples: CliSamples = {
  shellCall: (command, context) => tool(context, "Bash", { cmd: command }, false),
  fileEdit: (file, context, after = false) =>
    tool(
      context,
      "edit_file",
      { path: file.startsWith("/") ? file : `${context.cwd}/${file}`, old_str: "old", new_str: "new" },
      after,
    ),
  sessionStart: (context) => bridgePayload("session.start", context, {}),
  describeAnswer: (answer) => readAnswer(answer),
};
