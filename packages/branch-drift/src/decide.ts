// branch-drift's pure decision: what the session was told and what is true now in; a decision, and
// whether to remember the live checkout as what the session now knows, out.
import { allow, type Decision } from "@hookrail/core";
import type { RecordedSession, SessionRecord } from "@hookrail/core/session-record";
import { driftNote } from "./note.ts";

/** The checkout as git reads it now (one `git rev-parse`). */
export interface LiveCheckout extends SessionRecord {
  head: string;
}

export interface BranchDriftFacts {
  told: RecordedSession | undefined;
  /** null when git cannot read the checkout (outside git, no commits yet, git missing). */
  live: LiveCheckout | null;
  /** Whether the live HEAD descends from the told one; gathered only when `needsAncestry` says so. */
  descends?: boolean;
  /** Whether a note on this event reaches the model (false on Gemini's BeforeTool). */
  notesReachModel: boolean;
  now: number;
}

/** What moved: the worktree folder, the branch, or HEAD to a commit that does not contain the told one. */
export type Move = "worktree" | "branch" | "history";

export interface DriftOutcome {
  decision: Decision;
  remember: boolean;
}

/** A session that only edits still refreshes its record this often, so worktree-check sees it as live. */
export const REFRESH_AFTER_MS = 10 * 60 * 1000;

/** Ancestry matters only when HEAD moved on the same branch in the same worktree (the second git process). */
export function needsAncestry(told: SessionRecord | undefined, live: LiveCheckout | null): boolean {
  if (!told || !live || told.head === null || told.head === live.head) return false;
  return told.branch === live.branch && told.worktree === live.worktree;
}

export function findMoves(told: SessionRecord, live: LiveCheckout, descends: boolean | undefined): Move[] {
  const moves: Move[] = [];
  if (told.worktree !== live.worktree) moves.push("worktree");
  if (told.branch !== live.branch) moves.push("branch");
  if (moves.length === 0 && told.head !== null && told.head !== live.head && descends === false) moves.push("history");
  return moves;
}

export function decideBranchDrift(facts: BranchDriftFacts): DriftOutcome {
  const { told, live } = facts;
  // Nothing readable to compare: say nothing and keep what the session was told.
  if (!live) return { decision: allow(), remember: false };
  // Installed mid-session, or the record expired: learn the checkout silently.
  if (!told) return { decision: allow(), remember: true };
  const moves = findMoves(told, live, facts.descends);
  if (moves.length === 0) {
    // HEAD advancing on the same branch is the session's own commits: not drift, but now the told state.
    const advanced = told.head !== live.head;
    return { decision: allow(), remember: advanced || facts.now - told.updatedAt >= REFRESH_AFTER_MS };
  }
  // The model would not see the note here (Gemini's BeforeTool): keep the move for the next channel it
  // does see (the AfterTool of this edit), so it is neither lost nor given twice.
  if (!facts.notesReachModel) return { decision: allow(), remember: false };
  return { decision: driftNote(told, live, moves), remember: true };
}
