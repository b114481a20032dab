// Every corpus case through the public API: the simple commands the reader finds (their words, each distinct
// list once, in the order read) and whether it reports a part it cannot know. `mentions: /./` makes every such
// part count, so a case says exactly what the reader cannot tell.
import { describe, expect, it } from "vitest";
import { commandsOf } from "../src/index.ts";
import { type CorpusCase, readCorpus } from "./_corpus.ts";

type Dialect = "bash" | "powershell";

function read(input: string, dialect: Dialect): Pick<CorpusCase, "commands" | "unknown"> {
  const { commands, unknown } = commandsOf(input, {
    approvalVariable: "CORPUS_APPROVED",
    mentions: /./,
    cwd: "/project",
    home: "/home/u",
    dialect,
  });
  const seen = new Set<string>();
  const argvs = commands
    .map((c) => [...c.argv])
    .filter((argv) => !seen.has(JSON.stringify(argv)) && seen.add(JSON.stringify(argv)));
  return { commands: argvs, unknown: unknown.length > 0 };
}

const corpora: [file: string, dialect: Dialect, least: number][] = [
  ["posix.jsonl", "bash", 150],
  ["powershell.jsonl", "powershell", 50],
];

for (const [file, dialect, least] of corpora) {
  const cases = readCorpus(file);

  describe(`shell corpus ${file}`, () => {
    it(`holds at least ${least} cases, each input once`, () => {
      expect(cases.length).toBeGreaterThanOrEqual(least);
      const inputs = cases.map((c) => c.input);
      expect(inputs.filter((input, i) => inputs.indexOf(input) !== i)).toEqual([]);
    });

    const expected = (c: CorpusCase) => ({ commands: c.commands, unknown: c.unknown ?? false });

    it.each(cases.filter((c) => !c.gap))("$family: $input", (c) => {
      expect(read(c.input, dialect), c.note).toEqual(expected(c));
    });

    it.each(cases.filter((c) => c.gap))("known gap, $family: $input", (c) => {
      // When this fails the gap is closed: drop the case's `gap` marker.
      expect(read(c.input, dialect), `${c.gap} (fixed? drop the gap marker)`).not.toEqual(expected(c));
    });
  });
}
