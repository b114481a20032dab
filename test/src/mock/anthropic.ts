// Mock Anthropic Messages API for Claude Code: `POST /v1/messages?beta=true`, streamed.
// A "main" request (the agent loop) offers the Bash tool; its turn is the number of
// assistant messages it already holds (stateless, so retries get the same answer).
// A conversation whose first message is "Implement the following plan:" is the session a
// "clear context" approval started: it plays `afterClear`, numbered after `steps`.
// Anything else (titles, quota probes) is "aux" and gets a short text.
import path from "node:path";
import { offeredMcpName, offeredToolNames } from "../mcp.ts";
import { collectText, DEFAULT_FINAL_TEXT, type Scenario, type Step } from "../scenario.ts";
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
  messages?: { role?: string; content?: unknown }[];
}

export const claudeToolId = (turn: number): string => `toolu_hookrail_${turn}`;

/** What the new session's first message starts with after a "clear context" approval (measured; packages/plan-export/README.md). */
export const CLEAR_CONTEXT_OPENING = "Implement the following plan:";

/** Where plan mode tells the model to write its plan ("…create your plan at <path> using the Write tool"). */
const PLAN_PATH = /create your plan at `?([^\s`]+\.md)`?/;

export interface ClaudeStepContext {
  project: string;
  /** The plan file the CLI named (plan mode); needed for plan-write steps. */
  planPath?: string;
  /** The tools the request offers (an mcp step calls the server's tool by the name offered). */
  offered?: readonly string[];
}

const TOOL_NAMES: Record<Step["kind"], string> = {
  shell: "Bash",
  write: "Write",
  "plan-write": "Write",
  "tool-search": "ToolSearch",
  "plan-exit": "ExitPlanMode",
  "propose-plan": "(text)",
  stdin: "(codex only)",
  tool: "(copilot only)",
  mcp: "(mcp)",
};

export const claudeToolName = (step: Step): string =>
  step.kind === "mcp"
    ? `mcp:${step.tool}`
    : step.kind === "shell" && step.tool === "powershell"
      ? "PowerShell"
      : TOOL_NAMES[step.kind];

export function claudeToolUse(step: Step, turn: number, ctx: ClaudeStepContext): ToolUse {
  const id = claudeToolId(turn);
  const use = (input: Record<string, unknown>): ToolUse => ({
    type: "tool_use",
    id,
    name: claudeToolName(step),
    input,
  });
  switch (step.kind) {
    case "shell":
      return use({ command: step.command, description: "scripted step" });
    case "write":
      return use({ file_path: path.join(ctx.project, step.path), content: step.content });
    case "plan-write":
      if (!ctx.planPath) throw new Error("plan-write: the request names no plan file (not in plan mode?)");
      return use({ file_path: ctx.planPath, content: step.content });
    case "tool-search":
      return use({ query: step.query, max_results: 5 });
    case "plan-exit":
      return use({});
    case "propose-plan":
    case "stdin":
      throw new Error(`${step.kind} is a Codex step`);
    case "tool":
      throw new Error("tool is a Copilot step");
    case "mcp":
      return { type: "tool_use", id, name: offeredMcpName(ctx.offered ?? [], step.tool), input: step.args };
  }
}

/** The text of the conversation's first user message. */
function firstUserText(body: MessagesBody): string {
  const first = (body.messages ?? []).find((m) => m.role === "user");
  return first ? collectText(first.content) : "";
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
  let planPath: string | undefined;
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
      planPath = PLAN_PATH.exec(collectText(body))?.[1] ?? planPath;
      const cleared = scenario.afterClear !== undefined && firstUserText(body).includes(CLEAR_CONTEXT_OPENING);
      const script = cleared ? (scenario.afterClear ?? []) : scenario.steps;
      const offset = cleared ? scenario.steps.length : 0;
      const local = (body.messages ?? []).filter((m) => m.role === "assistant").length;
      const turn = offset + local;
      req.turn = turn;
      const step = script[local];
      blocks = step
        ? [
            { type: "text", text: `Step ${turn + 1}.` },
            claudeToolUse(step, turn, {
              project: projectDir,
              offered: offeredToolNames(body.tools),
              ...(planPath ? { planPath } : {}),
            }),
          ]
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
