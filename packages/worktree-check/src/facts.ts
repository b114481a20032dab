// worktree-check's one I/O file: git facts about the checkout and the session records in the state store.
// git is imported lazily: SessionEnd only deletes a record and never needs it.

import { describeError, type GuardrailContext, type SessionSource } from "@hookrail/core";
import {
  knownCheckouts,
  type RecordedSession,
  readRecord,
  recordValue,
  SESSION_NAMESPACE,
  type SessionRecord,
  worksIn,
} from "@hookrail/core/session-record";
import { guardrailState } from "@hookrail/core/state";
import type { WorktreeCheckFacts } from "./checkout.ts";
import type { WorktreeCheckOptions } from "./options.ts";

export interface SessionStart {
  sessionId: string;
  cwd: string;
  source: SessionSource;
}

export async function gatherFacts(
  start: SessionStart,
  context: GuardrailContext,
  options: WorktreeCheckOptions,
): Promise<WorktreeCheckFacts> {
  const git = await import("@hookrail/core/git");
  const { cwd } = start;
  const location = await git.checkoutLocation(cwd);
  if (location.kind === "git-missing" || location.kind === "not-a-repository") return { place: location.kind, cwd };
  if (location.kind === "dubious-ownership") return { place: location.kind, cwd, repository: location.repository };
  if (location.kind !== "worktree") {
    const hasCommits = (await git.headSha(cwd)) !== null;
    return { place: "git-dir", cwd, gitDir: location.gitDir, bare: location.kind === "bare", hasCommits };
  }
  // One process each, in parallel; status alone may be slow (huge repositories) and is bounded.
  const [head, status, worktrees, defaultBranch] = await Promise.all([
    git.headState(cwd),
    git.statusSummary(cwd, options.statusTimeoutMs),
    git.worktrees(cwd).catch(() => []),
    git.remoteDefaultBranch(cwd),
  ]);
  // No commits yet: rev-parse HEAD fails, but the unborn branch still has a name.
  const branch = head ? head.branch : status.ok ? status.branch : await git.currentBranch(cwd);
  const headSha = head?.head ?? (status.ok ? status.head : null);
  const records = guardrailState(context)
    .list(SESSION_NAMESPACE)
    .map(readRecord)
    .filter((r): r is RecordedSession => r !== undefined && worksIn(r, location.topLevel));
  const liveSince = context.now - options.liveSessionMinutes * 60_000;
  return {
    place: "worktree",
    cwd,
    topLevel: location.topLevel,
    isLinkedWorktree: location.isLinkedWorktree,
    isShallow: location.isShallow,
    superproject: location.superproject,
    branch,
    head: headSha,
    orphan: headSha === null && (await git.hasAnyCommit(cwd)),
    uncommitted: status.ok ? status.counts : { unknown: status.reason },
    worktrees,
    protectedBranches: context.config.protectedBranches,
    defaultBranch,
    otherSessions: records.filter((r) => r.sessionId !== start.sessionId && r.updatedAt >= liveSince),
    resumedHere: start.source !== "startup" && records.some((r) => r.sessionId === start.sessionId),
    now: context.now,
  };
}

/**
 * What this session was just told, for branch-drift to compare against and other sessions to see. A resumed
 * session keeps the other checkouts it knows (worktrees it made); what it knew of this one is replaced.
 */
export function rememberSession(sessionId: string, record: SessionRecord, context: GuardrailContext): void {
  try {
    const state = guardrailState(context);
    const known = readRecord(state.get(SESSION_NAMESPACE, sessionId));
    const others = known ? knownCheckouts(known).filter((c) => c.worktree !== record.worktree) : [];
    state.set(SESSION_NAMESPACE, sessionId, recordValue({ ...record, others }));
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
