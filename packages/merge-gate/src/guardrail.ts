// The merge gate as a guardrail: a gate, so it fails closed.
import { defineGuardrail, HookrailError } from "@hookrail/core";
import { analyzeCommand } from "./analysis/index.ts";
import { mergeGateDecision } from "./decide.ts";
import { gatherFacts, mergeGateSettings } from "./facts.ts";

export const mergeGate = defineGuardrail({
  name: "merge-gate",
  failure: "closed",
  async decide(event, context) {
    if (event.kind === "other") {
      throw new HookrailError("input", `unknown event "${event.nativeEvent}"; the merge gate only reads tool calls`);
    }
    if (event.kind !== "before-tool") return { type: "allow" };
    const options = mergeGateSettings(context);
    if (!options.enabled) return { type: "allow" };
    const { tool } = event;
    // A tool we do not know may still run a command: read it if it has one, block it if it cannot be read.
    const command = tool.kind === "shell" ? tool.command : tool.kind === "other" ? tool.input.command : undefined;
    if (typeof command !== "string") {
      if (tool.kind !== "other") return { type: "allow" };
      throw new HookrailError("input", `unknown tool "${tool.name}" without a command string`);
    }
    const facts = gatherFacts(command, event, context, options);
    let analysis = analyzeCommand(command, facts);
    // The analysis reads the checkouts it meets from .git's files; git itself answers what those cannot tell,
    // and then the command is analysed again with those answers.
    if (await facts.askGit()) analysis = analyzeCommand(command, facts);
    return mergeGateDecision(analysis, facts);
  },
});
