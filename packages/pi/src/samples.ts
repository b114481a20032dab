// Pi's payloads for `hookrail try` and `demo`: what hookrail's extension sends from Pi's events (1.6.0).
import { bridgePayload, type CliSamples, readAnswer, type SampleContext } from "@hookrail/core/samples";

function tool(context: SampleContext, toolName: string, input: Record<string, unknown>, after: boolean) {
  const event = { toolName, toolCallId: "call_1", input };
  const result = { content: [{ type: "text", text: "ok" }], isError: false };
  return bridgePayload(after ? "tool_result" : "tool_call", context, {
    event: after ? { ...event, ...result } : event,
  });
}

export const piSamples: CliSamples = {
  shellCall: (command, context) => tool(context, "bash", { command, description: command }, false),
  fileEdit: (file, context, after = false) =>
    tool(context, "edit", { path: file, edits: [{ oldText: "old", newText: "new" }] }, after),
  sessionStart: (context, source = "startup") =>
    bridgePayload("session_start", context, { event: { type: "session_start", reason: source } }),
  describeAnswer: (answer) => readAnswer(answer),
};
