// The Auggie adapter on every payload captured from Auggie 0.36.0.
import { fileURLToPath } from "node:url";
import { fixturePayloads } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";
import { auggieAdapter } from "../src/index.ts";

const fixtures = fixturePayloads(fileURLToPath(new URL("./fixtures", import.meta.url)));
const payload = (name: string) => {
  const found = fixtures.find((f) => f.name === name);
  if (!found) throw new Error(`no fixture ${name}`);
  return found.payload;
};

const expectedKind: Record<string, string> = {
  SessionStart: "session-start",
  PreToolUse: "before-tool",
  PostToolUse: "after-tool",
  PromptSubmit: "prompt",
  Stop: "stop",
  SessionEnd: "session-end",
};

describe("auggie adapter on every captured Auggie payload", () => {
  it("finds the captured payloads", () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(17);
  });

  it.each(fixtures)("$name: its session is the conversation, its folder the workspace root", ({ payload }) => {
    const event = auggieAdapter.parse(payload);
    expect(event).toMatchObject({
      cli: "auggie",
      nativeEvent: payload.hook_event_name,
      cwd: "<PROJECT_DIR>",
      sessionId: "<CONVERSATION_ID>",
    });
    expect(event.kind).toBe(expectedKind[String(payload.hook_event_name)]);
  });

  it.each([
    ["PreToolUse.launch-process.json", "shell", []],
    ["PreToolUse.save-file.json", "file-write", ["notes.txt"]],
    ["PreToolUse.str-replace-editor.json", "file-edit", ["README.md"]],
    ["PreToolUse.apply_patch.json", "file-edit", ["patched.txt"]],
    ["PreToolUse.remove-files.json", "file-edit", ["notes.txt"]],
    ["PreToolUse.view.json", "read-only", []],
    ["PreToolUse.merge_pull_request_github.json", "other", []],
  ])("%s is a %s tool", (name, kind, files) => {
    const event = auggieAdapter.parse(payload(name));
    if (event.kind !== "before-tool") throw new Error(event.kind);
    expect([event.tool.kind, event.tool.filePaths]).toEqual([kind, files]);
    if (kind === "shell") expect([event.tool.command, event.tool.workdir]).toEqual(["gh pr merge 12", undefined]);
  });

  it("reads the folder a launch-process names, the prompt, and a tool's result", () => {
    const shell = auggieAdapter.parse({
      ...payload("PreToolUse.launch-process.json"),
      tool_input: { command: "ls", wait: true, cwd: "sub" },
    });
    expect(shell.kind === "before-tool" && shell.tool.workdir).toBe("sub");
    const prompt = auggieAdapter.parse(payload("PromptSubmit.json"));
    expect(prompt.kind === "prompt" && prompt.prompt).toBe("Merge pull request twelve");
    const after = auggieAdapter.parse(payload("PostToolUse.save-file.json"));
    expect(after.kind === "after-tool" && after.response).toMatch(/^File saved\./);
  });

  it("does not take Claude's tool names for Auggie's (a Bash call is not an Auggie shell call)", () => {
    const event = auggieAdapter.parse({ ...payload("PreToolUse.launch-process.json"), tool_name: "Bash" });
    expect(event.kind === "before-tool" && event.tool.kind).toBe("other");
  });

  it("refuses what is not an Auggie event", () => {
    expect(() => auggieAdapter.parse({ conversation_id: "c" })).toThrow(/not a auggie hook event/);
  });
});
