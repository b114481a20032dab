// Pi 0.73.1's and 1.6.0's captured events, as the hookrail extension sends them, read by the adapter.
import { bridgeEnvelope, bridgeFixture } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";
import { piAdapter, piData } from "../src/index.ts";

const target = { cwd: "/srv/repo" };
const sent = (hook: string, name: string) => {
  const { event = {} } = bridgeFixture("pi", name, target);
  const data =
    hook === "tool_call"
      ? piData.toolCall(event)
      : hook === "tool_result"
        ? piData.toolResult(event)
        : hook === "before_agent_start"
          ? piData.prompt(event)
          : piData.reason(event);
  return piAdapter.parse(JSON.parse(JSON.stringify(bridgeEnvelope(hook, data, target.cwd))));
};

describe("Pi's events, read by the adapter", () => {
  it.each([
    ["tool_call.bash", { kind: "shell", name: "bash", command: "gh pr merge 12", filePaths: [] }],
    ["tool_call.edit", { kind: "file-edit", name: "edit", filePaths: ["README.md"] }],
    ["tool_call.write", { kind: "file-write", name: "write", filePaths: ["notes.txt"] }],
    ["tool_call.read", { kind: "read-only", name: "read", filePaths: [] }],
    ["1.6/tool_call.bash", { kind: "shell", name: "bash", command: "gh pr merge 12", filePaths: [] }],
    ["1.6/tool_call.edit", { kind: "file-edit", name: "edit", filePaths: ["notes.md"] }],
    ["1.6/tool_call.write", { kind: "file-write", name: "write", filePaths: ["new.txt"] }],
    ["1.6/tool_call.codemode", { kind: "read-only", name: "codemode", filePaths: [] }],
  ])("%s: paths as the model wrote them", (name, tool) => {
    expect(sent("tool_call", name)).toMatchObject({
      kind: "before-tool",
      tool,
      payload: { tool_use_id: expect.any(String) },
    });
  });

  it("Pi 1.6's powershell tool: a shell call in PowerShell", () => {
    const event = sent("tool_call", "1.6/tool_call.powershell");
    expect(event).toMatchObject({
      kind: "before-tool",
      tool: { kind: "shell", name: "powershell", command: "gh pr view 12", dialect: "powershell" },
    });
    expect(sent("tool_call", "1.6/tool_call.bash")).not.toHaveProperty("tool.dialect");
  });

  it("Pi 1.6's codemode: a nested call is a call of its own, under the id Pi gave it", () => {
    expect(sent("tool_call", "1.6/tool_call.bash.nested.blocked")).toMatchObject({
      kind: "before-tool",
      tool: { kind: "shell", name: "bash", command: "gh pr merge 12" },
      payload: { tool_use_id: "call_t1_0/1" },
    });
  });

  it("Pi 1.6's before_agent_start of a run an extension started has no prompt", () => {
    expect(sent("before_agent_start", "1.6/before_agent_start.custom")).toMatchObject({ kind: "prompt", prompt: "" });
    expect(sent("before_agent_start", "1.6/before_agent_start.user")).toMatchObject({
      kind: "prompt",
      prompt: "merge PR 12",
    });
  });

  it("tool_result: the call and the text the model would read", () => {
    expect(sent("tool_result", "tool_result.bash")).toMatchObject({
      kind: "after-tool",
      tool: { kind: "shell", command: "gh pr merge 12" },
      response: { text: "fake-gh: gh pr merge 12 (ok)\n", isError: false },
    });
  });

  it("session_start: a start; before_agent_start: the prompt", () => {
    expect(sent("session_start", "session_start")).toMatchObject({ kind: "session-start", source: "startup" });
    expect(sent("before_agent_start", "before_agent_start")).toMatchObject({ kind: "prompt", prompt: "merge PR 12" });
  });

  it("agent_end is the end of a turn; session_shutdown the session's end", () => {
    expect(sent("agent_end", "agent_end").kind).toBe("stop");
    const payload = {
      hookrail_bridge: 1,
      hook_event_name: "session_shutdown",
      session_id: "s",
      cwd: "/r",
      data: { event: { reason: "quit" } },
    };
    expect(piAdapter.parse(payload)).toMatchObject({ kind: "session-end", reason: "quit" });
  });
});
