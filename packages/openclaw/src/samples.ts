// OpenClaw's payloads for `hookrail try` and `demo`: what hookrail's plugin sends from OpenClaw's hooks (2026.9.6).
import { bridgePayload, type CliSamples, readAnswer, type SampleContext } from "@hookrail/core/samples";

function tool(context: SampleContext, toolName: string, params: Record<string, unknown>, after: boolean) {
  const event = { toolName, toolCallId: "call_1", params };
  const result = { result: { content: [{ type: "text", text: "ok" }] } };
  return bridgePayload(after ? "after_tool_call" : "before_tool_call", context, {
    event: after ? { ...event, ...result } : event,
  });
}

export const openclawSamples: CliSamples = {
  shellCall: (command, context) => tool(context, "exec", { command }, false),
  fileEdit: (file, context, after = false) =>
    tool(context, "edit", { path: file, edits: [{ oldText: "old", newText: "new" }] }, after),
  // session_start has no reason: every start reads as one.
  sessionStart: (context) => bridgePayload("session_start", context, {}),
  describeAnswer: (answer) => readAnswer(answer),
};
