import type { Decision, HookEvent } from "@hookrail/core";
import { describe, expect, it } from "vitest";
import { codexAdapter } from "../src/index.ts";

const base = { session_id: "s1", turn_id: "t", cwd: "/tmp", model: "gpt-5.5", permission_mode: "default" };
const bash = codexAdapter.parse({
  ...base,
  hook_event_name: "PreToolUse",
  tool_name: "Bash",
  tool_input: { command: "ls" },
});
const start = codexAdapter.parse({ ...base, hook_event_name: "SessionStart", source: "startup" });
const stop = codexAdapter.parse({ ...base, hook_event_name: "Stop" });
const denyJson = (reason: string) => ({
  hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: reason },
});

describe("codex render", () => {
  it.each<[string, Decision, HookEvent, unknown]>([
    ["allow prints nothing (a bare allow marks the hook failed)", { type: "allow" }, bash, null],
    [
      "deny, without the trailing period Codex adds itself",
      { type: "deny", reason: "merging is the owner's call." },
      bash,
      denyJson("merging is the owner's call"),
    ],
    ["ask is unsupported: falls back to deny", { type: "ask", reason: "ask first" }, bash, denyJson("ask first")],
    [
      "ask is unsupported: its fallback answers",
      { type: "ask", reason: "ask first", fallback: { type: "deny", reason: "use the marker" } },
      bash,
      denyJson("use the marker"),
    ],
    ["ask whose fallback allows prints nothing", { type: "ask", reason: "r", fallback: { type: "allow" } }, bash, null],
    ["an empty reason is never sent", { type: "deny", reason: " . " }, bash, denyJson("blocked by hookrail")],
    [
      "a PreToolUse note",
      { type: "note", context: "c" },
      bash,
      { hookSpecificOutput: { hookEventName: "PreToolUse", additionalContext: "c" } },
    ],
    [
      "a SessionStart note with a user line",
      { type: "note", context: "c", userMessage: "u" },
      start,
      { hookSpecificOutput: { hookEventName: "SessionStart", additionalContext: "c" }, systemMessage: "u" },
    ],
    [
      "no additionalContext on Stop (unsupported field)",
      { type: "note", context: "c", userMessage: "u" },
      stop,
      { systemMessage: "u" },
    ],
    ["a message", { type: "message", userMessage: "hi" }, bash, { systemMessage: "hi" }],
  ])("%s", (_label, decision, event, json) => {
    const answer = codexAdapter.render(decision, event);
    expect(answer.exitCode).toBe(0);
    expect(answer.stdout ? JSON.parse(answer.stdout) : null).toEqual(json);
  });

  it("blocks unknown input with exit 2 and a non-empty stderr", () => {
    expect(codexAdapter.block("")).toEqual({ exitCode: 2, stdout: "", stderr: "hookrail: blocked\n" });
  });
});
