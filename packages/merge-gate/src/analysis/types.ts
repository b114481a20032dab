// Public shapes of the merge gate's command analysis.

export interface AnalysisFacts {
  /** Branch names (exact or glob with `*`) that count as protected, e.g. ["main","master"]. */
  protectedBranches: readonly string[];
  /** The checked-out branch, or null if unknown/detached. Needed only for bare `git push`, `git push origin HEAD` etc. */
  currentBranch: string | null;
}

/** One reason to look twice at a command: a merge route it takes, or a part that cannot be checked. */
export type Finding =
  | { kind: "merge"; route: string; command: string; approved: boolean }
  | { kind: "unprovable"; why: string; command: string };

/** Empty findings = safe. */
export interface Analysis {
  findings: Finding[];
  /** A finding depends on which branch is checked out (a bare `git push`): analyse again with it known. */
  needsCurrentBranch?: boolean;
}
