// The merge gate as a guardrail: a gate, so it fails closed.
import { defineGuardrail, deny, HookrailError, note } from "@hookrail/core";
import { analyzeCommand } from "./analysis/index.ts";
import { consumeApprovals, grantedApprovals, recordPromptApprovals } from "./approval/approval-state.ts";
import { approvalsInPrompt, checkUserApprovals, describeApproval, runsGateHook } from "./approval/user-approvals.ts";
import { mergeGateDecision } from "./decide.ts";
import { branchAt, gatherFacts, mergeGateSettings } from "./facts.ts";

export const mergeGate = defineGuardrail({
  name: "merge-gate",
  failure: "closed",
  async decide(event, context) {
    if (event.kind === "other") {
      throw new HookrailError("input", `unknown event "${event.nativeEvent}"; the merge gate only reads tool calls`);
    }
    if (event.kind === "prompt") {
      // Approval mode "user": the user's own prompt is the only place an approval comes from.
      const options = mergeGateSettings(context);
      if (!options.enabled || options.approval !== "user" || !event.sessionId) return { type: "allow" };
      const approvals = approvalsInPrompt(event.prompt);
      recordPromptApprovals(context, event.sessionId, approvals);
      if (approvals.length === 0) return { type: "allow" };
      const list = approvals.map(describeApproval).join(", ");
      return note(
        `merge-gate: the user approved (${list}) for one use each within 30 minutes; run that merge with MERGE_APPROVED=1 in front.`,
        `merge-gate: recorded ${list}`,
      );
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
    if (options.approval === "user" && runsGateHook(command)) {
      return deny(
        "merge-gate: blocked. This command runs the merge gate's own hook, which could record an approval the user never gave (approval mode user). Leave the hook to the CLI",
      );
    }
    let facts = gatherFacts(command, context, options);
    let analysis = analyzeCommand(command, facts);
    // Only a push of the current branch needs to know which one it is: then look it up and analyse again.
    if (analysis.needsCurrentBranch && event.cwd) {
      facts = { ...facts, currentBranch: await branchAt(event.cwd, context.env) };
      analysis = analyzeCommand(command, facts);
    }
    if (options.approval === "user" && analysis.findings.length > 0) {
      const userApprovals = event.sessionId ? grantedApprovals(context, event.sessionId) : [];
      facts = { ...facts, approval: "user", userApprovals };
      const decision = mergeGateDecision(analysis, facts);
      if (decision.type !== "allow") return decision;
      // Allowed: use the approvals up, unless another call got there first.
      const check = checkUserApprovals(analysis.findings, userApprovals);
      if (check.ok && consumeApprovals(context, event.sessionId, check.used)) return decision;
      return mergeGateDecision(analysis, { ...facts, userApprovals: [] });
    }
    return mergeGateDecision(analysis, { ...facts, approval: options.approval });
  },
});
