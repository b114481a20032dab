// What the Qwen adapter answers: the forms Qwen Code 0.24.4 honours (measured), checked against its rules.
import type { Decision, HookEvent } from "@hookrail/core";
import { cliRunsTool, hookPayload } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";
import { qwenAdapter } from "../src/index.ts";

const target = { cwd: "/repo", sessionId: "s" };
const parse = (name: string) => qwenAdapter.parse(hookPayload("qwen", name, target));
const shell = parse("PreToolUse.run_shell_command.json");
const edit = parse("PreToolUse.edit.json");
const after = parse("PostToolUse.edit.json");
const start = parse("SessionStart.json");
const prompt = parse("UserPromptSubmit.json");

describe("qwen render", () => {
  it.each<[string, Decision, HookEvent, unknown]>([
    ["allow says nothing", { type: "allow" }, shell, null],
    [
      "deny is hookSpecificOutput's permissionDecision",
      { type: "deny", reason: "no" },
      shell,
      {
        hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "no" },
      },
    ],
    [
      "ask falls back to its fallback (the terminal UI's dialog is not measured)",
      { type: "ask", reason: "ask the owner", fallback: { type: "deny", reason: "use the marker" } },
      shell,
      {
        hookSpecificOutput: {
          hookEventName: "PreToolUse",
          permissionDecision: "deny",
          permissionDecisionReason: "use the marker",
        },
      },
    ],
    [
      "a note before a tool would be dropped: only the user line",
      { type: "note", context: "c", userMessage: "u" },
      edit,
      { systemMessage: "u" },
    ],
    ["a note before a tool without a user line says nothing", { type: "note", context: "c" }, edit, null],
    [
      "a note after a tool, in hookSpecificOutput (the flat form is dropped)",
      { type: "note", context: "c" },
      after,
      { hookSpecificOutput: { hookEventName: "PostToolUse", additionalContext: "c" } },
    ],
    [
      "a SessionStart note, in hookSpecificOutput although the payload has an ISO timestamp",
      { type: "note", context: "c", userMessage: "u" },
      start,
      { hookSpecificOutput: { hookEventName: "SessionStart", additionalContext: "c" }, systemMessage: "u" },
    ],
    [
      "a UserPromptSubmit note",
      { type: "note", context: "c" },
      prompt,
      { hookSpecificOutput: { hookEventName: "UserPromptSubmit", additionalContext: "c" } },
    ],
  ])("%s", (_label, decision, event, json) => {
    const answer = qwenAdapter.render(decision, event);
    expect(answer.exitCode).toBe(0);
    expect(answer.stdout ? JSON.parse(answer.stdout) : null).toEqual(json);
  });

  it("a deny blocks and an allow runs, by Qwen's rules", () => {
    expect(cliRunsTool("qwen", qwenAdapter.render({ type: "deny", reason: "no" }, shell))).toBe(false);
    expect(cliRunsTool("qwen", qwenAdapter.render({ type: "allow" }, shell))).toBe(true);
  });

  it("blocks an unreadable event with exit 2 and text on stderr (a silent exit 2 lets the command run)", () => {
    for (const reason of ["merge-gate: unreadable", "", "  "]) {
      const answer = qwenAdapter.block(reason);
      expect(answer.exitCode).toBe(2);
      expect(answer.stderr.trim()).not.toBe("");
      expect(cliRunsTool("qwen", answer)).toBe(false);
    }
  });

  it("says which notes reach the model", () => {
    const kinds = ["session-start", "before-tool", "after-tool", "prompt", "stop"] as const;
    expect(kinds.map((k) => qwenAdapter.notesReachModel(k))).toEqual([true, false, true, true, false]);
  });
});
