// Mock OpenAI Responses API for Codex: `POST /v1/responses`, answered as an SSE stream.
// Every responses request is the agent loop ("main"); its turn = the tool calls already in
// `input` (stateless). Shell steps become `exec_command`, writes an `apply_patch` (freeform).
import { DEFAULT_FINAL_TEXT, type Scenario, type Step } from "../scenario.ts";
import { type MockServer, notFound, type RecordedRequest, type Reply, startMockServer } from "./http.ts";

type OutputItem =
  | { type: "function_call"; id: string; call_id: string; name: string; arguments: string; status: "completed" }
  | { type: "custom_tool_call"; id: string; call_id: string; name: string; input: string; status: "completed" }
  | {
      type: "message";
      id: string;
      role: "assistant";
      content: { type: "output_text"; text: string; annotations: [] }[];
    };

export const codexCallId = (turn: number): string => `call_hookrail_${turn}`;

export function codexCall(step: Step, turn: number): OutputItem {
  const callId = codexCallId(turn);
  if (step.kind === "shell") {
    return {
      type: "function_call",
      id: `fc_${callId}`,
      call_id: callId,
      name: "exec_command",
      arguments: JSON.stringify({ cmd: step.command }),
      status: "completed",
    };
  }
  const body = step.content
    .replace(/\n$/, "")
    .split("\n")
    .map((l) => `+${l}`)
    .join("\n");
  const patch = `*** Begin Patch\n*** Add File: ${step.path}\n${body}\n*** End Patch\n`;
  return {
    type: "custom_tool_call",
    id: `ctc_${callId}`,
    call_id: callId,
    name: "apply_patch",
    input: patch,
    status: "completed",
  };
}

const CALL_TYPES = new Set(["function_call", "custom_tool_call", "local_shell_call"]);
const event = (data: { type: string } & Record<string, unknown>): string =>
  `event: ${data.type}\ndata: ${JSON.stringify(data)}\n\n`;

export function startOpenAIMock(scenario: Scenario): Promise<MockServer> {
  let seq = 0;
  return startMockServer((req: RecordedRequest): Reply => {
    if (req.method !== "POST" || !req.path.endsWith("/responses")) return notFound(`${req.method} ${req.path}`);
    req.kind = "main";
    const input = (req.body as { input?: { type?: string }[] } | null)?.input ?? [];
    const turn = input.filter((x) => CALL_TYPES.has(x.type ?? "")).length;
    req.turn = turn;
    const step = scenario.steps[turn];
    const id = `resp_hookrail_${++seq}`;
    const items: OutputItem[] = step
      ? [codexCall(step, turn)]
      : [
          {
            type: "message",
            id: `msg_${id}`,
            role: "assistant",
            content: [{ type: "output_text", text: scenario.finalText ?? DEFAULT_FINAL_TEXT, annotations: [] }],
          },
        ];
    const usage = {
      input_tokens: 10,
      input_tokens_details: null,
      output_tokens: 5,
      output_tokens_details: null,
      total_tokens: 15,
    };
    const sse = [event({ type: "response.created", response: { id } })];
    for (const item of items) {
      sse.push(event({ type: "response.output_item.added", item }), event({ type: "response.output_item.done", item }));
    }
    sse.push(event({ type: "response.completed", response: { id, usage } }));
    return { sse };
  });
}
