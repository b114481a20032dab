// The facts worktree-check reasons about, and small pure readings of them shared by the rules and the note.

import { matchesBranch } from "@hookrail/core";
import type { DirtyCounts, Worktree } from "@hookrail/core/git";
import type { RecordedSession } from "@hookrail/core/session-record";

export type WorktreeCheckFacts =
  | { place: "git-missing"; cwd: string }
  | { place: "not-a-repository"; cwd: string }
  /** git refuses the repository: owned by another user, and safe.directory does not allow it. */
  | { place: "dubious-ownership"; cwd: string; repository: string }
  /** A bare repository, or inside a repository's .git folder: no work tree to edit. */
  | { place: "git-dir"; cwd: string; gitDir: string; bare: boolean; hasCommits: boolean }
  | CheckoutFacts;

export interface CheckoutFacts {
  place: "worktree";
  cwd: string;
  topLevel: string;
  isLinkedWorktree: boolean;
  isShallow: boolean;
  superproject: string | null;
  /** null when HEAD is detached. */
  branch: string | null;
  /** null when the branch has no commits (a new repository, or an orphan branch). */
  head: string | null;
  /** The branch has no commits but the repository has (an orphan branch). */
  orphan: boolean;
  uncommitted: DirtyCounts | { unknown: "timeout" | "failed" };
  /** Every worktree of the repository, main (or bare) first; empty when git could not list them. */
  worktrees: Worktree[];
  protectedBranches: string[];
  /** The remote's default branch (origin/HEAD), when the clone knows it. */
  defaultBranch: string | null;
  /** Other sessions recorded in this checkout within the live window. */
  otherSessions: RecordedSession[];
  /** This session was already told about this checkout (resume, compact): the changes may be its own. */
  resumedHere: boolean;
  now: number;
}

export interface Verdict {
  work: "here" | "worktree";
  reasons: string[];
}

/** A protected branch (config `protectedBranches`, globs allowed) or the remote's default branch. */
export const isProtectedCheckout = (f: CheckoutFacts, branch: string) =>
  branch === f.defaultBranch || matchesBranch(branch, f.protectedBranches);

export const uncommittedTotal = (f: CheckoutFacts) =>
  "unknown" in f.uncommitted ? 0 : f.uncommitted.staged + f.uncommitted.unstaged + f.uncommitted.untracked;

/** "1 staged, 2 unstaged, 3 untracked" (a file both staged and changed again counts in both). */
export const countsText = (u: CheckoutFacts["uncommitted"]) =>
  "unknown" in u ? "unknown" : `${u.staged} staged, ${u.unstaged} unstaged, ${u.untracked} untracked`;
