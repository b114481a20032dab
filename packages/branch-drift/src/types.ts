// The shapes branch-drift's decision, its note texts and its I/O pass to each other.
import type { Decision } from "@hookrail/core";
import type { RecordedSession, SessionRecord, SessionRecordValue } from "@hookrail/core/session-record";

/** A checkout as it is now, read from git (its HEAD exists). */
export interface LiveCheckout extends SessionRecord {
  head: string;
}

/**
 * When the hook runs: around a file edit (the checkouts of the edited files are judged), or around a
 * shell command of the session (its cwd's checkout and every checkout it knows are judged).
 */
export type Phase = "before-edit" | "after-edit" | "before-shell" | "after-shell";

export interface BranchDriftFacts {
  phase: Phase;
  told: RecordedSession | undefined;
  /** The readable checkouts this event concerns, distinct folders; empty outside git or when git cannot tell. */
  live: LiveCheckout[];
  /** Answers to `ancestryQuestions`: `${ancestor}..${descendant}` → whether it descends. */
  descends: Record<string, boolean>;
  /** The shell call this event belongs to: its id (the CLI's tool call id, else the command) and command. */
  shell?: { id: string; command: string };
  /** How to suggest a worktree for a branch that moved away, per worktree folder (gathered only for notes). */
  advice?: Record<string, WorktreeAdvice>;
  /** Whether a note on this event reaches the model (false on Gemini's BeforeTool). */
  notesReachModel: boolean;
  now: number;
}

/** What moved: the branch, or HEAD to a commit that does not contain the told one. */
export type Move = "branch" | "history";

export interface DriftOutcome {
  decision: Decision;
  /** The record to store, when it changed (or is due for a refresh). */
  record?: SessionRecordValue;
}

/** A move found on one checkout: what the session knew, what it is now, and what moved. */
export interface Found {
  told: SessionRecord;
  live: SessionRecord;
  moves: Move[];
}

/** What a `git worktree add` for the told branch would meet (read from git only when a note is given). */
export interface WorktreeAdvice {
  /** A free folder next to the checkout for the new worktree. */
  path: string;
  /** The worktree the told branch is checked out in now, if any (then it cannot be checked out again). */
  checkedOutIn: string | null;
  /** Whether the told branch (or the told commit, for a detached HEAD) still exists. */
  exists: boolean;
}
