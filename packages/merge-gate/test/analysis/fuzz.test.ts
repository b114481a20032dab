// Seeded, deterministic fuzzing over the corpus: mutated commands never make the analysis throw, and
// structural edits that keep a blocked command intact keep it blocked.
import { ANALYSIS_FAILED } from "@hookrail/shell/engine";
import { describe, expect, it } from "vitest";
import { analyzeCommand, type Finding, isBlocked } from "../../src/analysis/index.ts";
import { corpus, corpusFacts } from "./_corpus.ts";
import { garbage, mutate, pick, prng, quote } from "./_fuzz.ts";

function wellFormed(f: Finding): boolean {
  // The analysis turns its own exceptions into this unprovable finding: none may happen.
  if (typeof f.command !== "string" || (f.kind === "unprovable" && f.why === ANALYSIS_FAILED)) {
    return false;
  }
  if (f.kind === "tamper") return typeof f.what === "string" && typeof f.approved === "boolean";
  if (f.kind === "review") return typeof f.what === "string" && f.approved === false;
  return f.kind === "merge"
    ? typeof f.route === "string" && typeof f.approved === "boolean"
    : typeof f.why === "string";
}

describe("fuzz", () => {
  // A generous timeout: 3,000 lines take ~20 s on an idle machine and over a minute on a loaded one.
  it("never fails on thousands of mutated corpus lines", () => {
    const rand = prng(20240601);
    for (let i = 0; i < 3000; i++) {
      let command = pick(rand, corpus).command;
      for (let k = 1 + rand(3); k > 0; k--) command = mutate(rand, command);
      const analysis = analyzeCommand(command, corpusFacts);
      expect(analysis.findings.every(wellFormed), command.slice(0, 200)).toBe(true);
    }
  }, 180_000);

  // Each edit keeps every simple command of the line as it was, so what blocked it still blocks it.
  const keepsIntact: [string, (line: string, rand: (n: number) => number) => string][] = [
    ["prefix `true && `", (l) => `true && ${l}`],
    ["prefix `true; `", (l) => `true; ${l}`],
    ["suffix `; echo x` on a new line", (l) => `${l}\necho x`],
    ["subshell", (l) => `(\n${l}\n)`],
    ["group", (l) => `{\n${l}\n}`],
    ["if body", (l) => `if true; then\n${l}\nfi`],
    ["bash -c", (l) => `bash -c ${quote(l)}`],
    ["eval", (l) => `eval ${quote(l)}`],
    ["garbage on the next line", (l, rand) => `${l}\n${garbage(rand)}`],
  ];
  // A line blocked because it does not parse has no command to keep: an edit may repair it (garbage that closes its
  // open quote), and then it is read as the command it is.
  const parses = (command: string) =>
    !analyzeCommand(command, corpusFacts).findings.some((f) => f.kind === "unprovable" && /does not parse/.test(f.why));
  const blocked = corpus.filter((l) => l.label === "block" && parses(l.command));

  it.each(keepsIntact)("keeps every blocked line blocked: %s", (_, edit) => {
    const rand = prng(7);
    for (const { command } of blocked) {
      for (let k = 0; k < 3; k++) {
        const edited = edit(command, rand);
        expect(isBlocked(analyzeCommand(edited, corpusFacts)), edited).toBe(true);
      }
    }
  });
});
