// Public shapes of the merge gate's command analysis.
import type { ProtectedPaths } from "./protected-paths.ts";

/** git config as `git config --list` shows it: keys lower-cased (subsections kept), every value in order. */
export type GitConfig = ReadonlyMap<string, readonly string[]>;

/** What the analysis may learn about the checkout a directory belongs to. */
export interface CheckoutFacts {
  /** Same id: same HEAD (one worktree's git dir). */
  id: string;
  /** Same repo: same repository config (the common git dir, shared by linked worktrees). */
  repo: string;
  /** The checked-out branch; null when HEAD is detached or cannot be told. */
  branch: string | null;
  /** Does a branch of this name exist (locally, or as a remote-tracking branch checkout would create it from)? */
  hasBranch(name: string): boolean | undefined;
  /** The config git would use there (system, global, repository, worktree); undefined when it cannot be read. */
  config(): GitConfig | undefined;
}

export interface AnalysisFacts {
  /** Branch names (exact or glob with `*`) that count as protected, e.g. ["main","master"]. */
  protectedBranches: readonly string[];
  /** The checked-out branch where the command starts, or null if unknown/detached (used without `checkout`). */
  currentBranch: string | null;
  /** The absolute directory the command starts in (default `/`). */
  cwd?: string;
  /** The user's home directory, for `cd` and `~`. */
  home?: string;
  /** The checkout a directory (absolute) is in: null when it is in none, undefined when that cannot be told. */
  checkout?: (dir: string) => CheckoutFacts | null | undefined;
  /** gh's aliases (name → expansion); undefined when they cannot be read. */
  ghAliases?: () => ReadonlyMap<string, string> | undefined;
  /** Wrappers the config lists (`"tsb run"`): each runs the command after its words. */
  wrappers?: readonly string[];
  /** Where this machine keeps hook registrations and hookrail's config and state; without it only the path patterns apply. */
  protectedPaths?: ProtectedPaths;
  /** The command's language: bash unless the tool is a PowerShell one. */
  dialect?: "bash" | "powershell";
  /**
   * Approval mode "review" (the forge's review is the owner's approval): also report what would forge or
   * remove that record with the user's login: approving a pull request, dismissing reviews, changing checks.
   */
  review?: boolean;
}

/** One reason to look twice at a command: a merge route it takes, or a part that cannot be checked. */
export type Finding =
  /** `words`: the merging command's words after wrappers (null: known only at run time). */
  | { kind: "merge"; route: string; command: string; approved: boolean; words?: readonly (string | null)[] }
  | { kind: "unprovable"; why: string; command: string }
  /** A change to what decides whether the gates run: `what` it changes, at `path` ("" for a CLI subcommand). */
  | { kind: "tamper"; what: string; path: string; command: string; approved: boolean }
  /** Approval mode "review": a change to the forge's record of reviews or checks; the marker never approves it. */
  | { kind: "review"; what: string; command: string; approved: false };

/** Empty findings = safe. */
export interface Analysis {
  findings: Finding[];
}
