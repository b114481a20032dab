// The shell reader's corpus (test/corpus/*.jsonl): one case a line, each a command line and the simple
// commands the reader must find in it. Read and checked here; corpus.test.ts runs every case.
import { readFileSync } from "node:fs";
import { z } from "zod";

const Case = z.strictObject({
  /** The kind of shell form the case covers (`quoting`, `here-doc`, `invoke-expression`…). */
  family: z.string().regex(/^[a-z][a-z0-9-]*$/),
  /** The command line, as a tool would send it. */
  input: z.string().min(1),
  /** Each simple command the line runs, as its words (null: a word known only at run time), in the order read. */
  commands: z.array(z.array(z.string().nullable()).min(1)),
  /** The reader reports a part it cannot know before the line runs (default false). */
  unknown: z.boolean().optional(),
  /** Why the expectation is what it is, where that is not plain. */
  note: z.string().min(1).optional(),
  /** A known gap: what the reader gets wrong. The test checks it still does, so a fix must drop the marker. */
  gap: z.string().min(1).optional(),
});

export type CorpusCase = z.infer<typeof Case>;

export function readCorpus(file: string): CorpusCase[] {
  const text = readFileSync(new URL(`./corpus/${file}`, import.meta.url), "utf8");
  return text
    .split("\n")
    .map((line, i) => ({ line, at: `${file}:${i + 1}` }))
    .filter(({ line }) => line.trim() !== "")
    .map(({ line, at }) => {
      const parsed = Case.safeParse(JSON.parse(line));
      if (!parsed.success) throw new Error(`${at}: ${z.prettifyError(parsed.error)}`);
      return parsed.data;
    });
}
