import type { Decision, HookEvent } from "@hookrail/core";
import { describe, expect, it } from "vitest";
import { claudeAdapter } from "../src/index.ts";

const base = { session_id: "s1", cwd: "/tmp", transcript_path: "/tmp/t.jsonl" };
const bash = claudeAdapter.parse({
  ...base,
  hook_event_name: "PreToolUse",
  tool_name: "Bash",
  tool_input: { command: "ls" },
});
const start = claudeAdapter.parse({ ...base, hook_event_name: "SessionStart", source: "startup" });
const stop = claudeAdapter.parse({ ...base, hook_event_name: "Stop" });

const out = (decision: Decision, event: HookEvent) => {
  const answer = claudeAdapter.render(decision, event);
  return { exitCode: answer.exitCode, json: answer.stdout ? JSON.parse(answer.stdout) : null };
};

describe("claude render", () => {
  it.each<[string, Decision, HookEvent, unknown]>([
    ["allow says nothing", { type: "allow" }, bash, null],
    [
      "deny is permissionDecision deny at exit 0",
      { type: "deny", reason: "no" },
      bash,
      {
        hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "no" },
      },
    ],
    [
      "ask is permissionDecision ask",
      { type: "ask", reason: "sure?" },
      bash,
      {
        hookSpecificOutput: {
          hookEventName: "PreToolUse",
          permissionDecision: "ask",
          permissionDecisionReason: "sure?",
        },
      },
    ],
    [
      "ask with a fallback still asks: Claude Code can ask before a tool",
      { type: "ask", reason: "sure?", fallback: { type: "allow" } },
      bash,
      {
        hookSpecificOutput: {
          hookEventName: "PreToolUse",
          permissionDecision: "ask",
          permissionDecisionReason: "sure?",
        },
      },
    ],
    [
      "a note before a tool is additionalContext",
      { type: "note", context: "heads up" },
      bash,
      { hookSpecificOutput: { hookEventName: "PreToolUse", additionalContext: "heads up" } },
    ],
    [
      "a session-start note with a user line",
      { type: "note", context: "ctx", userMessage: "one line" },
      start,
      { hookSpecificOutput: { hookEventName: "SessionStart", additionalContext: "ctx" }, systemMessage: "one line" },
    ],
    [
      "a note on Stop cannot reach the model; only the user line stays",
      { type: "note", context: "x", userMessage: "u" },
      stop,
      { systemMessage: "u" },
    ],
    ["deny on Stop is the block form", { type: "deny", reason: "r" }, stop, { decision: "block", reason: "r" }],
    ["a message is systemMessage", { type: "message", userMessage: "hi" }, bash, { systemMessage: "hi" }],
  ])("%s", (_label, decision, event, json) => {
    expect(out(decision, event)).toEqual({ exitCode: 0, json });
  });

  it("blocks unknown input with exit 2 and the reason on stderr", () => {
    expect(claudeAdapter.block("why")).toEqual({ exitCode: 2, stdout: "", stderr: "why\n" });
  });
});
