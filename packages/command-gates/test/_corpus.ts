// The labelled corpora, one per example gate (test/fixtures/corpus-<gate>.jsonl).
import { readFileSync } from "node:fs";
import { EXAMPLES } from "./_gates.ts";

export interface CorpusLine {
  label: "block" | "allow";
  command: string;
}

export const corpora = Object.entries(EXAMPLES).map(([name, gate]) => ({
  gate,
  lines: readFileSync(new URL(`./fixtures/corpus-${name}.jsonl`, import.meta.url), "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as CorpusLine),
}));
