// OpenClaw 2026.9.6's captured hook arguments, as the hookrail plugin sends them, read by the adapter.
import { bridgeEnvelope, bridgeFixture } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";
import { openclawAdapter, openclawData } from "../src/index.ts";

const target = { cwd: "/srv/repo" };
const sent = (hook: string, name: string) => {
  const { event = {} } = bridgeFixture("openclaw", name, target);
  const data =
    hook === "before_tool_call"
      ? openclawData.toolCall(event)
      : hook === "after_tool_call"
        ? openclawData.toolResult(event)
        : openclawData.reason(event);
  return openclawAdapter.parse(JSON.parse(JSON.stringify(bridgeEnvelope(hook, data, target.cwd))));
};

describe("OpenClaw's hooks, read by the adapter", () => {
  it.each([
    ["before_tool_call.exec", { kind: "shell", name: "exec", command: "gh pr view 12", filePaths: [] }],
    ["before_tool_call.exec.nested.blocked", { kind: "shell", name: "exec", command: "gh pr merge 12" }],
    ["before_tool_call.write", { kind: "file-write", name: "write", filePaths: ["new.txt"] }],
    ["before_tool_call.edit", { kind: "file-edit", name: "edit", filePaths: ["notes.md"] }],
    ["before_tool_call.apply_patch", { kind: "file-edit", name: "apply_patch", filePaths: [] }],
    ["before_tool_call.read", { kind: "read-only", name: "read", filePaths: [] }],
    ["before_tool_call.tool_call", { kind: "read-only", name: "tool_call", filePaths: [] }],
    ["before_tool_call.process", { kind: "shell", name: "process", command: "" }],
  ])("%s: paths as the model wrote them", (name, tool) => {
    expect(sent("before_tool_call", name)).toMatchObject({
      kind: "before-tool",
      tool,
      payload: { tool_use_id: expect.any(String) },
    });
  });

  it("a call made through Tool Search's tool_call keeps the id OpenClaw gave it", () => {
    expect(sent("before_tool_call", "before_tool_call.exec.nested.blocked")).toMatchObject({
      payload: { tool_use_id: "tool_search_code:call_t1_0:exec:1" },
    });
  });

  it.each([
    ["write", { action: "write", sessionId: "s", data: "gh pr merge 12\n" }, "gh pr merge 12\n"],
    ["paste", { action: "paste", sessionId: "s", text: "gh pr merge 12" }, "gh pr merge 12"],
    [
      "send-keys",
      { action: "send-keys", sessionId: "s", literal: "gh pr merge 12", keys: ["Enter"] },
      "gh pr merge 12",
    ],
    ["poll", { action: "poll", sessionId: "s" }, ""],
  ])("process %s: what it types into a running session is the command", (_action, params, command) => {
    const data = openclawData.toolCall({ toolName: "process", toolCallId: "c", params });
    expect(openclawAdapter.parse(bridgeEnvelope("before_tool_call", data, target.cwd))).toMatchObject({
      tool: { kind: "shell", command },
    });
  });

  it("apply_patch: the files a patch names", () => {
    const patch = "*** Begin Patch\n*** Add File: a.txt\n+a\n*** Update File: b.txt\n@@\n-b\n+c\n*** End Patch";
    const data = openclawData.toolCall({ toolName: "apply_patch", toolCallId: "c", params: { input: patch } });
    expect(openclawAdapter.parse(bridgeEnvelope("before_tool_call", data, target.cwd))).toMatchObject({
      tool: { kind: "file-edit", filePaths: ["a.txt", "b.txt"] },
    });
  });

  it("exec's workdir is where its command runs", () => {
    const params = { command: "gh pr merge 12", workdir: "sub" };
    const data = openclawData.toolCall({ toolName: "exec", toolCallId: "c", params });
    expect(openclawAdapter.parse(bridgeEnvelope("before_tool_call", data, target.cwd))).toMatchObject({
      tool: { kind: "shell", workdir: "sub" },
    });
  });

  it("after_tool_call: the call and the text the model read; a block is an error", () => {
    expect(sent("after_tool_call", "after_tool_call.write")).toMatchObject({
      kind: "after-tool",
      tool: { kind: "file-write", filePaths: ["new.txt"] },
      response: { text: "Successfully wrote 7 bytes to new.txt", isError: false },
    });
    expect(sent("after_tool_call", "after_tool_call.exec.nested.blocked")).toMatchObject({
      kind: "after-tool",
      tool: { kind: "shell", command: "gh pr merge 12" },
      response: { text: "PROBE-BLOCK reason text", isError: true },
    });
  });

  it("session_start: a start; session_end: the session's end, with its reason", () => {
    expect(sent("session_start", "session_start")).toMatchObject({ kind: "session-start", source: "startup" });
    const data = openclawData.reason({ reason: "shutdown" });
    expect(openclawAdapter.parse(bridgeEnvelope("session_end", data, "/r"))).toMatchObject({
      kind: "session-end",
      reason: "shutdown",
    });
  });
});
