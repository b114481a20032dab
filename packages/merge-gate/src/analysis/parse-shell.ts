// The one place that knows the shell parser.
//
// unbash, not sh-syntax (mvdan/sh in wasm), measured by scripts/compare-parsers.mjs on the 377-line corpus
// (Node 20 on a 2-core machine whose bare `node` starts in 51 ms; medians of 21 fresh processes; load times
// from a run on an otherwise idle machine, and they vary by a few ms with load, CPU time least):
//
//                          unbash 6.0.4                      sh-syntax 0.7.0
//   load + first parse     +12 ms; bundled by esbuild        +73 ms (28 ms inside the process:
//                          7.8 ms wall, 6.5 ms CPU           the wasm is instantiated on first parse)
//   parse                  12 µs per command, synchronous    2,977 µs per command, async only
//   syntax vs bash -n      377/377 agree                     377/377 agree
//   structure exposed      377/377 lines: every simple       0/377: its JSON AST gives each statement's
//                          command, words decoded            command as positions only, no words
//   static words vs bash   1,648/1,648 decoded alike         n/a
//
// sh-syntax cannot answer the question at all (no command names or arguments in its output), is async while
// the analysis is synchronous, and its load alone is several times the hook's budget. This analysis bundled
// with unbash (133 KB minified) loads and answers a first command in about 9 ms wall / 8 ms CPU there.
import { type ParsedScript, parse } from "unbash";

/** Parses bash source; null when the parser itself fails (it normally recovers and lists `errors` instead). */
export function parseShell(source: string): ParsedScript | null {
  try {
    return parse(source);
  } catch {
    return null;
  }
}
