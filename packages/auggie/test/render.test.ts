// What the Auggie adapter answers: the forms Auggie 0.36.0 honours (measured), checked against its rules.
import type { Decision, HookEvent } from "@hookrail/core";
import { cliRunsTool, hookPayload } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";
import { auggieAdapter } from "../src/index.ts";

const target = { cwd: "/repo", sessionId: "s" };
const parse = (name: string) => auggieAdapter.parse(hookPayload("auggie", name, target));
const shell = parse("PreToolUse.launch-process.json");
const after = parse("PostToolUse.save-file.json");
const start = parse("SessionStart.json");
const prompt = parse("PromptSubmit.json");

const deny = (reason: string) => ({
  hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: reason },
});

describe("auggie render", () => {
  it.each<[string, Decision, HookEvent, unknown]>([
    ["allow says nothing", { type: "allow" }, shell, null],
    ["deny is hookSpecificOutput's permissionDecision", { type: "deny", reason: "no" }, shell, deny("no")],
    [
      "ask falls back to deny (an ask lets the tool run)",
      { type: "ask", reason: "ask the owner" },
      shell,
      deny("ask the owner"),
    ],
    [
      "a note before a tool would be dropped: only the user line",
      { type: "note", context: "c", userMessage: "u" },
      shell,
      { systemMessage: "u" },
    ],
    [
      "a note after a tool, in hookSpecificOutput (appended to the tool's result)",
      { type: "note", context: "c", userMessage: "u" },
      after,
      { hookSpecificOutput: { hookEventName: "PostToolUse", additionalContext: "c" }, systemMessage: "u" },
    ],
    [
      "a SessionStart note reaches only the user (Auggie discards the hook's context)",
      { type: "note", context: "c", userMessage: "u" },
      start,
      { systemMessage: "u" },
    ],
    [
      "a prompt's note says nothing (Auggie never reads it)",
      { type: "note", context: "c", userMessage: "u" },
      prompt,
      null,
    ],
    ["a prompt's message says nothing", { type: "message", userMessage: "u" }, prompt, null],
    ["a message after a tool is a systemMessage", { type: "message", userMessage: "u" }, after, { systemMessage: "u" }],
  ])("%s", (_label, decision, event, json) => {
    const answer = auggieAdapter.render(decision, event);
    expect(answer.exitCode).toBe(0);
    expect(answer.stdout ? JSON.parse(answer.stdout) : null).toEqual(json);
  });

  it("a deny blocks and an allow runs, by Auggie's rules", () => {
    expect(cliRunsTool("auggie", auggieAdapter.render({ type: "deny", reason: "no" }, shell))).toBe(false);
    expect(cliRunsTool("auggie", auggieAdapter.render({ type: "allow" }, shell))).toBe(true);
    expect(cliRunsTool("auggie", { exitCode: 0, stdout: '{"decision":"block","reason":"x"}', stderr: "" })).toBe(true);
    // Without the event's name, Auggie's schema refuses the whole answer.
    const unnamed = JSON.stringify({ hookSpecificOutput: { permissionDecision: "deny" } });
    expect(cliRunsTool("auggie", { exitCode: 0, stdout: unnamed, stderr: "" })).toBe(true);
    expect(cliRunsTool("auggie", { exitCode: 1, stdout: "", stderr: "crash" })).toBe(true);
  });

  it("blocks an unreadable event with exit 2", () => {
    const answer = auggieAdapter.block("merge-gate: unreadable");
    expect([answer.exitCode, answer.stdout]).toEqual([2, ""]);
    expect(cliRunsTool("auggie", answer)).toBe(false);
  });

  it("says which notes reach the model", () => {
    const kinds = ["session-start", "before-tool", "after-tool", "prompt"] as const;
    expect(kinds.map((k) => auggieAdapter.notesReachModel(k))).toEqual([false, false, true, false]);
  });
});
