// The mock model servers, spoken to directly: routing, turn counting, native tool shapes.
import { afterEach, describe, expect, it } from "vitest";
import type { Scenario, Step } from "../scenario.ts";
import { CLEAR_CONTEXT_OPENING, startAnthropicMock } from "./anthropic.ts";
import { auggieCallId, auggieResultText, startAugmentMock } from "./augment.ts";
import { startGeminiMock } from "./gemini.ts";
import type { MockServer } from "./http.ts";
import { startOpenAIMock } from "./openai.ts";
import { copilotCallId, copilotResultText, startOpenAIChatMock } from "./openai-chat.ts";

const scenario: Scenario = {
  prompt: "p",
  steps: [
    { kind: "shell", command: "gh pr merge 12" },
    { kind: "write", path: "a.md", content: "x\ny\n" },
  ],
  finalText: "all done",
};
let mock: MockServer | undefined;
afterEach(async () => mock?.close());

const post = async (url: string, body: unknown): Promise<string> => {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return res.text();
};

describe("anthropic", () => {
  it("answers the agent loop turn by turn and everything else as aux", async () => {
    mock = await startAnthropicMock(scenario, "/p");
    const tools = [{ name: "Bash" }];
    const first = await post(`${mock.url}/v1/messages?beta=true`, {
      stream: true,
      tools,
      messages: [{ role: "user", content: "p" }],
    });
    expect(first).toContain('"name":"Bash"');
    expect(first).toContain(
      JSON.stringify(JSON.stringify({ command: "gh pr merge 12", description: "scripted step" })).slice(1, -1),
    );
    const second = await post(`${mock.url}/v1/messages`, {
      stream: true,
      tools,
      messages: [{ role: "user" }, { role: "assistant" }, { role: "user" }],
    });
    expect(second).toContain('"name":"Write"');
    expect(second).toContain("/p/a.md");
    const last = await post(`${mock.url}/v1/messages`, {
      stream: true,
      tools,
      messages: [{ role: "assistant" }, { role: "assistant" }],
    });
    expect(last).toContain("all done");
    await post(`${mock.url}/v1/messages`, { messages: [] });
    await post(`${mock.url}/v1/other`, {});
    expect(mock.requests.map((r) => [r.kind, r.turn])).toEqual([
      ["main", 0],
      ["main", 1],
      ["main", 2],
      ["aux", undefined],
      ["unexpected", undefined],
    ]);
  });
});

const PLAN = "# Plan: x\n";
const planSteps: Step[] = [
  { kind: "plan-write", name: "p.md", content: PLAN },
  { kind: "tool-search", query: "select:ExitPlanMode" },
  { kind: "plan-exit" },
];

describe("anthropic plan mode", () => {
  const tools = [{ name: "Bash" }];
  it("writes the plan where plan mode says, loads ExitPlanMode, calls it; a cleared session plays afterClear", async () => {
    mock = await startAnthropicMock(
      { prompt: "p", steps: planSteps, afterClear: [{ kind: "write", path: "a.md", content: "a\n" }] },
      "/p",
    );
    const url = `${mock.url}/v1/messages`;
    const reminder =
      "No plan file exists yet. You should create your plan at /h/.claude/plans/x-y.md using the Write tool";
    const first = await post(url, { stream: true, tools, messages: [{ role: "user", content: reminder }] });
    expect(first).toContain(
      JSON.stringify(JSON.stringify({ file_path: "/h/.claude/plans/x-y.md", content: PLAN })).slice(1, -1),
    );
    const history = (n: number) => [{ role: "user", content: "p" }, ...Array(n).fill({ role: "assistant" })];
    expect(await post(url, { stream: true, tools, messages: history(1) })).toContain('"name":"ToolSearch"');
    expect(await post(url, { stream: true, tools, messages: history(2) })).toContain('"name":"ExitPlanMode"');
    const cleared = [{ role: "user", content: [{ type: "text", text: `${CLEAR_CONTEXT_OPENING}\n\n${PLAN}` }] }];
    const after = await post(url, { stream: true, tools, messages: cleared });
    expect(after).toContain('"name":"Write"');
    expect(after).toContain("toolu_hookrail_3");
    expect(mock.requests.map((r) => r.turn)).toEqual([0, 1, 2, 3]);
  });
});

describe("gemini", () => {
  it("synthesises classifier answers from the schema and counts functionCalls for the turn", async () => {
    mock = await startGeminiMock(scenario, "/p");
    const classifier = await post(`${mock.url}/v1beta/models/m:generateContent`, {
      generationConfig: {
        responseJsonSchema: {
          type: "object",
          properties: { complexity_score: { type: "integer" }, reasoning: { type: "string" } },
        },
      },
    });
    expect(JSON.parse(JSON.parse(classifier).candidates[0].content.parts[0].text)).toEqual({
      complexity_score: 10,
      reasoning: "mock",
    });
    const first = await post(`${mock.url}/v1beta/models/m:streamGenerateContent?alt=sse`, {
      tools: [{}],
      contents: [{ role: "user", parts: [{ text: "p" }] }],
    });
    expect(first).toMatch(/^data: .*"run_shell_command"/);
    const history = [{ role: "model", parts: [{ functionCall: { name: "run_shell_command", args: {} } }] }];
    const second = await post(`${mock.url}/v1beta/models/m:streamGenerateContent?alt=sse`, {
      tools: [{}],
      contents: history,
    });
    expect(second).toContain('"write_file"');
    expect(mock.requests.map((r) => r.kind)).toEqual(["aux", "main", "main"]);
  });
});

describe("gemini plan mode", () => {
  it("writes the plan into the plans folder the system prompt names, then exits plan mode with its name", async () => {
    mock = await startGeminiMock({ prompt: "p", steps: [planSteps[0] as Step, { kind: "plan-exit" }] }, "/p");
    const url = `${mock.url}/v1beta/models/m:streamGenerateContent?alt=sse`;
    const systemInstruction = { parts: [{ text: "Write the plan to `../h/.gemini/tmp/project/s1/plans/`." }] };
    const first = await post(url, {
      systemInstruction,
      tools: [{}],
      contents: [{ role: "user", parts: [{ text: "p" }] }],
    });
    expect(first).toContain('"file_path":"../h/.gemini/tmp/project/s1/plans/p.md"');
    const history = [{ role: "model", parts: [{ functionCall: { name: "write_file", args: {} } }] }];
    const second = await post(url, { systemInstruction, tools: [{}], contents: history });
    expect(second).toContain('"name":"exit_plan_mode","args":{"plan_filename":"p.md"}');
  });
});

describe("openai", () => {
  it("streams exec_command, then apply_patch, then the final message", async () => {
    mock = await startOpenAIMock(scenario);
    const first = await post(`${mock.url}/v1/responses`, { input: [{ type: "message" }] });
    expect(first).toContain("event: response.completed");
    expect(first).toContain('"name":"exec_command"');
    const second = await post(`${mock.url}/v1/responses`, {
      input: [{ type: "function_call" }, { type: "function_call_output" }],
    });
    expect(second).toContain("*** Add File: a.md\\n+x\\n+y\\n*** End Patch");
    const third = await post(`${mock.url}/v1/responses`, {
      input: [{ type: "function_call" }, { type: "custom_tool_call" }],
    });
    expect(third).toContain("all done");
  });
});

describe("openai plan mode", () => {
  it("answers a proposed plan as text, counts it as played, and leaves thread-title requests alone", async () => {
    mock = await startOpenAIMock({ prompt: "p", steps: [{ kind: "propose-plan", content: PLAN }] });
    const url = `${mock.url}/v1/responses`;
    const first = await post(url, { input: [{ type: "message", role: "user", content: [] }] });
    expect(first).toContain("<proposed_plan>\\n# Plan: x\\n</proposed_plan>");
    const title = await post(url, {
      input: [{ type: "message", role: "user", content: [] }],
      metadata: '{"thread_source":"thread_title"}',
    });
    expect(title).toContain("hookrail conformance");
    const plan = {
      type: "message",
      role: "assistant",
      content: [{ type: "output_text", text: "<proposed_plan>x</proposed_plan>" }],
    };
    expect(await post(url, { input: [plan, { type: "message", role: "user", content: [] }] })).toContain("Done.");
    expect(mock.requests.map((r) => [r.kind, r.turn])).toEqual([
      ["main", 0],
      ["aux", undefined],
      ["main", 1],
    ]);
  });
});

describe("openai chat completions (copilot)", () => {
  it("counts turns by assistant messages, not by the last message, and streams Copilot's tools", async () => {
    mock = await startOpenAIChatMock(scenario, "/p");
    const tools = [{ type: "function", function: { name: "bash" } }];
    const first = await post(`${mock.url}/v1/chat/completions`, { stream: true, tools, messages: [{ role: "user" }] });
    expect(first).toContain('"name":"bash"');
    expect(first).toContain(JSON.stringify(JSON.stringify({ command: "gh pr merge 12" }).slice(1, -1)).slice(1, -1));
    expect(first.trimEnd().endsWith("data: [DONE]")).toBe(true);
    // A hook's context after the tool result must not replay the call.
    const history = [
      { role: "user" },
      { role: "assistant" },
      { role: "tool", tool_call_id: copilotCallId(0), content: "denied" },
      { role: "user", content: "Additional context from preToolUse hook: x" },
    ];
    const second = await post(`${mock.url}/v1/chat/completions`, { stream: true, tools, messages: history });
    expect(second).toContain('"name":"create"');
    expect(second).toContain("/p/a.md");
    const last = await post(`${mock.url}/v1/chat/completions`, {
      stream: true,
      tools,
      messages: [{ role: "assistant" }, { role: "assistant" }],
    });
    expect(last).toContain("all done");
    await post(`${mock.url}/v1/chat/completions`, { messages: [] });
    await post(`${mock.url}/v1/models`, {});
    expect(mock.requests.map((r) => [r.kind, r.turn])).toEqual([
      ["main", 0],
      ["main", 1],
      ["main", 2],
      ["aux", undefined],
      ["unexpected", undefined],
    ]);
    expect(copilotResultText({ messages: history }, copilotCallId(0))).toBe("denied");
    expect(copilotResultText({ messages: history }, copilotCallId(1))).toBeNull();
  });
});

describe("augment (Auggie)", () => {
  interface Line {
    text?: string;
    nodes?: { tool_use: { tool_name: string; input_json: string } }[];
  }
  const lines = (text: string) =>
    text
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as Line);

  it("turns hooks on for the account, and plays one tool call per turn from the history's tool calls", async () => {
    mock = await startAugmentMock(scenario);
    const models = JSON.parse(await post(`${mock.url}/get-models`, {}));
    expect(models.feature_flags.enable_hooks).toBe(true);
    const [first] = lines(await post(`${mock.url}/chat-stream`, { chat_history: [], nodes: [] }));
    const call = first?.nodes?.[0]?.tool_use;
    expect(call?.tool_name).toBe("launch-process");
    expect(JSON.parse(call?.input_json ?? "{}")).toMatchObject({ command: "gh pr merge 12", wait: true });
    const history = [{ response_nodes: [{ type: 5, tool_use: { tool_use_id: auggieCallId(0) } }] }];
    const result = { type: 1, tool_result_node: { tool_use_id: auggieCallId(0), content: "ran" } };
    const [second] = lines(await post(`${mock.url}/chat-stream`, { chat_history: history, nodes: [result] }));
    expect(second?.nodes?.[0]?.tool_use.tool_name).toBe("save-file");
    expect(auggieResultText({ chat_history: history, nodes: [result] }, auggieCallId(0))).toBe("ran");
    const done = [...history, { response_nodes: [{ type: 5 }] }];
    expect(lines(await post(`${mock.url}/chat-stream`, { chat_history: done }))[0]?.text).toBe("all done");
    expect(mock.requests.map((r) => r.kind)).toEqual(["aux", "main", "main", "main"]);
  });
});
