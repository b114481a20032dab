// worktree-check's recording: what each session was told about its checkout, kept in the state store for
// branch-drift to compare against and for other sessions to see; removed when the session ends.
import { describeError, type GuardrailContext } from "@hookrail/core";
import {
  knownCheckouts,
  readRecord,
  recordValue,
  SESSION_NAMESPACE,
  type SessionRecord,
} from "@hookrail/core/session-record";
import { guardrailState } from "@hookrail/core/state";

/**
 * What this session was just told, for branch-drift to compare against and other sessions to see. A resumed
 * session keeps the other checkouts it knows (worktrees it made); what it knew of this one is replaced.
 */
export function rememberSession(sessionId: string, record: SessionRecord, context: GuardrailContext): void {
  try {
    // Read and written under the record's lock: branch-drift may write it at the same moment.
    guardrailState(context).update(SESSION_NAMESPACE, sessionId, (current) => {
      const known = readRecord(current);
      const others = known ? knownCheckouts(known).filter((c) => c.worktree !== record.worktree) : [];
      return recordValue({ ...record, others });
    });
  } catch (error) {
    // The note matters more than the record: log and carry on.
    context.log("worktree-check: could not store the session record", { error: describeError(error) });
  }
}

/** At session end the session is no longer live in its checkout. */
export function forgetSession(sessionId: string, context: GuardrailContext): void {
  try {
    guardrailState(context).delete(SESSION_NAMESPACE, sessionId);
  } catch (error) {
    context.log("worktree-check: could not remove the session record", { error: describeError(error) });
  }
}
