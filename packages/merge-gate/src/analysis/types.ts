// Public shapes of the merge gate's command analysis.
import type { ProtectedPaths } from "./protected-paths.ts";

export interface AnalysisFacts {
  /** Branch names (exact or glob with `*`) that count as protected, e.g. ["main","master"]. */
  protectedBranches: readonly string[];
  /** The checked-out branch, or null if unknown/detached. Needed only for bare `git push`, `git push origin HEAD` etc. */
  currentBranch: string | null;
  /** Where this machine keeps hook registrations and hookrail's config and state; without it only the path patterns apply. */
  protectedPaths?: ProtectedPaths;
}

/** One reason to look twice at a command: a merge route it takes, or a part that cannot be checked. */
export type Finding =
  | { kind: "merge"; route: string; command: string; approved: boolean }
  | { kind: "unprovable"; why: string; command: string }
  /** A change to what decides whether the gates run: `what` it changes, at `path` ("" for a CLI subcommand). */
  | { kind: "tamper"; what: string; path: string; command: string; approved: boolean };

/** Empty findings = safe. */
export interface Analysis {
  findings: Finding[];
  /** A finding depends on which branch is checked out (a bare `git push`): analyse again with it known. */
  needsCurrentBranch?: boolean;
}
