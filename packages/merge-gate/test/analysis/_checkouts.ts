// Facts for analysis tests: a few checkouts by folder, each with its branch, its other branches and its config.
import type { AnalysisFacts, CheckoutFacts } from "../../src/analysis/index.ts";

export interface FakeCheckout {
  branch: string | null;
  /** Other branches that exist (the checked-out one always does). */
  branches?: string[];
  config?: Record<string, string | string[]>;
  /** Shares its repository (config) with this checkout, as a linked worktree does. */
  repo?: string;
}

/** Facts where each key of `checkouts` is a checkout's top folder; the command starts in `cwd`. */
export function fakeFacts(
  checkouts: Record<string, FakeCheckout>,
  options: {
    cwd?: string;
    gh?: Record<string, string> | null;
    protectedBranches?: string[];
    /** Folders outside every checkout: in no repository (default), or not known. */
    elsewhere?: null | undefined;
  } = {},
): AnalysisFacts {
  return {
    protectedBranches: options.protectedBranches ?? ["main", "master"],
    currentBranch: null,
    cwd: options.cwd ?? "/repo",
    home: "/home/u",
    checkout(dir): CheckoutFacts | null | undefined {
      const top = Object.keys(checkouts)
        .filter((k) => dir === k || dir.startsWith(`${k}/`))
        .sort((a, b) => b.length - a.length)[0];
      const c = top === undefined ? undefined : checkouts[top];
      if (top === undefined || !c) return "elsewhere" in options ? options.elsewhere : null;
      const config = new Map(Object.entries(c.config ?? {}).map(([k, v]) => [k, typeof v === "string" ? [v] : v]));
      return {
        id: top,
        repo: c.repo ?? top,
        branch: c.branch,
        hasBranch: (name) => name === c.branch || (c.branches ?? []).includes(name),
        config: () => config,
      };
    },
    ghAliases: () => (options.gh === null ? undefined : new Map(Object.entries(options.gh ?? {}))),
  };
}
