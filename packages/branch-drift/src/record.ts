// branch-drift's recording: what the session has now been told about its checkouts, kept in the state store
// for the next event (and for worktree-check's view of other sessions).
import { describeError, type GuardrailContext } from "@hookrail/core";
import { recordValue, SESSION_NAMESPACE, type SessionRecordValue } from "@hookrail/core/session-record";
import { guardrailState } from "@hookrail/core/state";

/** Stores what the session now knows. */
export function remember(sessionId: string, record: SessionRecordValue, context: GuardrailContext): void {
  try {
    guardrailState(context).set(SESSION_NAMESPACE, sessionId, recordValue(record));
  } catch (error) {
    // A note must not be lost because the state folder is unwritable; it is then given again next edit.
    context.log("branch-drift: could not store the session record", { error: describeError(error) });
  }
}
