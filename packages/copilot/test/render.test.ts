import type { Decision, HookEvent } from "@hookrail/core";
import { describe, expect, it } from "vitest";
import { copilotAdapter } from "../src/index.ts";
import { fixture } from "./helpers.ts";

const own = (name: string, event: string) => copilotAdapter.parse(fixture("copilot-format", name), [event]);
const claude = (name: string) => copilotAdapter.parse(fixture("claude-format", name));

const out = (decision: Decision, event: HookEvent) => {
  const answer = copilotAdapter.render(decision, event);
  return { exitCode: answer.exitCode, json: answer.stdout ? JSON.parse(answer.stdout) : null };
};

const deny = { type: "deny", reason: "no" } as const;
const note = { type: "note", context: "ctx", userMessage: "hi" } as const;

describe("copilot render", () => {
  it.each<[string, Decision, HookEvent, unknown]>([
    ["allow says nothing", { type: "allow" }, own("preToolUse-bash.json", "preToolUse"), null],
    [
      "deny, Copilot format: the flat permissionDecision",
      deny,
      own("preToolUse-bash.json", "preToolUse"),
      { permissionDecision: "deny", permissionDecisionReason: "no" },
    ],
    [
      "ask falls back to deny",
      { type: "ask", reason: "sure?" },
      own("preToolUse-bash.json", "preToolUse"),
      { permissionDecision: "deny", permissionDecisionReason: "sure?" },
    ],
    [
      "deny, Claude format: hookSpecificOutput",
      deny,
      claude("PreToolUse-Bash.json"),
      {
        hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "no" },
      },
    ],
    [
      "a note at session start: flat additionalContext",
      note,
      own("sessionStart.json", "sessionStart"),
      { additionalContext: "ctx", systemMessage: "hi" },
    ],
    [
      "a note on a Claude-format SessionStart: flat too",
      note,
      claude("SessionStart.json"),
      { additionalContext: "ctx", systemMessage: "hi" },
    ],
    [
      "a note before an edit",
      note,
      own("preToolUse-edit.json", "preToolUse"),
      { additionalContext: "ctx", systemMessage: "hi" },
    ],
    ["a note at agentStop does not reach the model", note, own("agentStop.json", "agentStop"), { systemMessage: "hi" }],
    ["a message", { type: "message", userMessage: "m" }, own("sessionEnd.json", "sessionEnd"), { systemMessage: "m" }],
  ])("%s", (_name, decision, event, json) => {
    expect(out(decision, event)).toEqual({ exitCode: 0, json });
  });

  it("blocks an unreadable event with exit 2 (Copilot blocks on it)", () => {
    expect(copilotAdapter.block("why")).toMatchObject({ exitCode: 2, stdout: "" });
  });
});
