// The shipped hook file: a small CommonJS loader, and the bundled hook in a file of its own beside it (a git hook,
// copied alone, carries it in line comments at the end of its one file). Compiling the ~100–460 KB bundle is most of
// a hook's start-up, so the loader runs it from V8's code cache when one is there, and stores the cache after the
// first run. Node reads, decodes and compiles the whole file it starts before the loader runs, so the bundle is kept
// out of it: in comments (V8 skips a comment far faster than it scans a string literal of that size) it still cost
// the merge gate about 7.5 M instructions a run, against 1.8 M to read its own file. The bundle's own file holds it in
// parts (split.ts), each read at its offset and compiled with a cache of its own when a module in it is first
// required: a call the merge gate's prefilter clears reads 160 KB of its 458 KB, and deserialises a cache to match.
//
// The file's first line is already inside the guardrail's failure policy: nothing here may end the process
// without the guardrail's answer. A cache problem only costs the compile; if the bundle itself cannot be
// compiled or started, a gate prints its "could not start" block (rendered at build time in the CLI's
// blocking form) and an advisory hook exits 0 in silence.
//
// Cache integrity: V8 checks a cache's version, flags and source length, but not its payload, and a
// damaged payload can crash the process inside V8 (SIGTRAP or SIGSEGV, no JavaScript error to catch), so
// a crash would happen on every run until the file is deleted. Each cache file therefore starts with a
// 16-byte header: "HRC2", the payload length, a 32-bit checksum of the payload seeded by the cache key, and the
// paths the runs that made it took (core's cache-paths.ts; not checked: a damaged word costs one remake at most)
// (cache-checksum.ts: a WebAssembly function, ~0.2 ms for the merge gate's cache with nothing to load;
// node:zlib's crc32 cost ~2.2 ms, most of it loading node:zlib and the stream modules it needs, and SHA-256
// through node:crypto ~14 ms, most of what the cache saves). The loader hands V8 only a payload whose header
// matches; anything else is deleted and the bundle compiled. Damage within one 32-bit word is always caught,
// other damage with odds of 1 - 2^-32. No hash stored next to the data stops a deliberate forger: whoever can
// write the cache folder as this user can also write the hook file and the CLI's settings, so the check is
// against damage (bit rot, truncation, torn or foreign files), not that user.

import { BUNDLE_FILE_MARK, LIBRARY_KEY, LIBRARY_MARK, PATHS_KEY } from "@hookrail/core";
import { CHECKSUM_WASM, CHECKSUM_WASM_SIMD } from "./cache-checksum.ts";
import { type BundlePart, ENTRY_MODULE } from "./split.ts";

/** "HRC2", little-endian: the cache header's first word. */
const CACHE_MAGIC = 0x32435248;
/** A cache file larger than this is not a cache of ours (a 250 KB bundle's is about 280 KB). */
const MAX_CACHE_BYTES = 64 * 1024 * 1024;

/** What the hook process prints and exits with (the adapters' HookAnswer). */
export interface LoaderAnswer {
  exitCode: number;
  stdout: string;
  stderr: string;
}

/** Replaced in a start-failure answer by a one-line, JSON-safe description of the error. */
export const ERROR_MARKER = "%HOOKRAIL_START_ERROR%";

/** The audit log's start-failure entry: who failed and with which policy, and the code that writes it. */
export interface LoaderAudit {
  /** Left out for a bundle shared by several CLIs: the CLI that runs it says its name. */
  cli?: string;
  guardrail: string;
  decision: "failed-closed" | "failed-open";
  /** A script that defines `hookrailAudit.auditStartFailure(entry)` (core's, bundled on its own). */
  code: string;
}

export interface LoaderOptions {
  /** Names the bundle's build, e.g. `merge-gate-<hash of the bundle>`. */
  id: string;
  /**
   * The CommonJS bundle, or, in a file of its own (`bundleFile`), the parts split.ts makes: the first part holds the
   * entry and is read on every run, a later part only when a module in it is required.
   */
  code: string | readonly BundlePart[];
  /** The answer when the bundle cannot be compiled or started. */
  startFailure: LoaderAnswer;
  audit: LoaderAudit;
  /**
   * A bundle that several CLIs share (a project's one copy of a guardrail): the file exports `run(cli)`, which a
   * CLI's small hook file calls with its name, and a start failure answers in that CLI's form (`answers`), else
   * with `fallback`. The bundle itself exports `run(cli)` too.
   */
  shared?: { answers: Record<string, LoaderAnswer>; fallback: LoaderAnswer };
  /**
   * A CLI's bundle that exports `answer(input, args)`: required by a caller that set core's library flag, it
   * answers through that instead of running as the hook process, a start failure included (see libraryStart).
   */
  library?: boolean;
  /**
   * The bundle in a file of its own by this name, beside the hook file (bundleFileSource): Node then reads and
   * compiles only the small loader. Without it the bundle travels in comments at the end of the hook file, which
   * Node reads, decodes and scans on every run (the git hooks, copied as one file).
   */
  bundleFile?: string;
  /**
   * A bundle that holds every guardrail built for its CLI (build.ts's group, for a CLI that runs several guardrails in
   * one process): it exports `run(name)` and `answer(name, input, args)`, and this loader passes its own guardrail's
   * name. Loaders of the same `build` (the bundle's hash) in one process start the bundle once between them: the
   * first to answer starts it, the others answer through it.
   */
  group?: { guardrail: string; build: string };
}

/** Start and end lines of the comment block that holds the bundle; the loader never holds them whole (see readSource). */
const BLOCK_MARK = "//hookrail-bundle ";
const END_MARK = "//hookrail-bundle-end ";

/** The bundle as the loader compiles it: wrapped like a CommonJS module. */
const wrap = (code: string) => `(function (exports, require, module, __filename, __dirname) {${code}\n})`;

/**
 * The shipped hook file: the loader, then (without `bundleFile`) the wrapped bundle, one `//` comment per line.
 * With `bundleFile` the bundle goes in that file beside it, as bundleFileSource writes it.
 */
export function loaderSource(options: LoaderOptions): string {
  if (options.bundleFile !== undefined) {
    if (!/^[\w.-]+$/.test(options.bundleFile)) throw new Error(`${options.id}: not a file name: ${options.bundleFile}`);
    return loaderCode(options, partLayout(options));
  }
  if (typeof options.code !== "string") throw new Error(`${options.id}: a bundle in parts needs a file of its own`);
  const source = wrap(options.code);
  assertLines(options.id, source);
  const block = source
    .split("\n")
    .map((line) => `//${line}`)
    .join("\n");
  const { id } = options;
  return `${loaderCode(options, { size: source.length })}\n${BLOCK_MARK}${id}\n${block}\n${END_MARK}${id}\n`;
}

/** Any other line terminator would end a comment early; a CR in the bundle's file could not be told from one a checkout added. */
function assertLines(id: string, source: string): void {
  if (/[\r\u2028\u2029]/.test(source)) throw new Error(`${id}: the bundle holds a CR, U+2028 or U+2029`);
}

/** The bundle's parts: a single CommonJS bundle is a first part that holds the entry alone, set up when asked for. */
const partsOf = (code: LoaderOptions["code"]): readonly BundlePart[] =>
  typeof code === "string"
    ? [
        {
          code: `const entry = { exports: {} };
module.exports = { ${JSON.stringify(ENTRY_MODULE)}: () => {
  (function (exports, module) {${code}
  })(entry.exports, entry);
  return entry.exports;
} };`,
          modules: [ENTRY_MODULE],
        },
      ]
    : code;

/** A part as its file holds it: its CommonJS script wrapped as CommonJS wraps a module. */
const partSource = (part: BundlePart): string => wrap(part.code);

/** The first line of the bundle's own file: it names the build. */
const headOf = (id: string) => `${BLOCK_MARK}${id}\n`;

/**
 * The bundle's own file: a line with the build's id (the loader refuses a file of another build), then each part on
 * lines of its own. The loader finds a part by its offset and length in UTF-8 bytes (esbuild escapes non-ASCII text in
 * strings, not in regular expressions).
 */
export function bundleFileSource(options: Pick<LoaderOptions, "id" | "code">): string {
  const text = `${headOf(options.id)}${partsOf(options.code).map(partSource).join("\n")}\n`;
  assertLines(options.id, text);
  return text;
}

/** Where each part is in the bundle's own file (in bytes), and which part holds each module (the loader's tables). */
interface PartLayout {
  size: number;
  /** Every part is ASCII: read as Latin-1, which V8 takes as it is (UTF-8 is decoded, to two bytes a character once
   * one is not ASCII). */
  ascii?: boolean;
  parts?: { at: number; length: number; line: number }[];
  modules?: Record<string, number>;
}

function partLayout(options: Pick<LoaderOptions, "id" | "code">): PartLayout {
  const parts = partsOf(options.code);
  const bytes = (text: string) => Buffer.byteLength(text, "utf8");
  const layout: Required<PartLayout> = { size: 0, ascii: true, parts: [], modules: {} };
  let at = bytes(headOf(options.id));
  let line = 1;
  parts.forEach((part, index) => {
    const source = partSource(part);
    assertLines(options.id, source);
    const length = bytes(source);
    layout.ascii &&= length === source.length;
    layout.parts.push({ at, length, line });
    for (const name of part.modules) layout.modules[name] = index;
    at += length + 1;
    line += source.split("\n").length;
  });
  // The file is the head and each part followed by a line end (bundleFileSource).
  layout.size = at;
  return layout;
}

/**
 * A bundle run as the hook process: it runs as soon as Node loads the file, or, a group's bundle (`guardrail`), once
 * started it runs that guardrail by name.
 */
const ownStart = (guardrail?: string) => `let start;
try {
  start = load();
} catch (error) {
  startFailed(error);
}
if (start) {
  try {
    start(module.exports, require, module, __filename, __dirname);${guardrail === undefined ? "" : `\n    // The group loads the guardrail with import(): what fails there rejects.\n    Promise.resolve(module.exports.run(${JSON.stringify(guardrail)})).catch(startFailed);`}
  } catch (error) {
    // Thrown while the bundle's modules were being set up, before its own error boundary existed.
    startFailed(error);
  }
}
`;

/** The bundle, started: in the caller's process, once. */
const startHere = `function startHere() {
  const module = { exports: {} };
  load()(module.exports, require, module, __filename, __dirname);
  return module.exports;
}`;

/** Where loaders of a group keep the bundles they started, by build (a `Symbol.for` key on globalThis). */
const STARTED_KEY = "hookrail.started";

/**
 * The bundle of a group started once per process between the loaders of its build (a global keyed by the build's
 * hash). A loader whose own bundle's file is damaged fails on its own when no loader of its build has started the
 * bundle, and answers through the one started when one has: the same build, the hash its loader knows.
 */
const groupStart = (build: string) => `function startHere() {
  const builds = globalThis[Symbol.for(${JSON.stringify(STARTED_KEY)})] || (globalThis[Symbol.for(${JSON.stringify(STARTED_KEY)})] = Object.create(null));
  if (!builds[${JSON.stringify(build)}]) {
    const module = { exports: {} };
    load()(module.exports, require, module, __filename, __dirname);
    builds[${JSON.stringify(build)}] = module.exports;
  }
  return builds[${JSON.stringify(build)}];
}`;

/**
 * What both ways of answering in a caller's process share: the bundle started once, on the first call, and its
 * answer through `call`, printed nowhere; whatever it throws becomes the start-failure answer.
 */
const inProcess = `let started;
function bundle() {
  if (!started) started = startHere();
  return started;
}
function answered(call) {
  try {
    return Promise.resolve(call(bundle())).catch(failedAnswer);
  } catch (error) {
    return Promise.resolve(failedAnswer(error));
  }
}
function argsOf(args) {
  return Array.isArray(args) ? args.map(String) : [];
}
`;

/**
 * A CLI's bundle that a dispatcher may require to run in its own process: with the library flag set, it exports
 * `answer(input, args)` (the start-failure answer when the bundle cannot start) and prints nothing.
 */
const libraryStart = (group: LoaderOptions["group"]) => `${inProcess}${group ? groupStart(group.build) : startHere}
if (globalThis[Symbol.for(${JSON.stringify(LIBRARY_KEY)})] === true) {
  module.exports.answer = function answer(input, args) {
    return answered((exports) => exports.answer(${group ? `${JSON.stringify(group.guardrail)}, ` : ""}String(input), argsOf(args)));
  };
} else {
${ownStart(group?.guardrail).trimEnd().replace(/^/gm, "  ")}
}
`;

/**
 * A bundle several CLIs share: it runs when a CLI's hook file calls the exported run with the CLI's name, or answers
 * one event in the caller's process through `answer` (a dispatcher that runs several guardrails in one process).
 */
const sharedStart = `${inProcess}${startHere}
let cli = "";
module.exports = function run(name) {
  cli = String(name);
  let exports;
  try {
    exports = bundle();
  } catch (error) {
    startFailed(error);
    return;
  }
  try {
    exports.run(cli);
  } catch (error) {
    // Thrown while the bundle's modules were being set up, before its own error boundary existed.
    startFailed(error);
  }
};
module.exports.answer = function answer(name, input, args) {
  cli = String(name);
  return answered((exports) => exports.answer(cli, String(input), argsOf(args)));
};
`;

/** load() for a bundle in the hook file's comments: the wrapped bundle, compiled from its text there. */
const commentLoad = `function load() {
  const { source, filename } = readSource(own);
  own = "";
  return compile(source, filename, 0, "");
}
`;

/**
 * readSource() for a bundle in the hook file's comments: the lines between its start and end marks (each mark is
 * joined with the build id only here, so the loader's own text never matches), each starting with "//".
 */
function commentSource(id: string, sourceLength: number): string {
  return `// The bundle from the comments after the loader: the lines between its start and end marks (each mark is
// joined with the build id only here, so the loader's own text never matches), each starting with "//". The
// text is the module's own source when Node gives it, else the file. A checkout that turned line ends into
// CRLF is read the same. A block that does not decode to its built length throws, and a gate then blocks.
// Splitting at each line's "\\n//" costs less than a pattern over the whole block (1.5 M fewer instructions for
// the merge gate's 420 KB); a CR anywhere changes the length, and only then is the block read again with one.
function readSource(text) {
  "use strict";
  const mark = ${JSON.stringify(BLOCK_MARK)} + ${JSON.stringify(id)};
  const endMark = ${JSON.stringify(END_MARK)} + ${JSON.stringify(id)};
  let at = text.indexOf("\\n" + mark);
  if (at < 0) {
    text = require("node:fs").readFileSync(__filename, "utf8");
    at = text.indexOf("\\n" + mark);
  }
  if (at < 0) throw new Error("the bundle is missing from " + __filename);
  const from = text.indexOf("\\n", at + 1 + mark.length);
  const end = text.indexOf("\\n" + endMark, from);
  if (from < 0 || end < 0) throw new Error("the bundle in " + __filename + " is damaged");
  let source = text.slice(from + 3, end).split("\\n//").join("\\n");
  if (source.length !== ${sourceLength})
    source = text.slice(from, end).replace(/\\r?\\n\\/\\//g, "\\n").slice(1).replace(/\\r$/, "");
  if (source.length !== ${sourceLength}) throw new Error("the bundle in " + __filename + " is damaged");
  return { source, filename: __filename };
}`;
}

/**
 * part(i) for a bundle in a file of its own beside the hook file: the part's bytes at its offset (the file's first line
 * names this build, and the file has its built size: a copy a checkout turned into CRLF is read whole, its line ends
 * mended), compiled as a script whose value is the part's modules; and the loader's start, which sets up the entry
 * module and requires the others by the names their chunks import them by, each from its part when first required.
 */
function partsSource(bundleFile: string, id: string, layout: PartLayout): string {
  const parts = (layout.parts ?? []).map((p) => [p.at, p.length, p.line]);
  const encoding = JSON.stringify(layout.ascii ? "latin1" : "utf8");
  return `function load() {
  // The part of each module.
  const MODULES = ${JSON.stringify(layout.modules ?? {})};
  const tables = [];
  const made = Object.create(null);
  let outer = require;
  // A part's chunks by name, each a function that sets the chunk up once and returns its exports.
  function table(at) {
    if (!tables[at]) {
      const m = { exports: {} };
      part(at)(m.exports, inner, m, __filename, __dirname);
      tables[at] = m.exports;
    }
    return tables[at];
  }
  // What the parts require: a chunk by its name, anything else (Node's modules) as the hook file requires it.
  function inner(name) {
    const key = typeof name === "string" && name.startsWith("./") ? name.slice(2) : "";
    if (!Object.prototype.hasOwnProperty.call(MODULES, key)) return outer(name);
    if (!Object.prototype.hasOwnProperty.call(made, key)) made[key] = table(MODULES[key])[key]();
    return made[key];
  }
  table(0);
  return function start(exports, require, module) {
    outer = require;
    module.exports = inner(${JSON.stringify(`./${ENTRY_MODULE}`)});
  };
}

function part(i) {
  // The bundle's parts in ${bundleFile}: offset, length and first line of each.
  const [at, length, line] = ${JSON.stringify(parts)}[i];
  const filename = require("node:path").join(__dirname, ${JSON.stringify(bundleFile)});
  return compile(partText(filename, at, length), filename, line, i === 0 ? "" : "." + i);
}

// The bundle's file read whole, when its size is not the built one (a checkout that turned its line ends into CRLF).
// (var: the loader's first lines run before a let here would be set.)
var whole;
function partText(filename, at, length) {
  "use strict";
  const head = ${JSON.stringify(headOf(id))};
  const damaged = () => new Error("the bundle " + filename + " is damaged or of another build");
  const fs = require("node:fs");
  if (whole === undefined) {
    let fd;
    try {
      fd = fs.openSync(filename, "r");
    } catch {
      throw new Error("the bundle " + filename + " is missing or unreadable");
    }
    try {
      if (fs.fstatSync(fd).size === ${layout.size}) {
        const bytes = Buffer.allocUnsafe(head.length + length);
        if (fs.readSync(fd, bytes, 0, head.length, 0) !== head.length) throw damaged();
        if (fs.readSync(fd, bytes, head.length, length, at) !== length) throw damaged();
        if (bytes.toString("latin1", 0, head.length) !== head) throw damaged();
        return bytes.toString(${encoding}, head.length);
      }
      whole = Buffer.from(fs.readFileSync(fd, "utf8").replace(/\\r\\n/g, "\\n"));
    } finally {
      fs.closeSync(fd);
    }
  }
  if (whole.length !== ${layout.size} || whole.toString("latin1", 0, head.length) !== head) throw damaged();
  return whole.toString(${encoding}, at, at + length);
}`;
}

/**
 * The loader as shipped: its first lines (what it is, and the marks that other code reads: core's bundleFileNamedBy,
 * LIBRARY_MARK) and its code. The comments on the code are this file's: a hook file is read and compiled on every run,
 * and a project commits one per guardrail.
 */
function shipped(text: string): string {
  let top = true;
  return text
    .split("\n")
    .filter((line) => {
      if (top && line.startsWith("//")) return true;
      top = false;
      return !/^\s*\/\/( |$)/.test(line);
    })
    .join("\n");
}

function loaderCode(
  { id, startFailure, audit, shared, library, bundleFile, group }: LoaderOptions,
  layout: PartLayout,
): string {
  if (group && (shared || !library)) throw new Error(`${id}: a group's bundle is a CLI's library bundle`);
  const { code, ...who } = audit;
  const answer = shared
    ? `Object.prototype.hasOwnProperty.call(answers, cli) ? answers[cli] : ${JSON.stringify(shared.fallback)}`
    : JSON.stringify(startFailure);
  const answers = shared
    ? `\n// Each CLI's answer when the bundle cannot start, in its own form.\nconst answers = ${JSON.stringify(shared.answers)};\n`
    : "";
  const whoCode = shared ? `Object.assign({ cli }, ${JSON.stringify(who)})` : JSON.stringify(who);
  // Core's audit writer as the text of a function of `require` that returns it.
  const auditText = JSON.stringify(`(function (require) {\n${code}\nreturn hookrailAudit;\n})`);
  const own =
    bundleFile === undefined
      ? `// Not strict mode at this level: arguments.callee is the module's own function, whose text is this file as
// Node read it, so the bundle below is taken from there instead of reading the file a second time.
let own = "";
try {
  own = arguments.callee.toString();
} catch {}
`
      : `// It ${BUNDLE_FILE_MARK} ${bundleFile} beside this file.
`;
  return shipped(`// Generated by hookrail's build from the sources in packages/; do not edit.
${library ? `// It ${LIBRARY_MARK}.\n` : ""}${own}${shared ? sharedStart : library ? libraryStart(group) : ownStart()}
${bundleFile === undefined ? commentLoad : ""}
// The script's value, run from its code cache (the cache file's name ends with the part's suffix) when there is one.
function compile(source, filename, lineOffset, part) {
  const vm = require("node:vm");
  let cache;
  try {
    cache = openCache(part);
  } catch {}
  let script;
  if (cache && cache.data) {
    try {
      script = new vm.Script(source, { filename, lineOffset, cachedData: cache.data });
    } catch {}
  }
  if (!script) script = new vm.Script(source, { filename, lineOffset });
  if (cache) saveAtExit(cache, script, !cache.data || script.cachedDataRejected);
  return script.runInThisContext();
}

${bundleFile === undefined ? commentSource(id, layout.size) : partsSource(bundleFile, id, layout)}
// The cache file for this bundle build (and part), Node, platform and V8 flags, with its payload if the header matches.
function openCache(part) {
  if (typeof WebAssembly !== "object") return undefined; // --jitless: no cheap checksum, no cache
  const fs = require("node:fs");
  const path = require("node:path");
  const env = process.env;
  let dir = env.HOOKRAIL_CACHE_DIR;
  if (!dir) {
    let base = env.XDG_CACHE_HOME;
    if (!base || !path.isAbsolute(base)) base = path.join(env.HOME || require("node:os").homedir(), ".cache");
    dir = path.join(base, "hookrail", "v8");
  }
  // Never a folder relative to the session's working directory.
  if (!path.isAbsolute(dir)) return undefined;
  // A bundle several CLIs share keeps a cache per CLI: each runs its own adapter's functions, which a cache made
  // by another CLI's run would not hold (V8 would compile them on every call).
  // V8 rejects a cache made under other flags; keying by them keeps runs with different flags from
  // overwriting each other's cache.
  const flags = process.execArgv.join(" ") + (env.NODE_OPTIONS ? " " + env.NODE_OPTIONS : "");
  const key = [${shared ? `${JSON.stringify(id)} + (/^[a-z0-9-]{1,40}$/.test(cli) ? "-" + cli : "")` : JSON.stringify(id)} + part, process.version, process.platform, process.arch, "v8", process.versions.v8]
    .concat(flags ? [seedOf(flags).toString(16)] : [])
    .join("-");
  const cache = { fs, dir, key, file: path.join(dir, key + ".bin"), data: undefined, paths: 0 };
  let fd;
  try {
    fd = fs.openSync(cache.file, "r");
  } catch {
    return cache;
  }
  try {
    const intact = intactPayload(fs, fd, key);
    if (intact) {
      cache.data = intact.data;
      cache.paths = intact.paths;
    }
  } catch {
  } finally {
    try {
      fs.closeSync(fd);
    } catch {}
  }
  if (!cache.data) {
    try {
      fs.unlinkSync(cache.file);
    } catch {}
  }
  return cache;
}

// An open cache file's payload and the paths it holds (the header's last word) if its header matches, else
// undefined. The file is read straight into the checksum's memory: the header, then the payload at byte 16.
function intactPayload(fs, fd, key) {
  const size = fs.fstatSync(fd).size;
  if (size <= 16 || size > ${MAX_CACHE_BYTES}) return undefined;
  const sums = checksums(size);
  for (let read = 0; read < size; ) {
    const n = fs.readSync(fd, sums.bytes, read, size - read, read);
    if (n === 0) return undefined;
    read += n;
  }
  const header = Buffer.from(sums.bytes.buffer, 0, 16);
  const length = size - 16;
  if (
    header.readUInt32LE(0) !== ${CACHE_MAGIC} ||
    header.readUInt32LE(4) !== length ||
    header.readUInt32LE(8) !== sums.of(16, length, seedOf(key))
  ) {
    return undefined;
  }
  return { data: Buffer.from(sums.bytes.buffer, 16, length), paths: header.readUInt32LE(12) };
}

// The checksum (cache-checksum.ts in packages/build) over a fresh, zeroed WebAssembly memory of room for size
// bytes: bytes is that memory; of(from, length, seed) sums bytes [from, from + length).
var checksumModule;
function checksums(size) {
  const memory = new WebAssembly.Memory({ initial: Math.ceil((size + 32) / 65536) });
  // The SIMD build of the sum where the machine has WebAssembly SIMD, else the scalar one: the same sum. Each module's
  // bytes are a string, which costs less to read on every run than an array of numbers.
  if (!checksumModule) {
    try {
      checksumModule = new WebAssembly.Module(Buffer.from(${JSON.stringify(Buffer.from(CHECKSUM_WASM_SIMD).toString("base64"))}, "base64"));
    } catch {
      checksumModule = new WebAssembly.Module(Buffer.from(${JSON.stringify(Buffer.from(CHECKSUM_WASM).toString("base64"))}, "base64"));
    }
  }
  const sum = new WebAssembly.Instance(checksumModule, { e: { m: memory } }).exports.s;
  const of = (from, length, seed) => {
    let h = sum(from, from + ((length + 15) & ~15), seed) ^ length;
    h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
    h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
    return (h ^ (h >>> 16)) >>> 0;
  };
  return { bytes: new Uint8Array(memory.buffer), of };
}

// FNV-1a over a string's UTF-16 code units: the checksum's seed from the cache key.
function seedOf(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

// At exit the cache also holds the functions compiled while the hook ran; a cache that was used is made again
// (with what it held and what this run compiled) when this run took a path it lacks. Written to a temp file and
// renamed, so a reader sees a whole file or none; any failure only skips the cache.
function saveAtExit(cache, script, fresh) {
  process.once("exit", () => {
    const { fs } = cache;
    // A cache used as it is is made again only when this run took a path it lacks (core's cache-paths.ts).
    const ran = Number(globalThis[Symbol.for(${JSON.stringify(PATHS_KEY)})]) | 0;
    if (!fresh && (ran & ~cache.paths) === 0) return;
    const paths = (fresh ? 0 : cache.paths) | ran;
    const temp = cache.file + "." + process.pid + "." + Math.random().toString(36).slice(2) + ".tmp";
    try {
      const data = script.createCachedData();
      if (data.length > ${MAX_CACHE_BYTES} - 16) return;
      const sums = checksums(16 + data.length);
      sums.bytes.set(data, 16);
      const file = Buffer.from(sums.bytes.buffer, 0, 16 + data.length);
      file.writeUInt32LE(${CACHE_MAGIC}, 0);
      file.writeUInt32LE(data.length, 4);
      file.writeUInt32LE(sums.of(16, data.length, seedOf(cache.key)), 8);
      file.writeUInt32LE(paths >>> 0, 12);
      fs.mkdirSync(cache.dir, { recursive: true, mode: 0o700 });
      fs.writeFileSync(temp, file, { mode: 0o600 });
      fs.renameSync(temp, cache.file);
    } catch {
      try {
        fs.unlinkSync(temp);
      } catch {}
    }
  });
}

function startFailed(error) {
  try {
    const answer = failedAnswer(error);
    process.exitCode = answer.exitCode;
    if (answer.stdout) process.stdout.write(answer.stdout);
    if (answer.stderr) process.stderr.write(answer.stderr);
  } catch {}
}

// The start-failure answer with the error in it, audited and logged.
function failedAnswer(error) {
  const answer = ${answer};
  let detail = "unknown error";
  try {
    detail = String((error && error.message) || error).replace(/[^\\w .,:()/-]+/g, " ").slice(0, 200);
  } catch {}
  const out = {
    exitCode: answer.exitCode,
    stdout: answer.stdout.replace(${JSON.stringify(ERROR_MARKER)}, detail),
    stderr: answer.stderr.replace(${JSON.stringify(ERROR_MARKER)}, detail),
  };
  try {
    auditStartFailure(detail);
    const log = process.env.HOOKRAIL_DEBUG_LOG;
    if (log) {
      const line = { time: new Date().toISOString(), scope: ${JSON.stringify(id)}, message: "start failure", node: process.version, error: String((error && error.stack) || error) };
      require("node:fs").appendFileSync(log, JSON.stringify(line) + "\\n");
    }
  } catch {}
  return out;
}

// The start failure in the audit log (core's writer, bundled): kept as text and compiled only when it runs, so a hook
// that starts never parses it.
function auditStartFailure(reason) {
  try {
    const hookrailAudit = require("node:vm").runInThisContext(${auditText})(require);
    hookrailAudit.auditStartFailure(Object.assign(${whoCode}, { reason: "could not start: " + reason }));
  } catch {}
}
${answers}`);
}
