// branch-drift as a guardrail: advisory, so it fails open (the runtime logs and says nothing).
import { allow, defineGuardrail, type HookEvent, sectionOptions } from "@hookrail/core";
import { decideBranchDrift } from "./decide.ts";
import { type DriftEvent, gatherFacts } from "./facts.ts";
import { branchDriftOptions } from "./options.ts";
import { remember } from "./record.ts";

export const branchDrift = defineGuardrail({
  name: "branch-drift",
  failure: "open",
  async decide(event, context) {
    const drift = driftEvent(event);
    if (!drift) return allow();
    const options = sectionOptions(context.config, branchDriftOptions);
    // Off: no facts to gather (the decision would say nothing either).
    if (!options.enabled) return allow();
    const facts = await gatherFacts(drift, context);
    const outcome = decideBranchDrift(facts, options);
    if (outcome.record) remember(drift.sessionId, outcome.record, context);
    return outcome.decision;
  },
  settings: (config) => sectionOptions(config, branchDriftOptions),
});

/** The events branch-drift judges: around file edits and around the session's own shell commands. */
function driftEvent(event: HookEvent): DriftEvent | undefined {
  // Without a session id there is nothing to remember per session; without a cwd nothing to read.
  if (!event.sessionId || !event.cwd) return undefined;
  const base = { sessionId: event.sessionId, cwd: event.cwd };
  if (event.kind === "other") {
    // A shell command that failed ends with its own event in some CLIs (Claude's PostToolUseFailure, bound
    // by the manifest); it ends the command all the same.
    const command = (event.payload.tool_input as { command?: unknown } | undefined)?.command;
    if (typeof command !== "string") return undefined;
    return { ...base, phase: "after-shell", files: [], shell: { id: callId(event, command), command } };
  }
  if (event.kind !== "before-tool" && event.kind !== "after-tool") return undefined;
  const when = event.kind === "before-tool" ? "before" : "after";
  const { tool } = event;
  if (tool.kind === "shell" && tool.command !== undefined) {
    const shell = { id: callId(event, tool.command), command: tool.command };
    return { ...base, phase: `${when}-shell`, files: [], shell };
  }
  if (tool.kind === "file-write" || tool.kind === "file-edit")
    return { ...base, phase: `${when}-edit`, files: tool.filePaths };
  return undefined;
}

/** The CLI's id of the tool call when it gives one (Claude, Codex), else the command itself (Gemini). */
function callId(event: HookEvent, command: string): string {
  const id = event.payload.tool_use_id;
  return typeof id === "string" && id ? `id:${id}` : `command:${command}`;
}
