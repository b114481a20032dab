// The Kimi adapter on every payload captured from Kimi Code 2.1.0.
import { fileURLToPath } from "node:url";
import { fixturePayloads } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";
import { KIMI_SESSION_START_ARG, kimiAdapter } from "../src/index.ts";

const fixtures = fixturePayloads(fileURLToPath(new URL("./fixtures", import.meta.url))).filter(
  (f) => !f.name.startsWith("hook-env"),
);
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
};

describe("kimi adapter on every captured Kimi Code payload", () => {
  it("finds the captured payloads", () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(19);
  });

  it.each(fixtures)("$name", ({ payload }) => {
    const event = kimiAdapter.parse(payload);
    expect(event).toMatchObject({ cli: "kimi", nativeEvent: payload.hook_event_name, cwd: payload.cwd });
    expect(event.sessionId).toMatch(/^session_/);
    expect(event.kind).toBe(expectedKind[String(payload.hook_event_name)] ?? "other");
  });

  it.each([
    ["PreToolUse.Bash.json", "shell", []],
    ["PreToolUse.Write.json", "file-write", ["/home/user/project/NOTES.md"]],
    ["PreToolUse.Edit.json", "file-edit", ["/home/user/project/README.md"]],
    ["PreToolUse.Read.json", "other", []],
    ["PreToolUse.ExitPlanMode.json", "plan-exit", []],
    ["PreToolUse.mcp__forge__merge_pull_request.json", "other", []],
  ])("%s is a %s tool", (name, kind, files) => {
    const event = kimiAdapter.parse(payload(name));
    if (event.kind !== "before-tool") throw new Error(event.kind);
    expect([event.tool.kind, event.tool.filePaths]).toEqual([kind, files]);
    if (kind === "shell") expect(event.tool.command).toBe("gh pr merge 12");
  });

  it("keeps Bash's cwd as the folder the command runs in (the payload's cwd stays the session's)", () => {
    const shell = payload("PreToolUse.Bash.json");
    const input = { ...(shell.tool_input as Record<string, unknown>), cwd: "/srv/app/web" };
    const event = kimiAdapter.parse({ ...shell, tool_input: input });
    if (event.kind !== "before-tool") throw new Error(event.kind);
    expect([event.tool.workdir, event.cwd]).toEqual(["/srv/app/web", shell.cwd]);
  });

  it("reads UserPromptSubmit's list of content parts as the prompt's text", () => {
    expect(kimiAdapter.parse(payload("UserPromptSubmit.json"))).toMatchObject({
      kind: "prompt",
      prompt: "Merge PR 12, then note it.",
    });
  });

  it("reads UserPromptSubmit as the session's start when the hook command says so", () => {
    const event = kimiAdapter.parse(payload("UserPromptSubmit.json"), [KIMI_SESSION_START_ARG]);
    expect(event).toMatchObject({ kind: "session-start", source: "startup", nativeEvent: "UserPromptSubmit" });
    expect(event).not.toHaveProperty("prompt");
  });

  it("gives PostToolUse's tool_output as the tool's response (ExitPlanMode's carries the plan)", () => {
    const event = kimiAdapter.parse(payload("PostToolUse.ExitPlanMode.json"));
    if (event.kind !== "after-tool") throw new Error(event.kind);
    expect(event.tool.kind).toBe("plan-exit");
    expect(String(event.response)).toContain("## Plan (auto-approved, not user-reviewed):\n# Plan\n");
  });
});
