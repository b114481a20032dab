// worktree-check's facts (reading only): git facts about the checkout and the session records in the state store.
// git is imported lazily: SessionEnd only deletes a record and never needs it.

import type { GuardrailContext, SessionSource } from "@hookrail/core";
import { statusSummary } from "@hookrail/core/git-fast";
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
  const { cwd } = start;
  // Everything is started at once: in a large repository `git status` is nearly all of the time, and the
  // rest runs beside it. Only when cwd is no worktree (rare) are the others wasted. status is started first,
  // before simple-git has loaded (git-fast runs it without).
  const statusP = statusSummary(cwd, options.statusTimeoutMs);
  const git = await import("@hookrail/core/git");
  const whereP = git.checkoutLocation(cwd);
  const topLevel = whereP.then((l) => (l.kind === "worktree" ? l.topLevel : ""));
  const worktreesP = git.worktrees(cwd, topLevel).catch(() => []);
  const defaultBranchP = git.remoteDefaultBranch(cwd);
  const location = await whereP;
  if (location.kind === "git-missing" || location.kind === "not-a-repository") return { place: location.kind, cwd };
  if (location.kind === "dubious-ownership") return { place: location.kind, cwd, repository: location.repository };
  if (location.kind !== "worktree") {
    const hasCommits = (await git.headSha(cwd)) !== null;
    return { place: "git-dir", cwd, gitDir: location.gitDir, bare: location.kind === "bare", hasCommits };
  }
  // The session records are read while git works.
  const records = guardrailState(context)
    .list(SESSION_NAMESPACE)
    .map(readRecord)
    .filter((r): r is RecordedSession => r !== undefined && worksIn(r, location.topLevel));
  // One process each; status alone may be slow (huge repositories) and is bounded.
  const [status, worktrees, defaultBranch] = await Promise.all([statusP, worktreesP, defaultBranchP]);
  // status --branch names the branch and HEAD (none on an unborn branch); only when it failed or timed out
  // are they asked alone.
  const head = status.ok ? undefined : await git.headState(cwd);
  const branch = status.ok ? status.branch : head ? head.branch : await git.currentBranch(cwd);
  const headSha = status.ok ? status.head : (head?.head ?? null);
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
