// Mock of Augment's API for Auggie (measured on 0.36.0): Auggie talks to the tenant URL its session names
// (AUGMENT_SESSION_AUTH's tenantURL, here this server) with POST requests. `get-models` answers the model list and
// the account's feature flags (hooks run only with `enable_hooks`); `chat-stream` is the agent loop, answered as
// newline-delimited JSON: one line with the turn's text and nodes (a tool call is a node of type 5 with
// `tool_use {tool_use_id, tool_name, input_json}`), then a line with the stop reason. A request's turn = the tool
// calls already in its chat_history. The rest (indexing, MCP configs, error reports) gets an empty answer.
import { MCP_SERVER } from "../mcp.ts";
import { DEFAULT_FINAL_TEXT, type Scenario, type Step } from "../scenario.ts";
import { type MockServer, notFound, type RecordedRequest, type Reply, startMockServer } from "./http.ts";

export const auggieCallId = (turn: number): string => `toolu_hookrail_${turn}`;

/** What Auggie asks of its service besides the agent loop, each answered empty or with an empty list. */
const AUX: Readonly<Record<string, unknown>> = {
  "/agents/list-remote-tools": { tools: [] },
  "/settings/get-mcp-tenant-configs": {},
  "/settings/get-mcp-user-configs": {},
  "/indexed-commits/get-latest-blobset": {},
  "/find-missing": { unknown_memory_names: [], nonindexed_blob_names: [] },
  "/batch-upload": { blob_names: [] },
  "/checkpoint-blobs": {},
  "/report-error": {},
  "/record-request-events": {},
  "/record-session-events": {},
  "/record-user-events": {},
  "/client-metrics": {},
};

/** A step as Auggie's model calls it: file tools take paths relative to the workspace root. */
export function auggieCall(step: Step): { name: string; input: Record<string, unknown> } {
  switch (step.kind) {
    case "shell":
      return { name: "launch-process", input: { command: step.command, wait: true, max_wait_seconds: 60, cwd: "." } };
    case "write":
      return { name: "save-file", input: { path: step.path, file_content: step.content } };
    case "mcp":
      // Auggie offers an MCP tool as <tool>_<server>.
      return { name: `${step.tool}_${MCP_SERVER}`, input: step.args };
    case "tool":
      return { name: step.name, input: step.args };
    case "plan-exit":
      return { name: "exit-plan-mode", input: { summary: "The plan is saved." } };
    default:
      throw new Error(`${step.kind} is not an Auggie step`);
  }
}

interface Exchange {
  response_nodes?: { type?: number }[];
}

/** The tool calls the model already made, as the request's history shows them. */
const turnOf = (body: { chat_history?: Exchange[] }) =>
  (body.chat_history ?? []).flatMap((e) => e.response_nodes ?? []).filter((n) => n.type === 5).length;

const lines = (...values: unknown[]) => values.map((v) => `${JSON.stringify(v)}\n`);

export function startAugmentMock(scenario: Scenario, flags: Record<string, unknown> = {}): Promise<MockServer> {
  return startMockServer((req: RecordedRequest): Reply => {
    if (req.method !== "POST") return notFound(`${req.method} ${req.path}`);
    if (req.path === "/get-models") {
      req.kind = "aux";
      const model = { name: "mock-model", suggested_prefix_char_count: 0, suggested_suffix_char_count: 0 };
      return {
        status: 200,
        json: { default_model: "mock-model", models: [model], feature_flags: { enable_hooks: true, ...flags } },
      };
    }
    if (req.path !== "/chat-stream") {
      if (!(req.path in AUX)) return { status: 200, json: {} };
      req.kind = "aux";
      return { status: 200, json: AUX[req.path] };
    }
    req.kind = "main";
    const turn = turnOf((req.body ?? {}) as { chat_history?: Exchange[] });
    req.turn = turn;
    const step = scenario.steps[turn];
    if (!step)
      return {
        sse: lines({ text: scenario.finalText ?? DEFAULT_FINAL_TEXT, nodes: [] }, { text: "", stop_reason: 1 }),
        contentType: "application/json",
      };
    const call = auggieCall(step);
    const node = {
      id: 1,
      type: 5,
      content: "",
      tool_use: { tool_use_id: auggieCallId(turn), tool_name: call.name, input_json: JSON.stringify(call.input) },
    };
    return { sse: lines({ text: "", nodes: [node] }, { text: "", stop_reason: 3 }), contentType: "application/json" };
  });
}

interface ToolResultNode {
  tool_result_node?: { tool_use_id?: string; content?: string };
}

/** The result Auggie sent back for call `id` in a request body, as text. */
export function auggieResultText(body: unknown, id: string): string | null {
  const b = (body ?? {}) as { nodes?: ToolResultNode[]; chat_history?: { request_nodes?: ToolResultNode[] }[] };
  const nodes = [...(b.nodes ?? []), ...(b.chat_history ?? []).flatMap((e) => e.request_nodes ?? [])];
  const found = nodes.find((n) => n.tool_result_node?.tool_use_id === id);
  return found ? String(found.tool_result_node?.content ?? "") : null;
}
