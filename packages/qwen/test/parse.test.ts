// The Qwen adapter on every payload captured from Qwen Code 0.24.4.
import { fileURLToPath } from "node:url";
import { fixturePayloads } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";
import { qwenAdapter } from "../src/index.ts";

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
  UserPromptSubmit: "prompt",
  Stop: "stop",
  SessionEnd: "session-end",
};

describe("qwen adapter on every captured Qwen Code payload", () => {
  it("finds the captured payloads", () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(17);
  });

  it.each(fixtures)("$name", ({ payload }) => {
    const event = qwenAdapter.parse(payload);
    expect(event).toMatchObject({ cli: "qwen", nativeEvent: payload.hook_event_name, cwd: payload.cwd });
    expect(event.kind).toBe(expectedKind[String(payload.hook_event_name)] ?? "other");
    expect(event.permissionMode).toBe(payload.permission_mode);
    expect(event.transcriptPath).toMatch(/\.qwen\/projects\/.+\.jsonl$/);
  });

  it.each([
    ["PreToolUse.run_shell_command.json", "shell", []],
    ["PreToolUse.write_file.json", "file-write", ["<PROJECT_DIR>/notes.txt"]],
    ["PreToolUse.edit.json", "file-edit", ["<PROJECT_DIR>/README.md"]],
    ["PreToolUse.read_file.json", "other", []],
  ])("%s is a %s tool", (name, kind, files) => {
    const event = qwenAdapter.parse(payload(name));
    if (event.kind !== "before-tool") throw new Error(event.kind);
    expect([event.tool.kind, event.tool.filePaths]).toEqual([kind, files]);
    if (kind === "shell") expect(event.tool.command).toBe("gh pr merge 12");
  });

  it("keeps run_shell_command's directory as the folder the command runs in (cwd stays the project)", () => {
    const shell = payload("PreToolUse.run_shell_command.json");
    const input = { ...(shell.tool_input as Record<string, unknown>), directory: "/srv/app/packages/web" };
    const event = qwenAdapter.parse({ ...shell, tool_input: input });
    if (event.kind !== "before-tool") throw new Error(event.kind);
    expect([event.tool.workdir, event.cwd]).toEqual(["/srv/app/packages/web", shell.cwd]);
    const plain = qwenAdapter.parse(shell);
    expect(plain.kind === "before-tool" && plain.tool.workdir).toBeUndefined();
  });

  it("reads the continuation UserPromptSubmit (before each turn after tool results) as an empty prompt", () => {
    const event = qwenAdapter.parse(payload("UserPromptSubmit.continuation.json"));
    expect(event).toMatchObject({ kind: "prompt", prompt: "" });
    expect(qwenAdapter.parse(payload("UserPromptSubmit.json"))).toMatchObject({
      kind: "prompt",
      prompt: "merge PR 12",
    });
  });

  it("reads a PostToolUse response object and notebook cells", () => {
    const event = qwenAdapter.parse(payload("PostToolUse.run_shell_command.json"));
    expect(event.kind === "after-tool" && event.response).toMatchObject({ returnDisplay: "fake gh: pr merge 12" });
    const notebook = qwenAdapter.parse({
      ...payload("PreToolUse.edit.json"),
      tool_name: "notebook_edit",
      tool_input: { notebook_path: "/p/a.ipynb", new_source: "x" },
    });
    expect(notebook.kind === "before-tool" && [notebook.tool.kind, notebook.tool.filePaths]).toEqual([
      "file-edit",
      ["/p/a.ipynb"],
    ]);
  });

  it("refuses a shell call without a command, and a payload without an event name", () => {
    const shell = payload("PreToolUse.run_shell_command.json");
    expect(() => qwenAdapter.parse({ ...shell, tool_input: { description: "x" } })).toThrow(/command/);
    expect(() => qwenAdapter.parse({ session_id: "s", cwd: "/" })).toThrow(/qwen/);
  });
});
