// The labelled corpus (test/fixtures/corpus.jsonl: the shared dev lines plus this package's own).
import { readFileSync } from "node:fs";
import { fakeFacts } from "./_checkouts.ts";

export interface CorpusLine {
  label: "block" | "allow";
  command: string;
  /** Where a line was taken from when it re-expresses another project's test: "<owner>/<repo> <path>". */
  source?: string;
  /** Why the label is what it is, where that is not plain (a policy that differs from the source's, a shell rule). */
  note?: string;
}

export const corpus: CorpusLine[] = readFileSync(new URL("../fixtures/corpus.jsonl", import.meta.url), "utf8")
  .split("\n")
  .filter((line) => line.trim() !== "")
  .map((line) => JSON.parse(line) as CorpusLine);

/**
 * The facts every corpus line is judged with: it starts in /repo, on feature/x, where main, master and develop
 * exist too; any other folder is not known.
 */
export const corpusFacts = fakeFacts(
  { "/repo": { branch: "feature/x", branches: ["main", "master", "develop"] } },
  { cwd: "/repo", elsewhere: undefined },
);
