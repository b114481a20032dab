import type { Decision, HookEvent } from "@hookrail/core";
import { describe, expect, it } from "vitest";
import { antigravityAdapter } from "../src/index.ts";
import { fixture } from "./helpers.ts";

const event = (name: string): HookEvent => {
  const { event: arg, payload } = fixture(name);
  return antigravityAdapter.parse(payload, [arg]);
};
const out = (decision: Decision, on: string) => {
  const answer = antigravityAdapter.render(decision, event(on));
  return { exitCode: answer.exitCode, json: answer.stdout ? JSON.parse(answer.stdout) : null };
};

describe("antigravity render", () => {
  it.each<[string, Decision, string, unknown]>([
    // A PreToolUse answer without a decision is a failure to agy: "no objection" is an explicit allow.
    ["allow before a tool", { type: "allow" }, "PreToolUse.run_command.json", { decision: "allow" }],
    [
      "deny before a tool",
      { type: "deny", reason: "no" },
      "PreToolUse.run_command.json",
      { decision: "deny", reason: "no" },
    ],
    [
      "ask puts the call before the user, past any 'always allow'",
      { type: "ask", reason: "sure?", fallback: { type: "deny", reason: "use the marker" } },
      "PreToolUse.run_command.json",
      { decision: "force_ask", reason: "sure?" },
    ],
    [
      "a note before a tool is dropped",
      { type: "note", context: "c" },
      "PreToolUse.write_to_file.json",
      { decision: "allow" },
    ],
    [
      "a message before a tool is dropped",
      { type: "message", userMessage: "m" },
      "PreToolUse.run_command.json",
      { decision: "allow" },
    ],
    [
      "a note at the session's first invocation is injected as a user step",
      { type: "note", context: "c", userMessage: "u" },
      "PreInvocation.json",
      { injectSteps: [{ userMessage: "c" }] },
    ],
    ["allow at an invocation says nothing", { type: "allow" }, "PreInvocation.json", null],
    ["a note at a later invocation says nothing", { type: "note", context: "c" }, "PreInvocation.later.json", null],
    ["a deny at Stop cannot block: nothing", { type: "deny", reason: "no" }, "Stop.json", null],
  ])("%s", (_label, decision, on, json) => {
    expect(out(decision, on)).toEqual({ exitCode: 0, json });
  });

  it("answers an unreadable event with a deny agy honours (it only logs exit codes)", () => {
    expect(antigravityAdapter.block("why")).toEqual({
      exitCode: 0,
      stdout: '{"decision":"deny","reason":"why"}\n',
      stderr: "",
    });
  });

  it("says which notes reach the model", () => {
    expect(
      (["session-start", "before-tool", "after-tool", "prompt"] as const).map((k) =>
        antigravityAdapter.notesReachModel(k),
      ),
    ).toEqual([true, false, false, false]);
  });
});
