// The merge gate on a tool call no adapter names (MCP tools above all), with its I/O: the branch a git server's
// checkout is on (read from .git's files), the user's approvals (mode user), GitHub's review (mode review).
// Nothing here loads the shell analysis: a call that lands nothing is answered from its name and arguments.
import { allow, type Decision, deny, type GuardrailContext, type HookEvent } from "@hookrail/core";
import { readCheckout } from "@hookrail/core/git-fast";
import { consumeApprovals, grantedApprovals } from "../approval/approval-state.ts";
import { askGitHub } from "../approval/github-review.ts";
import type { MergeGateOptions } from "../options.ts";
import { classifyUnknownTool, type UnknownTool } from "../unknown-tool.ts";
import { checkMcpApprovals, mcpDecision, mcpReviewTarget } from "./decide.ts";

/** The call judged with this session's facts. */
export function judgeUnknownTool(
  name: string,
  input: unknown,
  event: HookEvent,
  context: GuardrailContext,
  options: MergeGateOptions,
): UnknownTool {
  const protectedBranches = [...new Set([...context.config.protectedBranches, ...options.protectedBranches])];
  return classifyUnknownTool(name, input, {
    protectedBranches,
    cwd: event.cwd || "/",
    review: options.approval === "review",
    branchAt: (dir) => {
      const checkout = readCheckout(dir, context.env);
      return checkout === undefined ? undefined : (checkout?.branch ?? null);
    },
  });
}

/** The decision for a judged call that runs nothing the shell analysis could read. */
export async function unknownToolDecision(
  name: string,
  tool: Exclude<UnknownTool, { kind: "command" }>,
  event: HookEvent,
  context: GuardrailContext,
  options: MergeGateOptions,
): Promise<Decision> {
  if (tool.kind === "inert") return allow();
  if (tool.kind === "runs") {
    return deny(
      `merge-gate: blocked. \`${name}\` is a tool the merge gate does not know, and ${tool.why}: what it runs cannot be ` +
        "checked. Run the command with the shell tool instead, where the gate reads it",
    );
  }
  const { judged } = tool;
  context.trace?.note(`MCP tool ${tool.call.tool}${tool.call.known ? ` (${tool.call.known.forge})` : ""}`);
  if (options.approval === "review") {
    const target = mcpReviewTarget(judged);
    const githubReview = target ? await askGitHub(target, { cwd: event.cwd || "/", env: context.env }) : undefined;
    return mcpDecision(name, judged, options, githubReview ? { githubReview } : {});
  }
  if (options.approval !== "user") return mcpDecision(name, judged, options);
  const userApprovals = event.sessionId ? grantedApprovals(context, event.sessionId) : [];
  const decision = mcpDecision(name, judged, options, { userApprovals });
  if (decision.type !== "allow") return decision;
  // Allowed: use the approvals up, unless another call got there first.
  const check = checkMcpApprovals(judged.findings, userApprovals);
  if (check.ok && consumeApprovals(context, event.sessionId, check.used)) return decision;
  return mcpDecision(name, judged, options, { userApprovals: [] });
}
