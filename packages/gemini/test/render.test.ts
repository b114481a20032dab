import type { Decision, HookEvent } from "@hookrail/core";
import { describe, expect, it } from "vitest";
import { geminiAdapter } from "../src/index.ts";

const base = { session_id: "s1", cwd: "/tmp", timestamp: "2026-11-30T00:00:00Z" };
const shell = geminiAdapter.parse({
  ...base,
  hook_event_name: "BeforeTool",
  tool_name: "run_shell_command",
  tool_input: { command: "ls" },
});
const after = geminiAdapter.parse({
  ...base,
  hook_event_name: "AfterTool",
  tool_name: "replace",
  tool_input: { file_path: "a" },
  tool_response: {},
});
const start = geminiAdapter.parse({ ...base, hook_event_name: "SessionStart", source: "startup" });

describe("gemini render", () => {
  it.each<[string, Decision, HookEvent, unknown]>([
    ["allow says nothing", { type: "allow" }, shell, null],
    ["deny is Gemini's own decision JSON", { type: "deny", reason: "no" }, shell, { decision: "deny", reason: "no" }],
    [
      "ask falls back to deny (a headless ask hangs)",
      { type: "ask", reason: "ask the owner" },
      shell,
      { decision: "deny", reason: "ask the owner" },
    ],
    [
      "ask answers with its fallback where there is one",
      { type: "ask", reason: "ask the owner", fallback: { type: "deny", reason: "use the marker" } },
      shell,
      { decision: "deny", reason: "use the marker" },
    ],
    [
      "a BeforeTool note is dropped by Gemini: only the user line is sent",
      { type: "note", context: "c", userMessage: "u" },
      shell,
      { systemMessage: "u" },
    ],
    ["a BeforeTool note without a user line says nothing", { type: "note", context: "c" }, shell, null],
    [
      "an AfterTool note reaches the model",
      { type: "note", context: "c" },
      after,
      { hookSpecificOutput: { hookEventName: "AfterTool", additionalContext: "c" } },
    ],
    [
      "a SessionStart note",
      { type: "note", context: "c", userMessage: "u" },
      start,
      { hookSpecificOutput: { hookEventName: "SessionStart", additionalContext: "c" }, systemMessage: "u" },
    ],
  ])("%s", (_label, decision, event, json) => {
    const answer = geminiAdapter.render(decision, event);
    expect(answer.exitCode).toBe(0);
    expect(answer.stdout ? JSON.parse(answer.stdout) : null).toEqual(json);
  });

  it("says which notes reach the model", () => {
    expect(
      ["session-start", "before-tool", "after-tool", "prompt"].map((k) =>
        geminiAdapter.notesReachModel(k as HookEvent["kind"]),
      ),
    ).toEqual([true, false, true, true]);
  });
});
