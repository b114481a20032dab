// What the merge gate runs when a bundle makes its code cache (core's Guardrail.warm): the shell analysis on sample
// lines that the prefilter cannot skip. Without it, a cache made by a first call the prefilter skipped (`ls`) lacks
// the parser, and every later line read in full compiles it again (about 3 ms a call, measured on Node 20). Not the
// PowerShell reader: it would grow every cache by about 90 KB, a cost on each call where PowerShell never runs.
// Pure: no I/O (the facts carry no checkout or gh lookups).
import { analyzeFully } from "./analyze-command.ts";

/**
 * Lines the analysis reads in full, as most lines an agent runs are: quotes, substitutions, redirections, a loop, a
 * nested shell. Not the routes a merge takes (git push, gh pr merge, the HTTP APIs): each cache would grow with code
 * that few calls run.
 */
export const WARM_LINES: readonly string[] = [
  'cd "$(git rev-parse --show-toplevel)" && npm test 2>&1 | tail -n 20; echo "exit: $?" > /tmp/status.txt',
  'for f in src/*.ts; do bash -c "wc -l $f"; done | sort -n > ~/lines.txt',
];

export function warmAnalysis(): void {
  for (const line of WARM_LINES) {
    analyzeFully(line, { protectedBranches: ["main"], currentBranch: "feature", cwd: "/", home: "/" });
  }
}
