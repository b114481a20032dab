import { describe, expect, it } from "vitest";
import { copilotAdapter } from "../src/index.ts";
import { captured, fixture } from "./helpers.ts";

const KIND: Record<string, string> = {
  sessionStart: "session-start",
  userPromptSubmitted: "prompt",
  preToolUse: "before-tool",
  postToolUse: "after-tool",
  agentStop: "stop",
  sessionEnd: "session-end",
  SessionStart: "session-start",
  UserPromptSubmit: "prompt",
  PreToolUse: "before-tool",
  PostToolUse: "after-tool",
  Stop: "stop",
  SessionEnd: "session-end",
};

describe("copilot adapter on every captured Copilot-format payload", () => {
  const all = captured("copilot-format");
  it("finds them", () => expect(all.length).toBeGreaterThanOrEqual(8));

  describe.each(all)("$name", ({ event, payload }) => {
    it("with the event as the hook command's argument", () => {
      const parsed = copilotAdapter.parse(payload, [event]);
      expect(parsed).toMatchObject({ cli: "copilot", nativeEvent: event, kind: KIND[event] });
      expect(parsed.sessionId).toBe(payload.sessionId);
      expect(parsed.cwd).toBe(payload.cwd);
      expect(parsed.payload).toMatchObject(payload);
    });

    it("without it, told from its fields", () => {
      expect(copilotAdapter.parse(payload).nativeEvent).toBe(event);
    });
  });
});

describe("copilot adapter on every captured Claude-format payload Copilot sends", () => {
  const all = captured("claude-format");
  it("finds them", () => expect(all.length).toBeGreaterThanOrEqual(10));

  it.each(all)("$name", ({ event, payload }) => {
    const parsed = copilotAdapter.parse(payload);
    expect(parsed).toMatchObject({ cli: "copilot", nativeEvent: event, kind: KIND[event] ?? "other" });
    expect(parsed.sessionId).toBe(payload.session_id);
    expect(parsed.payload).toEqual(payload);
  });
});

describe("copilot tools", () => {
  it.each([
    ["copilot-format", "preToolUse-bash.json", "shell", []],
    ["copilot-format", "preToolUse-edit.json", "file-edit", ["<repo>/README.md"]],
    ["copilot-format", "preToolUse-create.json", "file-write", ["<repo>/NEW.md"]],
    ["claude-format", "PreToolUse-Bash.json", "shell", []],
    ["claude-format", "PreToolUse-Edit.json", "file-edit", ["<repo>/README.md"]],
    ["claude-format", "PreToolUse-Write.json", "file-write", ["<repo>/NEW.md"]],
  ] as const)("%s/%s is a %s tool on %j", (format, name, kind, files) => {
    const event = copilotAdapter.parse(fixture(format, name));
    if (event.kind !== "before-tool") throw new Error(`expected before-tool, got ${event.kind}`);
    expect(event.tool.kind).toBe(kind);
    expect(event.tool.filePaths).toEqual(files);
    if (kind === "shell") expect(event.tool.command).toContain('echo "gh pr merge 1 --merge"');
  });

  it.each([
    ["copilot-format", "postToolUse-bash.json", { resultType: "success" }],
    ["claude-format", "PostToolUse-Bash.json", { result_type: "success" }],
  ] as const)("%s/%s carries the tool's result", (format, name, result) => {
    const event = copilotAdapter.parse(fixture(format, name));
    if (event.kind !== "after-tool") throw new Error(`expected after-tool, got ${event.kind}`);
    expect(event.response).toMatchObject(result);
  });

  it.each([
    ["its own format", { toolName: "powershell", toolArgs: { command: "gh pr merge 1" } }, ["preToolUse"]],
    [
      "the Claude format",
      { hook_event_name: "PreToolUse", tool_name: "PowerShell", tool_input: { command: "gh pr merge 1" } },
      [],
    ],
  ])("reads its Windows shell tool as a PowerShell shell call (%s)", (_, payload, args) => {
    const event = copilotAdapter.parse({ sessionId: "s", cwd: "/r", ...payload }, args);
    if (event.kind !== "before-tool") throw new Error(`expected before-tool, got ${event.kind}`);
    expect(event.tool).toMatchObject({ kind: "shell", dialect: "powershell", command: "gh pr merge 1" });
  });

  const tool = (toolName: string, toolArgs: Record<string, unknown>) => {
    const event = copilotAdapter.parse({ sessionId: "s", cwd: "/r", toolName, toolArgs }, ["preToolUse"]);
    if (event.kind !== "before-tool") throw new Error(`expected before-tool, got ${event.kind}`);
    return event.tool;
  };

  it.each([
    ["write_bash", "bash"],
    ["write_powershell", "powershell"],
  ])("reads %s (text typed into a running shell) as a %s command line", (name, language) => {
    const typed = tool(name, { shellId: "3", input: "gh pr merge 1\n", delay: 2 });
    expect(typed).toMatchObject({ kind: "shell", command: "gh pr merge 1\n" });
    expect(typed.dialect ?? "bash").toBe(language);
  });

  it.each(["view", "glob", "grep", "rg", "report_intent", "task", "web_fetch", "read_bash", "stop_bash", "Read"])(
    "knows %s runs no command and writes no file",
    (name) => expect(tool(name, { path: "/r/.git/hooks/pre-push", pattern: "x" }).kind).toBe("read-only"),
  );

  it.each([
    ["str_replace_editor", { command: "create", path: "/r/a.md", file_text: "x" }, ["/r/a.md"]],
    ["apply_patch", { input: "*** Begin Patch\n*** Update File: /r/b.md\n*** End Patch" }, ["/r/b.md"]],
    ["apply_patch", { patch: "*** Begin Patch\n*** Add File: c.md\n*** End Patch" }, ["c.md"]],
  ])("reads %s as a file edit of its files", (name, args, files) => {
    expect(tool(name, args)).toMatchObject({ kind: "file-edit", filePaths: files });
  });

  it("reads toolArgs given as a JSON string", () => {
    const payload = { ...fixture("copilot-format", "preToolUse-bash.json"), toolArgs: '{"command":"gh pr merge 1"}' };
    const event = copilotAdapter.parse(payload, ["preToolUse"]);
    expect(event.kind === "before-tool" && event.tool.command).toBe("gh pr merge 1");
  });

  it("reads a new session as a start", () => {
    expect(copilotAdapter.parse(fixture("copilot-format", "sessionStart.json"))).toMatchObject({ source: "startup" });
  });
});

describe("copilot adapter rejects unreadable payloads", () => {
  it.each([
    ["a JSON array", [], [], "not a copilot hook event"],
    ["null", null, [], "not a copilot hook event"],
    [
      "an object naming no event, with no telling field",
      { sessionId: "s", cwd: "/" },
      [],
      "copilot hook event without an event name",
    ],
    [
      "a tool call whose toolArgs is not JSON",
      { sessionId: "s", toolName: "bash", toolArgs: "{" },
      ["preToolUse"],
      "copilot toolArgs is neither an object nor a JSON object string",
    ],
    [
      "a shell call without a command",
      { sessionId: "s", toolName: "bash", toolArgs: {} },
      ["preToolUse"],
      "bash call without a command string",
    ],
  ])("%s", (_name, payload, args, message) => {
    expect(() => copilotAdapter.parse(payload, args)).toThrow(message);
  });
});
