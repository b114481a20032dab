// Mock OpenAI Responses API for Codex: `POST /v1/responses`, answered as an SSE stream.
// Every responses request but the TUI's thread-title one is the agent loop ("main"); its turn = the tool calls (and proposed plans)
// already in `input` (stateless). Shell steps become `exec_command`, writes an `apply_patch`
// (freeform), a proposed plan an assistant message with a `<proposed_plan>` block.
import { offeredMcpName, offeredToolNames } from "../mcp.ts";
import { collectText, DEFAULT_FINAL_TEXT, type Scenario, type Step } from "../scenario.ts";
import { type MockServer, notFound, type RecordedRequest, type Reply, startMockServer } from "./http.ts";

type OutputItem =
  | {
      type: "function_call";
      id: string;
      call_id: string;
      name: string;
      /** A deferred tool that tool_search loaded is called by its name inside its namespace (`mcp__github`). */
      namespace?: string;
      arguments: string;
      status: "completed";
    }
  | {
      type: "tool_search_call";
      id: string;
      call_id: string;
      execution: "client";
      status: "completed";
      arguments: { query: string; limit: number };
    }
  | { type: "custom_tool_call"; id: string; call_id: string; name: string; input: string; status: "completed" }
  | {
      type: "message";
      id: string;
      role: "assistant";
      content: { type: "output_text"; text: string; annotations: [] }[];
    };

export const codexCallId = (turn: number): string => `call_hookrail_${turn}`;

const TOOL_NAMES: Record<Step["kind"], string> = {
  shell: "exec_command",
  stdin: "write_stdin",
  write: "apply_patch",
  "plan-write": "(not codex)",
  "tool-search": "tool_search",
  "plan-exit": "(not codex)",
  "propose-plan": "<proposed_plan>",
  tool: "(copilot only)",
  mcp: "(mcp)",
};

export const codexToolName = (step: Step): string => (step.kind === "mcp" ? `mcp:${step.tool}` : TOOL_NAMES[step.kind]);

export function codexCall(
  step: Step,
  turn: number,
  history: readonly unknown[] = [],
  offered: readonly string[] = [],
): OutputItem {
  const callId = codexCallId(turn);
  switch (step.kind) {
    case "tool-search":
      // Codex offers MCP tools only through its client-side tool_search; its answer names each tool's namespace.
      return {
        type: "tool_search_call",
        id: `tsc_${callId}`,
        call_id: callId,
        execution: "client",
        status: "completed",
        arguments: { query: step.query, limit: 8 },
      };
    case "mcp": {
      const namespace = searchedNamespace(history, step.tool);
      return {
        type: "function_call",
        id: `fc_${callId}`,
        call_id: callId,
        name: namespace ? step.tool : offeredMcpName(offered, step.tool),
        ...(namespace ? { namespace } : {}),
        arguments: JSON.stringify(step.args),
        status: "completed",
      };
    }
    case "shell":
      return {
        type: "function_call",
        id: `fc_${callId}`,
        call_id: callId,
        name: "exec_command",
        arguments: JSON.stringify(
          step.tty ? { cmd: step.command, tty: true, yield_time_ms: 1000 } : { cmd: step.command },
        ),
        status: "completed",
      };
    case "stdin": {
      // The session id the running process was given, from the last tool output that names one.
      const ids = [...JSON.stringify(history).matchAll(/session ID (\d+)/g)];
      const sessionId = Number(ids.at(-1)?.[1] ?? 0);
      return {
        type: "function_call",
        id: `fc_${callId}`,
        call_id: callId,
        name: "write_stdin",
        arguments: JSON.stringify({ session_id: sessionId, chars: step.chars, yield_time_ms: 2000 }),
        status: "completed",
      };
    }
    case "write": {
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
    case "propose-plan":
      // Plan mode's answer: no tool, the plan in a block the CLI turns into its "Implement this plan?" dialog.
      return message(`msg_${callId}`, `Here is the plan.\n\n<proposed_plan>\n${step.content}</proposed_plan>\n`);
    default:
      throw new Error(`${step.kind} is not a Codex step`);
  }
}

/** The namespace a tool_search answer in the history put `tool` in (Codex 0.171: `mcp__<server>`). */
function searchedNamespace(history: readonly unknown[], tool: string): string | undefined {
  type Listed = { type?: string; name?: string; tools?: Listed[] };
  for (const item of history as { type?: string; tools?: Listed[] }[]) {
    if (item.type !== "tool_search_output") continue;
    const found = (item.tools ?? []).find((t) => t.type === "namespace" && t.tools?.some((f) => f.name === tool));
    if (found?.name) return found.name;
  }
  return undefined;
}

const message = (id: string, text: string): OutputItem => ({
  type: "message",
  id,
  role: "assistant",
  content: [{ type: "output_text", text, annotations: [] }],
});

const CALL_TYPES = new Set(["function_call", "custom_tool_call", "local_shell_call", "tool_search_call"]);

/** A played step in the history: a tool call, or an assistant message that proposed a plan. */
function isPlayed(x: { type?: string; role?: string; content?: unknown }): boolean {
  if (CALL_TYPES.has(x.type ?? "")) return true;
  return x.type === "message" && x.role === "assistant" && JSON.stringify(x.content ?? "").includes("<proposed_plan>");
}

const event = (data: { type: string } & Record<string, unknown>): string =>
  `event: ${data.type}\ndata: ${JSON.stringify(data)}\n\n`;

/** The Responses stream of `items`. */
function respond(id: string, items: OutputItem[]): string[] {
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
  return sse;
}

/** The TUI names each thread in a side request (its metadata says so): not the agent loop. */
const TITLE_THREAD = '"thread_source":"thread_title"';

export function startOpenAIMock(scenario: Scenario): Promise<MockServer> {
  let seq = 0;
  return startMockServer((req: RecordedRequest): Reply => {
    if (req.method !== "POST" || !req.path.endsWith("/responses")) return notFound(`${req.method} ${req.path}`);
    const id = `resp_hookrail_${++seq}`;
    if (collectText(req.body).includes(TITLE_THREAD)) {
      req.kind = "aux";
      return { sse: respond(id, [message(`msg_${id}`, "hookrail conformance")]) };
    }
    req.kind = "main";
    const body = req.body as { input?: { type?: string; role?: string; content?: unknown }[]; tools?: unknown } | null;
    const input = body?.input ?? [];
    const turn = input.filter(isPlayed).length;
    req.turn = turn;
    const step = scenario.steps[turn];
    const items: OutputItem[] = step
      ? [codexCall(step, turn, input, offeredToolNames(body?.tools))]
      : [message(`msg_${id}`, scenario.finalText ?? DEFAULT_FINAL_TEXT)];
    return { sse: respond(id, items) };
  });
}
