// The labelled corpus (test/fixtures/corpus.jsonl: the shared dev lines plus this package's own).
import { readFileSync } from "node:fs";

export interface CorpusLine {
  label: "block" | "allow";
  command: string;
}

export const corpus: CorpusLine[] = readFileSync(new URL("../fixtures/corpus.jsonl", import.meta.url), "utf8")
  .split("\n")
  .filter((line) => line.trim() !== "")
  .map((line) => JSON.parse(line) as CorpusLine);

/** The facts every corpus line is judged with. */
export const corpusFacts = { protectedBranches: ["main", "master"], currentBranch: "feature/x" } as const;
