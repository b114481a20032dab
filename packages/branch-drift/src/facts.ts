// branch-drift's one I/O file: the session's record from the state store and the live checkout from git
// (one `git rev-parse`; `merge-base --is-ancestor` only when HEAD moved on the same branch).
import { describeError, type GuardrailContext } from "@hookrail/core";
import { headState, isAncestor } from "@hookrail/core/git";
import { readRecord, recordValue, SESSION_NAMESPACE } from "@hookrail/core/session-record";
import { guardrailState } from "@hookrail/core/state";
import { type BranchDriftFacts, type LiveCheckout, needsAncestry } from "./decide.ts";

export async function gatherFacts(
  sessionId: string,
  cwd: string,
  context: GuardrailContext,
): Promise<BranchDriftFacts> {
  const told = readRecord(guardrailState(context).get(SESSION_NAMESPACE, sessionId));
  const state = await headState(cwd);
  const live: LiveCheckout | null = state && { worktree: state.topLevel, branch: state.branch, head: state.head };
  const facts: BranchDriftFacts = { told, live, notesReachModel: context.notesReachModel, now: context.now };
  if (told?.head && live && needsAncestry(told, live)) facts.descends = await isAncestor(cwd, told.head, live.head);
  return facts;
}

/** Stores the live checkout as what the session now knows. */
export function remember(sessionId: string, live: LiveCheckout, context: GuardrailContext): void {
  try {
    guardrailState(context).set(SESSION_NAMESPACE, sessionId, recordValue(live));
  } catch (error) {
    // A note must not be lost because the state folder is unwritable; it is then given again next edit.
    context.log("branch-drift: could not store the session record", { error: describeError(error) });
  }
}
