// Mock OpenAI chat-completions API for the CLIs that speak it (Copilot CLI's own-provider mode, Qwen Code,
// Factory Droid's own-model entry): `POST /v1/chat/completions`, answered as an SSE stream (or one JSON
// answer when the request does not stream), and `GET /v1/models`. A request that offers tools is the agent
// loop ("main"); its turn = the assistant messages already in `messages` (a hook's context can follow a tool
// result, so the last message says nothing). Each CLI turns a step into its own tool call (`ChatCalls`);
// Copilot's: shell steps become `bash`, writes a `create` with an absolute path; in plan mode (the terminal
// UI) a plan-write is a `create` of the plan file the mode names ("Save the plan to: …"), a plan-exit an
// `exit_plan_mode {summary}`.
import path from "node:path";
import { offeredMcpName, offeredToolNames } from "../mcp.ts";
import { collectText, DEFAULT_FINAL_TEXT, type Scenario, type Step } from "../scenario.ts";
import { type MockServer, notFound, type RecordedRequest, type Reply, startMockServer } from "./http.ts";

export const copilotCallId = (turn: number): string => `call_hookrail_${turn}`;

const TOOL_NAMES: Partial<Record<Step["kind"], string>> = {
  shell: "bash",
  write: "create",
  "plan-write": "create",
  "plan-exit": "exit_plan_mode",
};

/** Where plan mode tells the model to keep the plan (in the session folder). */
const PLAN_FILE = /Save the plan to: (\S+plan\.md)/;

// A `powershell` shell step: Copilot's Windows shell tool. On Linux 1.0.102 does not offer it, but its
// preToolUse hooks still get the call (`toolName: "powershell"`) before it answers that the tool does not exist.
export const copilotToolName = (step: Step): string =>
  step.kind === "mcp"
    ? `mcp:${step.tool}`
    : step.kind === "tool"
      ? step.name
      : step.kind === "shell" && step.tool === "powershell"
        ? "powershell"
        : (TOOL_NAMES[step.kind] ?? `(not copilot: ${step.kind})`);

/** A CLI's tool call for a step; `requestText` is everything the request that asks for it says. */
export type ChatCalls = (
  step: Step,
  project: string,
  requestText: string,
) => { name: string; arguments: Record<string, unknown> };

/** The tool call of a step, as the model sends it (Copilot's file tools take absolute paths). */
export function copilotCall(
  step: Step,
  project: string,
  requestText = "",
): { name: string; arguments: Record<string, unknown> } {
  switch (step.kind) {
    case "plan-write": {
      const file = PLAN_FILE.exec(requestText)?.[1];
      if (!file) throw new Error("plan-write outside Copilot's plan mode (no plan file named in the request)");
      return { name: "create", arguments: { path: file, file_text: step.content } };
    }
    case "plan-exit":
      return { name: "exit_plan_mode", arguments: { summary: "The plan is in plan.md." } };
    case "shell":
      return {
        name: copilotToolName(step),
        arguments: { command: step.command, description: `Run: ${step.command}`.slice(0, 100) },
      };
    case "write":
      return { name: "create", arguments: { path: path.join(project, step.path), file_text: step.content } };
    case "tool": {
      const file = step.args.path;
      const args = typeof file === "string" && !path.isAbsolute(file) ? { path: path.join(project, file) } : {};
      return { name: step.name, arguments: { ...step.args, ...args } };
    }
    default:
      throw new Error(`${step.kind} is not a Copilot step`);
  }
}

interface ChatMessage {
  role?: string;
  tool_call_id?: string;
  content?: unknown;
}

/** The streamed chunks of one assistant turn: a tool call, or the final text. */
function stream(id: string, model: string, call: ReturnType<ChatCalls> | undefined, text: string): string[] {
  const base = { id, object: "chat.completion.chunk", created: 0, model };
  const delta = call
    ? {
        role: "assistant",
        content: null,
        tool_calls: [
          { index: 0, id, type: "function", function: { name: call.name, arguments: JSON.stringify(call.arguments) } },
        ],
      }
    : { role: "assistant", content: text };
  const chunks = [
    { ...base, choices: [{ index: 0, delta, finish_reason: null }] },
    {
      ...base,
      choices: [{ index: 0, delta: {}, finish_reason: call ? "tool_calls" : "stop" }],
      usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
    },
  ];
  return [...chunks.map((c) => `data: ${JSON.stringify(c)}\n\n`), "data: [DONE]\n\n"];
}

/** The same turn, for a request that asked for one JSON answer instead of a stream. */
function whole(id: string, model: string, call: ReturnType<ChatCalls> | undefined, text: string): unknown {
  const toolCalls = call
    ? [{ id, type: "function", function: { name: call.name, arguments: JSON.stringify(call.arguments) } }]
    : undefined;
  return {
    id,
    object: "chat.completion",
    created: 0,
    model,
    choices: [
      {
        index: 0,
        message: { role: "assistant", content: call ? null : text, ...(toolCalls ? { tool_calls: toolCalls } : {}) },
        finish_reason: call ? "tool_calls" : "stop",
      },
    ],
    usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
  };
}

/** How a CLI's tools are called through this API: the call of a step, and each turn's call id. */
export interface ChatTools {
  call: ChatCalls;
  id(turn: number): string;
}

/**
 * The mock for a CLI that speaks chat completions (Copilot's tools by default; a CLI's own `ChatCalls`, or its
 * calls and call ids). OpenCode and Kilo also npm-install their plugin SDK at start-up, pointed here
 * (`npm_config_registry=<url>/npm/`): that gets a 404 at once.
 */
export function startOpenAIChatMock(
  scenario: Scenario,
  project: string,
  calls: ChatCalls | ChatTools = copilotCall,
): Promise<MockServer> {
  const tools: ChatTools = typeof calls === "function" ? { call: calls, id: copilotCallId } : calls;
  return startMockServer((req: RecordedRequest): Reply => {
    if (req.path.startsWith("/npm/")) {
      req.kind = "aux";
      return { status: 404, json: { error: "Not found" } };
    }
    if (req.method === "GET" && req.path.endsWith("/models")) {
      req.kind = "aux";
      return { status: 200, json: { object: "list", data: [{ id: "mock-model", object: "model", owned_by: "mock" }] } };
    }
    if (req.method !== "POST" || !req.path.endsWith("/chat/completions")) return notFound(`${req.method} ${req.path}`);
    const body = (req.body ?? {}) as { messages?: ChatMessage[]; tools?: unknown[]; model?: string; stream?: boolean };
    const model = body.model ?? "gpt-4.1";
    const answer = (id: string, call: ReturnType<ChatCalls> | undefined, text: string): Reply =>
      body.stream ? { sse: stream(id, model, call, text) } : { status: 200, json: whole(id, model, call, text) };
    if (!body.tools?.length) {
      req.kind = "aux";
      return answer(`aux_${req.seq}`, undefined, "hookrail conformance");
    }
    req.kind = "main";
    const turn = (body.messages ?? []).filter((m) => m.role === "assistant").length;
    req.turn = turn;
    const step = scenario.steps[turn];
    const call =
      step?.kind === "mcp"
        ? { name: offeredMcpName(offeredToolNames(body.tools), step.tool), arguments: step.args }
        : step
          ? tools.call(step, project, collectText(req.body))
          : undefined;
    const reply = answer(tools.id(turn), call, scenario.finalText ?? DEFAULT_FINAL_TEXT);
    const before = scenario.steps[turn - 1];
    return before?.kind === "write" && before.thinkMs ? { ...reply, delayMs: before.thinkMs } : reply;
  });
}

/** The tool message answering call `id` in a request body, as text. */
export function copilotResultText(body: unknown, id: string): string | null {
  const messages = (body as { messages?: ChatMessage[] } | null)?.messages ?? [];
  const found = messages.find((m) => m.role === "tool" && m.tool_call_id === id);
  if (!found) return null;
  if (typeof found.content === "string") return found.content;
  return Array.isArray(found.content)
    ? found.content.map((p) => (p as { text?: string }).text ?? "").join("")
    : JSON.stringify(found.content ?? "");
}
