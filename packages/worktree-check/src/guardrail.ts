// worktree-check as a guardrail: advisory, so it fails open (the runtime logs and says nothing).
import { allow, defineGuardrail, sectionOptions } from "@hookrail/core";
import type { SessionRecord } from "@hookrail/core/session-record";
import { decideWorktreeCheck } from "./decide.ts";
import { gatherFacts } from "./facts.ts";
import { worktreeCheckOptions } from "./options.ts";
import { forgetSession, rememberSession } from "./record.ts";

export const worktreeCheck = defineGuardrail({
  name: "worktree-check",
  failure: "open",
  async decide(event, context) {
    if (event.kind === "session-end") {
      if (event.sessionId) forgetSession(event.sessionId, context);
      return allow();
    }
    if (event.kind !== "session-start" || !event.cwd) return allow();
    const options = sectionOptions(context.config, worktreeCheckOptions);
    if (!options.enabled) return allow();
    const { sessionId, cwd, source } = event;
    // What the session is told is recorded as soon as the checkout is known (while git status still runs).
    const record = (seen: SessionRecord) => {
      if (sessionId) rememberSession(sessionId, seen, context);
    };
    const facts = await gatherFacts({ sessionId, cwd, source }, context, options, record);
    return decideWorktreeCheck(facts, options);
  },
  // Protected branches are the top-level ones (the remote's default branch is added per repository).
  settings: (config) => ({
    ...sectionOptions(config, worktreeCheckOptions),
    protectedBranches: config.protectedBranches,
  }),
});
