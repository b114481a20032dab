import { fileURLToPath } from "node:url";
import { fixturePayloads } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";
import { claudeAdapter } from "../src/index.ts";

const fixtures = fixturePayloads(fileURLToPath(new URL("./fixtures", import.meta.url)));

const expectedKind: Record<string, string> = {
  SessionStart: "session-start",
  PreToolUse: "before-tool",
  PostToolUse: "after-tool",
  UserPromptSubmit: "prompt",
  Stop: "stop",
  SessionEnd: "session-end",
};

describe("claude adapter on every captured Claude Code payload", () => {
  it("finds the captured payloads", () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(40);
  });

  it.each(fixtures)("$name", ({ payload }) => {
    const event = claudeAdapter.parse(payload);
    expect(event.cli).toBe("claude");
    expect(event.nativeEvent).toBe(payload.hook_event_name);
    expect(event.kind).toBe(expectedKind[String(payload.hook_event_name)] ?? "other");
    expect(event.sessionId).toBe(payload.session_id);
    expect(event.cwd).toBe(payload.cwd);
    expect(event.payload).toEqual(payload);
  });
});

describe("claude tool kinds", () => {
  const byName = (name: string) => fixtures.find((f) => f.name === name)?.payload;

  it.each([
    ["PreToolUse.Bash.json", "shell", "Bash", []],
    ["PreToolUse.PowerShell.json", "shell", "PowerShell", []],
    ["PreToolUse.Write.json", "file-write", "Write", ["<PROJECT_DIR>/new.txt"]],
    ["PreToolUse.Edit.json", "file-edit", "Edit", ["<PROJECT_DIR>/existing.txt"]],
    ["PreToolUse.Read.json", "read-only", "Read", []],
    ["plan/PreToolUse.ExitPlanMode.json", "plan-exit", "ExitPlanMode", undefined],
  ])("%s is a %s tool", (file, kind, name, files) => {
    const event = claudeAdapter.parse(byName(file));
    if (event.kind !== "before-tool") throw new Error(`expected before-tool, got ${event.kind}`);
    expect(event.tool.kind).toBe(kind);
    expect(event.tool.name).toBe(name);
    if (files) expect(event.tool.filePaths).toEqual(files);
    if (name === "Bash") expect(event.tool.command).toBe("echo hello-from-bash");
  });

  it("marks PowerShell tool calls with their dialect; Bash calls have none (bash)", () => {
    const ps = claudeAdapter.parse(byName("PreToolUse.PowerShell.json"));
    const bash = claudeAdapter.parse(byName("PreToolUse.Bash.json"));
    if (ps.kind !== "before-tool" || bash.kind !== "before-tool") throw new Error("expected before-tool events");
    expect(ps.tool).toMatchObject({ kind: "shell", dialect: "powershell", command: "gh pr view 12" });
    expect(bash.tool.dialect).toBeUndefined();
    const after = claudeAdapter.parse(byName("PostToolUse.PowerShell.json"));
    expect(after.kind === "after-tool" && after.tool.dialect).toBe("powershell");
  });

  it("reads the session-start source", () => {
    const event = claudeAdapter.parse(byName("plan/SessionStart.clear.json"));
    expect(event).toMatchObject({ kind: "session-start", source: "clear" });
  });
});

describe("claude adapter rejects unreadable payloads", () => {
  it.each([
    ["a JSON array", [], "not a claude hook event"],
    ["null", null, "not a claude hook event"],
    ["no event name", { session_id: "s", tool_name: "Bash" }, "not a claude hook event"],
    [
      "a tool event without tool_name",
      { hook_event_name: "PreToolUse", tool_input: {} },
      "PreToolUse without a valid tool_name/tool_input",
    ],
    [
      "a shell call without a command",
      { hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: {} },
      "Bash call without a command string",
    ],
    [
      "a wrong-typed tool_input",
      { hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: "gh pr merge" },
      "PreToolUse without a valid tool_name/tool_input",
    ],
  ])("%s", (_label, payload, message) => {
    expect(() => claudeAdapter.parse(payload)).toThrow(message);
  });
});
