import { fileURLToPath } from "node:url";
import { fixturePayloads } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";
import { geminiAdapter } from "../src/index.ts";

const fixtures = fixturePayloads(fileURLToPath(new URL("./fixtures", import.meta.url)));

const expectedKind: Record<string, string> = {
  SessionStart: "session-start",
  BeforeTool: "before-tool",
  AfterTool: "after-tool",
  BeforeAgent: "prompt",
  AfterAgent: "stop",
  SessionEnd: "session-end",
};

describe("gemini adapter on every captured Gemini CLI payload (snake_case)", () => {
  it("finds the captured payloads, one per tool in the tool files", () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(25);
    expect(fixtures.map((f) => f.name)).toContain("BeforeTool.json#run_shell_command");
  });

  it.each(fixtures)("$name", ({ payload }) => {
    const event = geminiAdapter.parse(payload);
    expect(event).toMatchObject({ cli: "gemini", nativeEvent: payload.hook_event_name, sessionId: payload.session_id });
    expect(event.kind).toBe(expectedKind[String(payload.hook_event_name)] ?? "other");
  });

  it.each([
    ["BeforeTool.json#run_shell_command", "shell", []],
    ["BeforeTool.json#write_file", "file-write", ["NOTES.md"]],
    ["BeforeTool.json#replace", "file-edit", ["src/app.txt"]],
    ["plan/BeforeTool.exit_plan_mode.json", "plan-exit", undefined],
  ])("%s is a %s tool", (name, kind, files) => {
    const event = geminiAdapter.parse(fixtures.find((f) => f.name === name)?.payload);
    if (event.kind !== "before-tool") throw new Error(`expected before-tool, got ${event.kind}`);
    expect(event.tool.kind).toBe(kind);
    if (files) expect(event.tool.filePaths).toEqual(files);
    if (kind === "shell") expect(event.tool.command).toBe("gh pr merge 12");
  });

  it("keeps run_shell_command's dir_path as the folder the command runs in (the payload's cwd stays the root)", () => {
    const shell = fixtures.find((f) => f.name === "BeforeTool.json#run_shell_command")?.payload ?? {};
    const input = { ...(shell.tool_input as Record<string, unknown>), dir_path: "packages/app" };
    const event = geminiAdapter.parse({ ...shell, tool_input: input });
    if (event.kind !== "before-tool") throw new Error(`expected before-tool, got ${event.kind}`);
    expect(event.tool.workdir).toBe("packages/app");
    expect(event.cwd).toBe(shell.cwd);
    const plain = geminiAdapter.parse(shell);
    expect(plain.kind === "before-tool" && plain.tool.workdir).toBeUndefined();
  });

  it("does not read Claude's camelCase names", () => {
    expect(() => geminiAdapter.parse({ hookEventName: "BeforeTool", toolName: "run_shell_command" })).toThrow(/gemini/);
  });
});
