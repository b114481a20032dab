// A hook's bundle in two parts: the modules every call runs, and the modules only some calls load (what a guardrail
// imports with `import()`: the merge gate's shell parser and analysers, its MCP reading). The loader reads, compiles
// and caches the first part on every call and the second only when a call needs it, so the most common call (a
// command the prefilter clears) no longer reads and deserialises code it never runs: for the merge gate about 300 KB
// of its 458 KB.
//
// esbuild splits ES modules at their `import()`s into chunks (code two chunks share goes to a chunk of its own, so
// every module is in one chunk, set up once). The chunks the entry imports (directly or through others) make the first
// part, the rest the second, and each part is bundled again as one CommonJS script whose exports are the chunks asked
// for from outside it (the entry, and those a chunk of another part imports), each set up when first asked for
// (`{ "c-….js": () => exports }`): within a part the chunks' imports are plain references, and an import of a chunk in
// the other part is a `require("./c-….js")` that the loader answers. A chunk no other part asks for needs no exports
// object of its own (esbuild would define a getter for each of its exports, on every call): 0.2–0.7 M instructions of
// the merge gate's plain call.
import { dirname } from "node:path";
import { build, type Plugin } from "esbuild";
import { HOOK_OUTPUT, type HookEntry } from "./hook-entry.ts";

/**
 * A part of a split bundle: a CommonJS script whose `module.exports` maps each of its chunks' names (`modules`) to a
 * function that sets the chunk up (once) and returns its exports; the first part holds the entry as `ENTRY_MODULE`.
 */
export interface BundlePart {
  code: string;
  modules: readonly string[];
}

/** The entry's module name in the first part. */
export const ENTRY_MODULE = "entry.js";

/** A module loaded later whose own chunks (beyond the first part's) are no larger than this goes in the first part. */
const SMALL_LATER = 32 * 1024;

/**
 * The entry split at its `import()`s: the first part (the entry and what it imports), then the rest when there is any.
 * `members`: the entry is a group's (guardrails.ts's groupEntry), whose `import()`s are its guardrails. They go in the
 * first part, each a chunk set up only when its guardrail runs.
 */
export async function splitBundle(entry: HookEntry, plugins: Plugin[], members = false): Promise<BundlePart[]> {
  const result = await build({
    ...HOOK_OUTPUT,
    // Here `import()` stays: esbuild splits the chunks at it.
    supported: {},
    conditions: ["@hookrail/source"],
    // Chunks are named by a hash of their content and of module paths relative to this folder: the same entry gives the
    // same bundle whichever folder the build runs in (a group's bundle is built once per guardrail it holds).
    absWorkingDir: typeof entry === "string" ? dirname(entry) : entry.resolveDir,
    ...(typeof entry === "string"
      ? { entryPoints: [entry] }
      : { stdin: { contents: entry.contents, resolveDir: entry.resolveDir, loader: "ts" as const } }),
    format: "esm",
    splitting: true,
    outdir: "/hookrail-split",
    entryNames: "entry",
    chunkNames: "c-[hash]",
    metafile: true,
    plugins,
  });
  const name = (path: string) => path.slice(path.lastIndexOf("/") + 1);
  const imports = new Map<string, string[]>();
  const loadsLater = new Set<string>();
  // The chunks each chunk loads with `import()` (the entry's, in a group: its members).
  const dynamics = new Map<string, string[]>();
  for (const [path, output] of Object.entries(result.metafile.outputs)) {
    const statics = output.imports.filter((i) => i.kind === "import-statement" && !i.external);
    imports.set(
      name(path),
      statics.map((i) => name(i.path)),
    );
    for (const i of output.imports) {
      if (i.kind !== "dynamic-import" || i.external) continue;
      loadsLater.add(name(i.path));
      dynamics.set(name(path), [...(dynamics.get(name(path)) ?? []), name(i.path)]);
    }
  }
  const chunks = new Map<string, string>();
  for (const file of result.outputFiles) if (file.path.endsWith(".js")) chunks.set(name(file.path), file.text);
  if (!chunks.has(ENTRY_MODULE)) throw new Error("esbuild produced no entry chunk");
  // The chunks a chunk imports, directly or through another, that `into` does not hold yet.
  const closure = (chunk: string, into: ReadonlySet<string>, seen = new Set<string>()) => {
    if (seen.has(chunk) || into.has(chunk)) return seen;
    seen.add(chunk);
    for (const next of imports.get(chunk) ?? []) closure(next, into, seen);
    return seen;
  };
  const size = (names: Iterable<string>) => [...names].reduce((sum, n) => sum + (chunks.get(n)?.length ?? 0), 0);
  // The first part: the entry and every chunk it imports, and what a module loaded later needs beyond them when that is
  // small (Codex's and Copilot's session tables, asked on every shell call there): reading it with the first part costs
  // less than reading the second part for it.
  const first = closure(ENTRY_MODULE, new Set());
  if (members) for (const root of [...(dynamics.get(ENTRY_MODULE) ?? [])].sort()) closure(root, new Set(), first);
  for (const later of [...loadsLater].sort()) {
    const needs = closure(later, first);
    if (size(needs) <= SMALL_LATER) for (const chunk of needs) first.add(chunk);
  }
  const rest = [...chunks.keys()].filter((chunk) => !first.has(chunk));
  const layout = [[...first], rest].filter((names) => names.length > 0);
  // A part exports the chunks the loader or another part's chunks ask for; the rest are plain code within it.
  const partIndex = new Map(layout.flatMap((names, index) => names.map((chunk) => [chunk, index] as const)));
  const asked = new Set([ENTRY_MODULE]);
  for (const [chunk, index] of partIndex) {
    for (const other of [...(imports.get(chunk) ?? []), ...(dynamics.get(chunk) ?? [])])
      if (partIndex.get(other) !== index) asked.add(other);
  }
  const exported = (names: string[]) => names.filter((chunk) => asked.has(chunk));
  return Promise.all(layout.map((names) => partOf(names, exported(names), chunks)));
}

/** The chunks named, bundled as one CommonJS script that exports those `asked` for by name (BundlePart). */
async function partOf(names: string[], asked: string[], chunks: Map<string, string>): Promise<BundlePart> {
  const own = new Set(names);
  const result = await build({
    ...HOOK_OUTPUT,
    stdin: {
      contents: `module.exports = {\n${asked.map((n) => `  ${JSON.stringify(n)}: () => require(${JSON.stringify(`./${n}`)}),`).join("\n")}\n};\n`,
      resolveDir: "/",
      loader: "js",
      sourcefile: "part.js",
    },
    format: "cjs",
    // Lowered (HOOK_OUTPUT), an `import("./c-….js")` becomes the chunk's set-up, or a require() the loader answers.
    plugins: [
      {
        name: "hookrail-chunks",
        setup(b) {
          b.onResolve({ filter: /^\.\/(entry|c-[\w-]+)\.js$/ }, (args) => {
            const chunk = args.path.slice(2);
            if (!chunks.has(chunk)) throw new Error(`no chunk ${chunk}`);
            return own.has(chunk) ? { path: chunk, namespace: "hookrail-chunk" } : { path: args.path, external: true };
          });
          b.onLoad({ filter: /.*/, namespace: "hookrail-chunk" }, (args) => ({
            contents: chunks.get(args.path) ?? "",
            loader: "js",
          }));
        },
      },
    ],
  });
  const code = result.outputFiles[0]?.text;
  if (code === undefined) throw new Error("esbuild produced no part");
  return { code: code.trimEnd(), modules: asked };
}
