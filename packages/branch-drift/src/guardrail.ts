// branch-drift as a guardrail: advisory, so it fails open (the runtime logs and says nothing).
import { allow, defineGuardrail, guardrailOptions } from "@hookrail/core";
import { decideBranchDrift } from "./decide.ts";
import { gatherFacts, remember } from "./facts.ts";
import { branchDriftOptions } from "./options.ts";

export const branchDrift = defineGuardrail({
  name: "branch-drift",
  failure: "open",
  async decide(event, context) {
    if (event.kind !== "before-tool" && event.kind !== "after-tool") return allow();
    if (event.tool.kind !== "file-write" && event.tool.kind !== "file-edit") return allow();
    // Without a session id there is nothing to remember per session; without a cwd nothing to read.
    if (!event.sessionId || !event.cwd) return allow();
    if (!guardrailOptions(context.config, "branch-drift", branchDriftOptions).enabled) return allow();
    const facts = await gatherFacts(event.sessionId, event.cwd, context);
    const outcome = decideBranchDrift(facts);
    if (outcome.remember && facts.live) remember(event.sessionId, facts.live, context);
    return outcome.decision;
  },
});
