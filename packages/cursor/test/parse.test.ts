import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { fixturePayloads } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";
import { cursorAdapter } from "../src/index.ts";

const dir = fileURLToPath(new URL("./fixtures", import.meta.url));
const fixtures = fixturePayloads(dir);
const fixture = (name: string) => {
  const found = fixtures.find((f) => f.name === name);
  if (!found) throw new Error(`no fixture ${name}`);
  return found.payload;
};

// What each transcribed payload is to hookrail (postToolUseFailure and preCompact are events it does not bind).
const KIND_OF_FILE: Record<string, string> = {
  "sessionStart.json": "session-start",
  "preToolUse.Shell.json": "before-tool",
  "preToolUse.Read.json": "before-tool",
  "beforeShellExecution.json": "before-tool",
  "beforeShellExecution.cursor-agent.json": "before-tool",
  "beforeMCPExecution.json": "before-tool",
  "postToolUse.Shell.json": "after-tool",
  "afterShellExecution.json": "after-tool",
  "afterFileEdit.json": "after-tool",
  "beforeSubmitPrompt.json": "prompt",
  "stop.json": "stop",
  "sessionEnd.json": "session-end",
  "postToolUseFailure.json": "other",
  "preCompact.json": "other",
};

describe("cursor adapter on every transcribed Cursor payload", () => {
  it("has a source for every fixture, and a fixture for every source", () => {
    const sources = JSON.parse(readFileSync(`${dir}/sources.json`, "utf8")) as Record<string, string>;
    const files = readdirSync(dir).filter((f) => f.endsWith(".json") && f !== "sources.json");
    expect(Object.keys(sources).sort()).toEqual(files.sort());
    for (const source of Object.values(sources)) expect(source).toMatch(/\S{10}/);
  });

  it.each(fixtures)("$name", ({ name, payload }) => {
    const event = cursorAdapter.parse(payload);
    expect(event).toMatchObject({ cli: "cursor", nativeEvent: payload.hook_event_name });
    expect(event.kind).toBe(KIND_OF_FILE[name]);
    // The session is the conversation; an empty cwd is the workspace root.
    expect(event.sessionId).toBe(payload.conversation_id);
    expect(event.cwd).toBe("<repo>");
  });
});

describe("cursor tools", () => {
  it.each([
    ["preToolUse.Shell.json", "Shell", "shell", "gh pr merge 12"],
    ["beforeShellExecution.json", "Shell", "shell", "gh pr merge 12"],
    ["beforeShellExecution.cursor-agent.json", "Shell", "shell", "cat README.md"],
    ["preToolUse.Read.json", "Read", "other", undefined],
  ])("%s is the %s tool (%s)", (name, tool, kind, command) => {
    const event = cursorAdapter.parse(fixture(name));
    if (event.kind !== "before-tool") throw new Error(`expected before-tool, got ${event.kind}`);
    expect(event.tool).toMatchObject({ name: tool, kind });
    expect(event.tool.command).toBe(command);
    // An empty cwd in the call names no folder of its own.
    expect(event.tool.workdir).toBeUndefined();
  });

  it("keeps the shell hook's own folder when it names one", () => {
    const event = cursorAdapter.parse({ ...fixture("beforeShellExecution.json"), cwd: "<repo>/packages/app" });
    if (event.kind !== "before-tool") throw new Error(`expected before-tool, got ${event.kind}`);
    expect([event.cwd, event.tool.workdir]).toEqual(["<repo>/packages/app", "<repo>/packages/app"]);
  });

  it("reads a Write call's path from file_path, as Cursor's Read and afterFileEdit name it", () => {
    const base = fixture("preToolUse.Read.json");
    const event = cursorAdapter.parse({
      ...base,
      tool_name: "Write",
      tool_input: { file_path: "<repo>/.cursor/hooks.json" },
    });
    if (event.kind !== "before-tool") throw new Error(`expected before-tool, got ${event.kind}`);
    expect(event.tool).toMatchObject({ kind: "file-write", filePaths: ["<repo>/.cursor/hooks.json"] });
  });

  it("gives afterFileEdit the Write tool and its edits", () => {
    const event = cursorAdapter.parse(fixture("afterFileEdit.json"));
    if (event.kind !== "after-tool") throw new Error(`expected after-tool, got ${event.kind}`);
    expect(event.tool).toMatchObject({ name: "Write", kind: "file-write", filePaths: ["<repo>/src/main.ts"] });
    expect(event.response).toEqual({ edits: [{ old_string: "const foo = 1", new_string: "const foo = 2" }] });
  });

  it("reads postToolUse's tool_output, a JSON string, as the result", () => {
    const event = cursorAdapter.parse(fixture("postToolUse.Shell.json"));
    if (event.kind !== "after-tool") throw new Error(`expected after-tool, got ${event.kind}`);
    expect(event.response).toEqual({ output: " M README.md\n", exitCode: 0 });
    expect(event.payload.tool_use_id).toBe(fixture("preToolUse.Shell.json").tool_use_id);
  });

  it("reads a prompt and a session end", () => {
    expect(cursorAdapter.parse(fixture("beforeSubmitPrompt.json"))).toMatchObject({ prompt: "approve merge 12" });
    expect(cursorAdapter.parse(fixture("sessionEnd.json"))).toMatchObject({ reason: "user_close" });
    expect(cursorAdapter.parse(fixture("sessionStart.json"))).toMatchObject({ source: "startup" });
  });
});

describe("cursor MCP calls (beforeMCPExecution)", () => {
  const merge = { owner: "acme", repo: "widgets", pullNumber: 12, merge_method: "squash" };
  const mcp = (fields: Record<string, unknown>) => {
    const event = cursorAdapter.parse({ ...fixture("beforeMCPExecution.json"), ...fields });
    if (event.kind !== "before-tool") throw new Error(`expected before-tool, got ${event.kind}`);
    return event;
  };

  it("is a tool of kind other named as preToolUse names MCP tools, its arguments read from the JSON string", () => {
    const event = mcp({});
    expect(event.tool).toEqual({ kind: "other", name: "MCP:merge_pull_request", input: merge, filePaths: [] });
    expect(event.cwd).toBe("<repo>");
  });

  it.each<[string, Record<string, unknown>, string, Record<string, unknown>]>([
    ["arguments as an object", { tool_input: merge }, "MCP:merge_pull_request", merge],
    ["a name already spelt MCP:<tool>", { tool_name: "MCP:get_me" }, "MCP:get_me", merge],
    ["a name with its server", { tool_name: "MCP:github:get_me", tool_input: "{}" }, "MCP:github:get_me", {}],
    ["no arguments", { tool_input: undefined }, "MCP:merge_pull_request", {}],
    ["arguments that are not JSON", { tool_input: "{owner" }, "MCP:merge_pull_request", {}],
    ["arguments that are not an object", { tool_input: "[1]" }, "MCP:merge_pull_request", {}],
    [
      "a URL server and fields Cursor may add",
      { command: undefined, url: "https://mcp.example/", extra: 1 },
      "MCP:merge_pull_request",
      merge,
    ],
  ])("%s", (_name, fields, name, input) => {
    expect(mcp(fields).tool).toMatchObject({ kind: "other", name, input });
  });

  it("keeps the server's command out of the call's arguments (it is not what the tool runs)", () => {
    const event = mcp({ tool_input: "{}" });
    expect(event.tool.input).toEqual({});
    expect(event.payload.command).toBe("npx -y @modelcontextprotocol/server-github");
  });

  it("a call Cursor names Shell is still an MCP tool, never the shell", () => {
    expect(mcp({ tool_name: "Shell", tool_input: '{"command":"gh pr merge 12"}' }).tool).toMatchObject({
      kind: "other",
      name: "MCP:Shell",
      input: { command: "gh pr merge 12" },
    });
  });
});

describe("cursor adapter rejects unreadable payloads", () => {
  it.each([
    ["a JSON array", [], "not a cursor hook event"],
    ["an object naming no event", { conversation_id: "c" }, "not a cursor hook event"],
    [
      "a shell hook without a command",
      { hook_event_name: "beforeShellExecution", cwd: "" },
      "Shell call without a command string",
    ],
    [
      "an MCP hook without a tool",
      { hook_event_name: "beforeMCPExecution", tool_input: "{}" },
      "beforeMCPExecution without a valid tool_name",
    ],
    [
      "a preToolUse without a tool",
      { hook_event_name: "preToolUse", tool_input: {} },
      "preToolUse without a valid tool_name",
    ],
  ])("%s", (_name, payload, message) => {
    expect(() => cursorAdapter.parse(payload)).toThrow(message);
  });
});
