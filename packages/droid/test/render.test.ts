// What the Droid adapter answers: the forms Factory Droid 0.225.2 honours (measured), checked against its rules.
import type { Decision, HookEvent } from "@hookrail/core";
import { cliRunsTool, hookPayload } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";
import { droidAdapter } from "../src/index.ts";

const target = { cwd: "/repo", sessionId: "s" };
const parse = (name: string) => droidAdapter.parse(hookPayload("droid", name, target));
const shell = parse("PreToolUse.Execute.json");
const edit = parse("PreToolUse.Edit.json");
const after = parse("PostToolUse.Edit.json");
const start = parse("SessionStart.json");

describe("droid render", () => {
  it.each<[string, Decision, HookEvent, unknown]>([
    ["allow says nothing", { type: "allow" }, shell, null],
    [
      "deny is hookSpecificOutput's permissionDecision (a top-level decision is ignored)",
      { type: "deny", reason: "no" },
      shell,
      {
        hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "no" },
      },
    ],
    [
      "ask falls back to deny (an ask lets the command run)",
      { type: "ask", reason: "ask the owner" },
      shell,
      {
        hookSpecificOutput: {
          hookEventName: "PreToolUse",
          permissionDecision: "deny",
          permissionDecisionReason: "ask the owner",
        },
      },
    ],
    [
      "a note before a tool would be dropped: only the user line",
      { type: "note", context: "c", userMessage: "u" },
      edit,
      { systemMessage: "u" },
    ],
    [
      "a note after a tool, in hookSpecificOutput",
      { type: "note", context: "c", userMessage: "u" },
      after,
      { hookSpecificOutput: { hookEventName: "PostToolUse", additionalContext: "c" }, systemMessage: "u" },
    ],
    [
      "a SessionStart note, in hookSpecificOutput (the user line beside it stays out of the model's view)",
      { type: "note", context: "c", userMessage: "u" },
      start,
      { hookSpecificOutput: { hookEventName: "SessionStart", additionalContext: "c" }, systemMessage: "u" },
    ],
    [
      "a SessionStart message says nothing (alone, Droid would hand it to the model as raw text)",
      { type: "message", userMessage: "u" },
      start,
      null,
    ],
    ["a message after a tool is a systemMessage", { type: "message", userMessage: "u" }, after, { systemMessage: "u" }],
  ])("%s", (_label, decision, event, json) => {
    const answer = droidAdapter.render(decision, event);
    expect(answer.exitCode).toBe(0);
    expect(answer.stdout ? JSON.parse(answer.stdout) : null).toEqual(json);
  });

  it("a deny blocks and an allow runs, by Droid's rules", () => {
    expect(cliRunsTool("droid", droidAdapter.render({ type: "deny", reason: "no" }, shell))).toBe(false);
    expect(cliRunsTool("droid", droidAdapter.render({ type: "allow" }, shell))).toBe(true);
    expect(cliRunsTool("droid", { exitCode: 0, stdout: '{"decision":"block","reason":"x"}', stderr: "" })).toBe(true);
  });

  it("blocks an unreadable event with exit 2", () => {
    const answer = droidAdapter.block("merge-gate: unreadable");
    expect([answer.exitCode, answer.stdout]).toEqual([2, ""]);
    expect(cliRunsTool("droid", answer)).toBe(false);
  });

  it("says which notes reach the model", () => {
    const kinds = ["session-start", "before-tool", "after-tool", "prompt"] as const;
    expect(kinds.map((k) => droidAdapter.notesReachModel(k))).toEqual([true, false, true, false]);
  });
});
