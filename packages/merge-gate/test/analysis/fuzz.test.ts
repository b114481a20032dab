// Seeded, deterministic fuzzing over the corpus: mutated commands never make the analysis throw, and
// structural edits that keep a blocked command intact keep it blocked.
import { describe, expect, it } from "vitest";
import { analyzeCommand, type Finding, isBlocked } from "../../src/analysis/index.ts";
import { corpus, corpusFacts } from "./_corpus.ts";

/** mulberry32: small seeded PRNG, so every run sees the same inputs. */
function prng(seed: number): (n: number) => number {
  let a = seed >>> 0;
  return (n) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
  };
}

const PIECES = [
  "'",
  '"',
  "\\",
  "$",
  "`",
  "(",
  ")",
  "{",
  "}",
  ";",
  "|",
  "&",
  "\n",
  " ",
  "$(",
  "<<",
  "<<<",
  "#",
  "*",
  "?",
  "[",
  "$'",
  "\\\n",
  "é",
  "🚀",
  "\u202e",
  "\u00a0",
  "\0",
  "\t",
  "<(",
  ">&",
  "=",
  "-",
];
const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
const pick = <T>(rand: (n: number) => number, xs: readonly T[]): T => xs[rand(xs.length)] as T;
const garbage = (rand: (n: number) => number) => Array.from({ length: 1 + rand(8) }, () => pick(rand, PIECES)).join("");

function mutate(rand: (n: number) => number, s: string): string {
  const at = rand(s.length + 1);
  switch (rand(7)) {
    case 0:
      return s.slice(0, at) + garbage(rand) + s.slice(at);
    case 1:
      return s.slice(0, at) + String.fromCharCode(rand(256)) + s.slice(at);
    case 2:
      return s.slice(0, at);
    case 3:
      return s.slice(0, at) + s.slice(at + rand(10));
    case 4:
      return pick(rand, [`bash -c ${quote(s)}`, `$(${s})`, `( ${s} )`, `eval ${quote(s)}`, `echo ${quote(s)} | sh`]);
    case 5: {
      // Long repeats; one in a hundred goes a bit over the 256 KiB input cap.
      const size = rand(100) === 0 ? 300_000 : 10_000;
      const times = 1 + rand(Math.max(1, Math.min(3000, Math.floor(size / (s.length + 4)))));
      return Array.from({ length: times }, () => s).join(pick(rand, ["; ", " | ", " && ", "\n", " "]));
    }
    default:
      return s.slice(0, at) + pick(rand, corpus).command.slice(rand(20));
  }
}

function wellFormed(f: Finding): boolean {
  // The analysis turns its own exceptions into this unprovable finding: none may happen.
  if (typeof f.command !== "string" || (f.kind === "unprovable" && f.why === "the merge gate failed to analyse it")) {
    return false;
  }
  if (f.kind === "tamper") return typeof f.what === "string" && typeof f.approved === "boolean";
  return f.kind === "merge"
    ? typeof f.route === "string" && typeof f.approved === "boolean"
    : typeof f.why === "string";
}

describe("fuzz", () => {
  it("never fails on thousands of mutated corpus lines", () => {
    const rand = prng(20240601);
    for (let i = 0; i < 3000; i++) {
      let command = pick(rand, corpus).command;
      for (let k = 1 + rand(3); k > 0; k--) command = mutate(rand, command);
      const analysis = analyzeCommand(command, corpusFacts);
      expect(analysis.findings.every(wellFormed), command.slice(0, 200)).toBe(true);
    }
  }, 60_000);

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
  const blocked = corpus.filter((l) => l.label === "block");

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
