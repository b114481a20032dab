// Mock Anthropic Messages API for Claude Code: `POST /v1/messages?beta=true`, streamed.
// A "main" request (the agent loop) offers the Bash tool; its turn is the number of
// assistant messages it already holds (stateless, so retries get the same answer).
// Anything else (titles, quota probes) is "aux" and gets a short text.
import path from "node:path";
import { DEFAULT_FINAL_TEXT, type Scenario, type Step } from "../scenario.ts";
import { type MockServer, notFound, type RecordedRequest, type Reply, startMockServer } from "./http.ts";

export interface ToolUse {
  type: "tool_use";
  id: string;
  name: string;
  input: Record<string, unknown>;
}
type Block = ToolUse | { type: "text"; text: string };

interface MessagesBody {
  model?: string;
  stream?: boolean;
  tools?: { name?: string }[];
  messages?: { role?: string }[];
}

export const claudeToolId = (turn: number): string => `toolu_hookrail_${turn}`;

export function claudeToolUse(step: Step, turn: number, projectDir: string): ToolUse {
  const id = claudeToolId(turn);
  if (step.kind === "shell")
    return { type: "tool_use", id, name: "Bash", input: { command: step.command, description: "scripted step" } };
  return {
    type: "tool_use",
    id,
    name: "Write",
    input: { file_path: path.join(projectDir, step.path), content: step.content },
  };
}

const sse = (event: string, data: unknown): string => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

function stream(blocks: Block[], model: string): string[] {
  const stop = blocks.some((b) => b.type === "tool_use") ? "tool_use" : "end_turn";
  const usage = { input_tokens: 10, output_tokens: 1, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 };
  const message = {
    id: `msg_hookrail_${Date.now()}`,
    type: "message",
    role: "assistant",
    model,
    content: [],
    stop_reason: null,
    stop_sequence: null,
    usage,
  };
  const out = [sse("message_start", { type: "message_start", message })];
  blocks.forEach((b, index) => {
    if (b.type === "text") {
      out.push(
        sse("content_block_start", { type: "content_block_start", index, content_block: { type: "text", text: "" } }),
      );
      out.push(
        sse("content_block_delta", { type: "content_block_delta", index, delta: { type: "text_delta", text: b.text } }),
      );
    } else {
      out.push(sse("content_block_start", { type: "content_block_start", index, content_block: { ...b, input: {} } }));
      out.push(
        sse("content_block_delta", {
          type: "content_block_delta",
          index,
          delta: { type: "input_json_delta", partial_json: JSON.stringify(b.input) },
        }),
      );
    }
    out.push(sse("content_block_stop", { type: "content_block_stop", index }));
  });
  out.push(
    sse("message_delta", {
      type: "message_delta",
      delta: { stop_reason: stop, stop_sequence: null },
      usage: { output_tokens: 5 },
    }),
  );
  out.push(sse("message_stop", { type: "message_stop" }));
  return out;
}

export function startAnthropicMock(scenario: Scenario, projectDir: string): Promise<MockServer> {
  return startMockServer((req: RecordedRequest): Reply => {
    if (req.method === "POST" && req.path === "/v1/messages/count_tokens") {
      req.kind = "aux";
      return { status: 200, json: { input_tokens: 10 } };
    }
    if (req.method !== "POST" || req.path !== "/v1/messages") return notFound(`${req.method} ${req.path}`);
    const body = (req.body ?? {}) as MessagesBody;
    const model = body.model ?? "claude-mock";
    let blocks: Block[];
    if (body.tools?.some((t) => t.name === "Bash")) {
      req.kind = "main";
      const turn = (body.messages ?? []).filter((m) => m.role === "assistant").length;
      req.turn = turn;
      const step = scenario.steps[turn];
      blocks = step
        ? [{ type: "text", text: `Step ${turn + 1}.` }, claudeToolUse(step, turn, projectDir)]
        : [{ type: "text", text: scenario.finalText ?? DEFAULT_FINAL_TEXT }];
    } else {
      req.kind = "aux";
      blocks = [{ type: "text", text: "OK" }];
    }
    if (body.stream) return { sse: stream(blocks, model) };
    return {
      status: 200,
      json: {
        id: "msg_hookrail",
        type: "message",
        role: "assistant",
        model,
        content: blocks,
        stop_reason: "end_turn",
        usage: { input_tokens: 10, output_tokens: 5 },
      },
    };
  });
}
