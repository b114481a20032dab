import { fileURLToPath } from "node:url";
import { fixturePayloads } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";
import { codexAdapter } from "../src/index.ts";

const fixtures = fixturePayloads(fileURLToPath(new URL("./fixtures", import.meta.url)));

const expectedKind: Record<string, string> = {
  SessionStart: "session-start",
  PreToolUse: "before-tool",
  PostToolUse: "after-tool",
  UserPromptSubmit: "prompt",
  Stop: "stop",
  SessionEnd: "session-end",
};

describe("codex adapter on every captured Codex payload", () => {
  it("finds the captured payloads", () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(15);
  });

  it.each(fixtures)("$name", ({ payload }) => {
    const event = codexAdapter.parse(payload);
    expect(event).toMatchObject({ cli: "codex", nativeEvent: payload.hook_event_name, cwd: payload.cwd });
    expect(event.kind).toBe(expectedKind[String(payload.hook_event_name)] ?? "other");
    expect(event.permissionMode).toBe(payload.permission_mode);
  });

  it("reads shell calls as Bash with the command", () => {
    const event = codexAdapter.parse(fixtures.find((f) => f.name === "PreToolUse.json")?.payload);
    expect(event).toMatchObject({
      kind: "before-tool",
      tool: { kind: "shell", name: "Bash", command: "git branch --show-current" },
    });
  });

  it("reads shell calls as PowerShell on Windows, where Codex runs them in PowerShell", () => {
    const payload = fixtures.find((f) => f.name === "PreToolUse.json")?.payload;
    const platform = Object.getOwnPropertyDescriptor(process, "platform") as PropertyDescriptor;
    Object.defineProperty(process, "platform", { value: "win32" });
    try {
      const event = codexAdapter.parse(payload);
      expect(event).toMatchObject({ kind: "before-tool", tool: { kind: "shell", dialect: "powershell" } });
    } finally {
      Object.defineProperty(process, "platform", platform);
    }
    const here = codexAdapter.parse(payload);
    expect(here.kind === "before-tool" && here.tool.dialect).toBeUndefined();
  });

  it("reads apply_patch as a file edit with the patched files", () => {
    const event = codexAdapter.parse(fixtures.find((f) => f.name === "PreToolUse.apply_patch.json")?.payload);
    expect(event).toMatchObject({
      kind: "before-tool",
      tool: { kind: "file-edit", name: "apply_patch", filePaths: ["notes.txt"] },
    });
  });
});
