// worktree-check's facts (reading only): git facts about the checkout and the session records in the state store.
// git is imported lazily: SessionEnd only deletes a record and never needs it.

import type { GuardrailContext, SessionSource } from "@hookrail/core";
import { type RecordedSession, readRecord, SESSION_NAMESPACE, worksIn } from "@hookrail/core/session-record";
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
