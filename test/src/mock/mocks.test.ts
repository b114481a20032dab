// The three mock model servers, spoken to directly: routing, turn counting, native tool shapes.
import { afterEach, describe, expect, it } from "vitest";
import type { Scenario } from "../scenario.ts";
import { startAnthropicMock } from "./anthropic.ts";
import { startGeminiMock } from "./gemini.ts";
import type { MockServer } from "./http.ts";
import { startOpenAIMock } from "./openai.ts";

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
