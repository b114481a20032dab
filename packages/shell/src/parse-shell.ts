// The one place that knows the shell parser.
//
// unbash, not sh-syntax (mvdan/sh in wasm), measured by packages/merge-gate/scripts/compare-parsers.mjs
// (docs/development.md#the-shell-parser) on the corpus as it then was, 377 lines (Node 20 on a 2-core machine
// whose bare `node` starts in 51 ms; medians of 21 fresh processes; load times from a run on an otherwise idle
// machine, and they vary by a few ms with load, CPU time least):
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
//
// The parser is loaded on first use, not at start-up: most commands pass the prefilter (prefilter.ts) and never
// need it. In the shipped bundle esbuild inlines unbash behind the `require` below and runs its module code only
// then (saving its start-up on every other command); from source, Node's require of the ES module loads it.
// node:module is asked for only then too: loading it costs every run of a CommonJS bundle ~0.6 ms.
import type * as Unbash from "unbash";
import type { ParsedScript, SyntaxNode } from "unbash";

let unbash: typeof Unbash | undefined;

type ModuleBuiltin = typeof import("node:module");

function parser(): typeof Unbash {
  unbash ??= (
    typeof require === "function"
      ? require("unbash")
      : (process as unknown as { getBuiltinModule(id: string): ModuleBuiltin })
          .getBuiltinModule("node:module")
          .createRequire(import.meta.url)("unbash")
  ) as typeof Unbash;
  return unbash;
}

/** Parses bash source; null when the parser itself fails (it normally recovers and lists `errors` instead). */
export function parseShell(source: string): ParsedScript | null {
  const { parse } = parser();
  try {
    return parse(source);
  } catch {
    return null;
  }
}

/** unbash's child visitor; every analysis file takes it from here, so that nothing loads the parser early. */
export function forEachChild(node: SyntaxNode, visit: (child: SyntaxNode) => void): void {
  parser().forEachChild(node, visit);
}
