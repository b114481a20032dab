// The labelled corpora: one per example gate (test/fixtures/corpus-<gate>.jsonl), each line judged with that gate
// alone; and one per family of lines (test/fixtures/family-<family>.jsonl), each line naming its gate and what the
// hook would read with it: the line's language, the config's wrappers, the gate's dryRuns setting. The family
// guard-suites holds lines re-expressed from other command guards' test suites, each with its source; options, lines
// for patterns that name options (`rm -rf`, `git push --force`), which a program reads anywhere and grouped.
import { readFileSync } from "node:fs";
import type { DryRunMode } from "../src/options.ts";
import { EXAMPLES, FAMILY_GATES } from "./_gates.ts";

export interface CorpusLine {
  label: "block" | "allow";
  command: string;
  /** Where a line was taken from when it re-expresses another project's test: "<owner>/<repo> <path>". */
  source?: string;
  /** Why the label is what it is, where that is not plain (a policy that differs from the source's, a shell rule). */
  note?: string;
}

export interface FamilyLine extends CorpusLine {
  gate: keyof typeof FAMILY_GATES;
  dialect?: "powershell";
  wrappers?: string[];
  dryRuns?: DryRunMode;
}

const read = <T>(file: string): T[] =>
  readFileSync(new URL(`./fixtures/${file}`, import.meta.url), "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as T);

export const corpora = Object.entries(EXAMPLES).map(([name, gate]) => ({
  gate,
  lines: read<CorpusLine>(`corpus-${name}.jsonl`),
}));

export const FAMILIES = ["powershell", "wrappers", "runners", "dry-runs", "guard-suites", "options"] as const;

export const families = FAMILIES.map((family) => ({ family, lines: read<FamilyLine>(`family-${family}.jsonl`) }));

/** The gate a family line is judged with. */
export const gateOf = (line: FamilyLine) => ({
  ...FAMILY_GATES[line.gate],
  ...(line.dryRuns ? { dryRuns: line.dryRuns } : {}),
});
