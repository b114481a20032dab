// worktree-check's facts (reading only): git facts about the checkout and the session records in the state store.
// simple-git (@hookrail/core/git) is imported lazily, only for the places .git's files cannot describe.

import type { GuardrailContext, SessionSource } from "@hookrail/core";
import type { CheckoutLocation, Worktree } from "@hookrail/core/git";
import {
  readWorktreePlace,
  remoteDefaultBranchFast,
  soleWorktree,
  statusSummary,
  type WorktreePlace,
  worktreesFast,
} from "@hookrail/core/git-fast";
import {
  type RecordedSession,
  readRecord,
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

/** simple-git's readers, loaded only for what the files cannot tell. */
const slowGit = () => import("@hookrail/core/git");

/** What the session is told about its checkout, handed on as soon as it is known (for recording). */
export type SeenCheckout = (seen: SessionRecord) => void;

export async function gatherFacts(
  start: SessionStart,
  context: GuardrailContext,
  options: WorktreeCheckOptions,
  seen: SeenCheckout = () => {},
): Promise<WorktreeCheckFacts> {
  const { cwd } = start;
  // In the common case the checkout is read from .git's files (and `git worktree list` only when linked
  // worktrees are registered); only when the files cannot tell is git asked, through simple-git.
  const place = readWorktreePlace(cwd);
  // The sessions recorded in this checkout, read before this one's record is written.
  const recordsIn = (topLevel: string) =>
    guardrailState(context)
      .list(SESSION_NAMESPACE)
      .map(readRecord)
      .filter((r): r is RecordedSession => r !== undefined && worksIn(r, topLevel));
  const recorded = place ? recordsIn(place.topLevel) : undefined;
  // From the files the checkout is known before git is asked: it is handed on (recorded) first, so a status that
  // outlasts the CLI's patience still leaves it recorded.
  if (place) seen({ worktree: place.topLevel, branch: place.branch, head: place.head });
  // In a large repository `git status` is nearly all of the time. In a hook's own process it runs inline (core's
  // gitExec), the cheapest way to start a program from Node; elsewhere (a bridge worker) the rest runs beside it.
  const statusP = statusSummary(cwd, options.statusTimeoutMs);
  const around = place ? fromFiles(cwd, place) : await fromGit(cwd);
  const { location } = around;
  if (location.kind === "git-missing" || location.kind === "not-a-repository") return { place: location.kind, cwd };
  if (location.kind === "dubious-ownership") return { place: location.kind, cwd, repository: location.repository };
  if (location.kind !== "worktree") {
    const hasCommits = (await (await slowGit()).headSha(cwd)) !== null;
    return { place: "git-dir", cwd, gitDir: location.gitDir, bare: location.kind === "bare", hasCommits };
  }
  const records = recorded ?? recordsIn(location.topLevel);
  // One process each; status alone may be slow (huge repositories) and is bounded.
  const [status, worktrees, defaultBranch] = await Promise.all([statusP, around.worktrees, around.defaultBranch]);
  // The files describe a checkout even when git is not installed; without git nothing else can be checked.
  if (!status.ok && status.gitMissing) return { place: "git-missing", cwd };
  // status --branch names the branch and HEAD (none on an unborn branch); only when it failed or timed out
  // are they read alone.
  const { branch, head } = status.ok ? status : await headWithoutStatus(cwd, place);
  // Again only if status saw another branch or HEAD (a checkout moved in between), or nothing was handed on.
  if (!place || branch !== place.branch || head !== place.head) seen({ worktree: location.topLevel, branch, head });
  const liveSince = context.now - options.liveSessionMinutes * 60_000;
  return {
    place: "worktree",
    cwd,
    topLevel: location.topLevel,
    isLinkedWorktree: location.isLinkedWorktree,
    isShallow: location.isShallow,
    superproject: location.superproject,
    branch,
    head,
    orphan: head === null && (await (await slowGit()).hasAnyCommit(cwd)),
    uncommitted: status.ok ? status.counts : { unknown: status.reason },
    worktrees,
    protectedBranches: context.config.protectedBranches,
    defaultBranch,
    otherSessions: records.filter((r) => r.sessionId !== start.sessionId && r.updatedAt >= liveSince),
    resumedHere: start.source !== "startup" && records.some((r) => r.sessionId === start.sessionId),
    now: context.now,
  };
}

/** Where cwd is, and the checkout's worktrees and remote default branch, on their way. */
interface Surroundings {
  location: CheckoutLocation;
  worktrees: Promise<Worktree[]>;
  defaultBranch: Promise<string | null>;
}

function fromFiles(cwd: string, place: WorktreePlace): Surroundings {
  return {
    location: { kind: "worktree", ...place },
    // A checkout with no linked worktrees is the whole list: git is asked only when there can be others.
    worktrees: Promise.resolve(soleWorktree(place) ?? worktreesFast(cwd, place.topLevel)),
    defaultBranch: remoteDefaultBranchFast(cwd, place.commonDir),
  };
}

async function fromGit(cwd: string): Promise<Surroundings> {
  const git = await slowGit();
  const whereP = git.checkoutLocation(cwd);
  const topLevel = whereP.then((l) => (l.kind === "worktree" ? l.topLevel : ""));
  return {
    location: await whereP,
    worktrees: git.worktrees(cwd, topLevel).catch(() => []),
    defaultBranch: git.remoteDefaultBranch(cwd),
  };
}

/** Branch and HEAD when status could not say: from the files that were read, else from git. */
async function headWithoutStatus(
  cwd: string,
  place: WorktreePlace | undefined,
): Promise<{ branch: string | null; head: string | null }> {
  if (place) return place;
  const git = await slowGit();
  const state = await git.headState(cwd);
  return state ? state : { branch: await git.currentBranch(cwd), head: null };
}
