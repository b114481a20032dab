// Amp's plugin events (transcribed from the shipped binary, fixtures/sources.json), as hookrail's plugin sends
// them, read by the adapter.
import { bridgeEnvelope, bridgeFixture } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";
import { ampAdapter, ampData } from "../src/index.ts";

const target = { cwd: "/srv/repo" };
const sent = (hook: string, name: string) => {
  const event = bridgeFixture("amp", name, target);
  const data =
    hook === "tool.call"
      ? ampData.toolCall(event)
      : hook === "tool.result"
        ? ampData.toolResult(event)
        : hook === "agent.start"
          ? ampData.prompt(event)
          : {};
  return ampAdapter.parse(JSON.parse(JSON.stringify(bridgeEnvelope(hook, data, target.cwd))));
};

describe("Amp's events, read by the adapter", () => {
  it.each([
    ["tool.call.Bash", { kind: "shell", name: "Bash", command: "gh pr merge 12", filePaths: [] }],
    ["tool.call.shell_command", { kind: "shell", name: "shell_command", command: "gh pr view 12", filePaths: [] }],
    ["tool.call.edit_file", { kind: "file-edit", name: "edit_file", filePaths: ["/srv/repo/README.md"] }],
    ["tool.call.create_file", { kind: "file-write", name: "create_file", filePaths: ["/srv/repo/notes.txt"] }],
    ["tool.call.apply_patch", { kind: "file-edit", name: "apply_patch", filePaths: ["/srv/repo/README.md"] }],
    ["tool.call.Read", { kind: "read-only", name: "Read", filePaths: [] }],
    ["tool.call.mcp", { kind: "other", name: "mcp__github__merge_pull_request", filePaths: [] }],
  ])("%s", (name, tool) => {
    expect(sent("tool.call", name)).toMatchObject({
      kind: "before-tool",
      tool,
      payload: { tool_use_id: expect.any(String) },
    });
  });

  it("shell_command names its folder (workdir); Bash's cwd is not read as one", () => {
    expect(sent("tool.call", "tool.call.shell_command")).toMatchObject({ tool: { workdir: "/srv/repo" } });
    expect(sent("tool.call", "tool.call.Bash")).not.toHaveProperty("tool.workdir");
  });

  it("tool.result: the call and the text the model reads (a shell tool's output; an error's text)", () => {
    expect(sent("tool.result", "tool.result.Bash")).toMatchObject({
      kind: "after-tool",
      tool: { kind: "shell", command: "gh pr view 12" },
      response: { text: "fake-gh: gh pr view 12 (ok)\n", isError: false },
    });
    expect(sent("tool.result", "tool.result.error")).toMatchObject({
      kind: "after-tool",
      tool: { kind: "file-edit", filePaths: ["/srv/repo/README.md"] },
      response: { text: "Could not find exact match for old_str", isError: true },
    });
  });

  it("session.start is a start; agent.start the prompt; agent.end the end of a turn", () => {
    expect(sent("session.start", "session.start")).toMatchObject({ kind: "session-start", source: "startup" });
    expect(sent("agent.start", "agent.start")).toMatchObject({ kind: "prompt", prompt: "merge PR 12" });
    expect(sent("agent.end", "agent.end").kind).toBe("stop");
  });

  it("refuses a tool.call without a tool name", () => {
    expect(() => ampAdapter.parse(bridgeEnvelope("tool.call", { input: {} }, target.cwd))).toThrow(/tool\.call event/);
  });
});
