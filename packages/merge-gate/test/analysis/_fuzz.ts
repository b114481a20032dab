// Seeded random edits of command lines, shared by the fuzz and prefilter tests.
import { corpus } from "./_corpus.ts";

/** The seeded generator every fuzz test draws from. */
export { prng } from "@hookrail/test-utils";

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
export const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
export const pick = <T>(rand: (n: number) => number, xs: readonly T[]): T => xs[rand(xs.length)] as T;
export const garbage = (rand: (n: number) => number) =>
  Array.from({ length: 1 + rand(8) }, () => pick(rand, PIECES)).join("");

export function mutate(rand: (n: number) => number, s: string): string {
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
