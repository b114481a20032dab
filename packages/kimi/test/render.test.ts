// What the Kimi adapter answers: the forms Kimi Code 2.1.0 honours (measured), checked against its rules.
import type { Decision, HookEvent } from "@hookrail/core";
import { cliRunsTool, hookPayload } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";
import { KIMI_SESSION_START_ARG, kimiAdapter } from "../src/index.ts";

const target = { cwd: "/repo", sessionId: "s" };
const parse = (name: string, args?: string[]) => kimiAdapter.parse(hookPayload("kimi", name, target), args);
const shell = parse("PreToolUse.Bash.json");
const mcp = parse("PreToolUse.mcp__forge__merge_pull_request.json");
const after = parse("PostToolUse.Edit.json");
const start = parse("SessionStart.json");
const prompt = parse("UserPromptSubmit.json");
const startOnPrompt = parse("UserPromptSubmit.json", [KIMI_SESSION_START_ARG]);
const stop = parse("Stop.json");

const deny = (reason: string) => ({
  exitCode: 0,
  stdout: `${JSON.stringify({
    hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: reason },
  })}\n`,
  stderr: "",
});

describe("kimi render", () => {
  it.each<[string, Decision, HookEvent, unknown]>([
    ["allow says nothing", { type: "allow" }, shell, { exitCode: 0, stdout: "", stderr: "" }],
    ["deny before a tool is hookSpecificOutput's deny", { type: "deny", reason: "no" }, shell, deny("no")],
    ["an MCP tool is denied the same way", { type: "deny", reason: "no" }, mcp, deny("no")],
    [
      "ask falls back (kimi -p approves every ask)",
      { type: "ask", reason: "ask", fallback: { type: "deny", reason: "use the marker" } },
      shell,
      deny("use the marker"),
    ],
    ["a blocked prompt is exit 2 with the reason", { type: "deny", reason: "no" }, prompt, exit2("no")],
    ["a blocked stop is exit 2 with the reason", { type: "deny", reason: "again" }, stop, exit2("again")],
    [
      "a note on the prompt is plain text (JSON would reach the model as JSON)",
      { type: "note", context: "c", userMessage: "u" },
      prompt,
      { exitCode: 0, stdout: "c\n", stderr: "" },
    ],
    [
      "a session start run with the prompt delivers its note as plain text",
      { type: "note", context: "work here" },
      startOnPrompt,
      { exitCode: 0, stdout: "work here\n", stderr: "" },
    ],
    ["a note before a tool would be dropped", { type: "note", context: "c" }, shell, silent()],
    ["a note after a tool would be dropped", { type: "note", context: "c" }, after, silent()],
    ["a message for the user alone has nowhere to go", { type: "message", userMessage: "u" }, shell, silent()],
  ])("%s", (_name, decision, event, expected) => {
    expect(kimiAdapter.render(decision, event)).toEqual(expected);
  });

  it("blocks in the ways Kimi Code honours", () => {
    expect(cliRunsTool("kimi", kimiAdapter.render({ type: "deny", reason: "no" }, shell))).toBe(false);
    expect(cliRunsTool("kimi", kimiAdapter.block("unreadable"))).toBe(false);
    expect(cliRunsTool("kimi", kimiAdapter.render({ type: "allow" }, shell))).toBe(true);
  });

  it("says which notes reach the model: only what is printed on UserPromptSubmit", () => {
    expect(
      ["session-start", "prompt", "before-tool", "after-tool"].map((k) => kimiAdapter.notesReachModel(k as never)),
    ).toEqual([true, true, false, false]);
    expect(start.kind).toBe("session-start");
  });
});

function exit2(reason: string) {
  return { exitCode: 2, stdout: "", stderr: `${reason}\n` };
}

function silent() {
  return { exitCode: 0, stdout: "", stderr: "" };
}
