// The labelled corpora: one per example gate (test/fixtures/corpus-<gate>.jsonl), each line judged with that gate
// alone; and one per family of lines (test/fixtures/family-<family>.jsonl), each line naming its gate and what the
// hook would read with it: the line's language, the config's wrappers, the gate's dryRuns setting.
import { readFileSync } from "node:fs";
import type { DryRunMode } from "../src/options.ts";
import { EXAMPLES, FAMILY_GATES } from "./_gates.ts";

export interface CorpusLine {
  label: "block" | "allow";
  command: string;
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

export const FAMILIES = ["powershell", "wrappers", "runners", "dry-runs"] as const;

export const families = FAMILIES.map((family) => ({ family, lines: read<FamilyLine>(`family-${family}.jsonl`) }));

/** The gate a family line is judged with. */
export const gateOf = (line: FamilyLine) => ({
  ...FAMILY_GATES[line.gate],
  ...(line.dryRuns ? { dryRuns: line.dryRuns } : {}),
});
