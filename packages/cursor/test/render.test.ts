import { fileURLToPath } from "node:url";
import type { Decision, HookEvent } from "@hookrail/core";
import { fixturePayloads } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";
import { cursorAdapter } from "../src/index.ts";

const fixtures = fixturePayloads(fileURLToPath(new URL("./fixtures", import.meta.url)));
const event = (name: string): HookEvent => {
  const found = fixtures.find((f) => f.name === `${name}.json`);
  if (!found) throw new Error(`no fixture ${name}`);
  return cursorAdapter.parse(found.payload);
};

const out = (decision: Decision, on: HookEvent) => {
  const answer = cursorAdapter.render(decision, on);
  return { exitCode: answer.exitCode, json: answer.stdout ? JSON.parse(answer.stdout) : null };
};

const denied = (reason: string) => ({
  permission: "deny",
  user_message: reason,
  agent_message: reason,
  userMessage: reason,
  agentMessage: reason,
});

describe("cursor render", () => {
  it.each<[string, Decision, string, unknown]>([
    // A failClosed hook that prints nothing is taken as failed: "no objection" is always said out loud.
    ["allow on preToolUse is an explicit allow", { type: "allow" }, "preToolUse.Shell", { permission: "allow" }],
    ["allow on beforeShellExecution", { type: "allow" }, "beforeShellExecution", { permission: "allow" }],
    ["allow on beforeSubmitPrompt continues", { type: "allow" }, "beforeSubmitPrompt", { continue: true }],
    ["allow on sessionStart", { type: "allow" }, "sessionStart", {}],
    ["deny on preToolUse", { type: "deny", reason: "no" }, "preToolUse.Shell", denied("no")],
    ["deny on beforeShellExecution", { type: "deny", reason: "no" }, "beforeShellExecution", denied("no")],
    ["allow on beforeMCPExecution", { type: "allow" }, "beforeMCPExecution", { permission: "allow" }],
    ["deny on beforeMCPExecution", { type: "deny", reason: "no" }, "beforeMCPExecution", denied("no")],
    [
      "ask on beforeMCPExecution answers with its fallback",
      { type: "ask", reason: "sure?", fallback: { type: "deny", reason: "use the marker" } },
      "beforeMCPExecution",
      denied("use the marker"),
    ],
    [
      "a note before an MCP call is dropped",
      { type: "note", context: "c" },
      "beforeMCPExecution",
      { permission: "allow" },
    ],
    [
      "deny on beforeSubmitPrompt stops the prompt",
      { type: "deny", reason: "no" },
      "beforeSubmitPrompt",
      { continue: false, user_message: "no", userMessage: "no" },
    ],
    [
      "ask is not enforced: a deny with its reason",
      { type: "ask", reason: "sure?" },
      "preToolUse.Shell",
      denied("sure?"),
    ],
    [
      "ask answers with its fallback",
      { type: "ask", reason: "sure?", fallback: { type: "deny", reason: "use the marker" } },
      "beforeShellExecution",
      denied("use the marker"),
    ],
    [
      "an ask whose fallback allows",
      { type: "ask", reason: "sure?", fallback: { type: "allow" } },
      "preToolUse.Shell",
      { permission: "allow" },
    ],
    [
      "a note at sessionStart",
      { type: "note", context: "c", userMessage: "u" },
      "sessionStart",
      { additional_context: "c" },
    ],
    ["a note after a tool", { type: "note", context: "c" }, "postToolUse.Shell", { additional_context: "c" }],
    // preToolUse has no field for the model beside a deny: the note is dropped, the call allowed.
    ["a note before a tool is dropped", { type: "note", context: "c" }, "preToolUse.Shell", { permission: "allow" }],
    ["a note after an edit hook has no channel", { type: "note", context: "c" }, "afterFileEdit", {}],
    [
      "a message to the user has no channel",
      { type: "message", userMessage: "m" },
      "preToolUse.Shell",
      { permission: "allow" },
    ],
  ])("%s", (_label, decision, on, json) => {
    expect(out(decision, event(on))).toEqual({ exitCode: 0, json });
  });

  it("blocks what it cannot answer with a block in JSON (an unreadable event, a deny after the fact) with exit 2", () => {
    expect(cursorAdapter.block("why")).toEqual({ exitCode: 2, stdout: "", stderr: "why\n" });
    expect(cursorAdapter.render({ type: "deny", reason: "why" }, event("stop"))).toMatchObject({ exitCode: 2 });
  });

  it("says which notes reach the model", () => {
    expect(
      (["session-start", "before-tool", "after-tool", "prompt"] as const).map((k) => cursorAdapter.notesReachModel(k)),
    ).toEqual([true, false, true, false]);
  });
});
