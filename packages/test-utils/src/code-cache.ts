// Real damage to a shipped hook file's V8 code cache, and real faults in its loader (packages/build/src/loader.ts).
// A cache file is a 16-byte header ("HRC2", payload length, the checksum of the payload seeded by the file's
// key, which is the file name without ".bin", and the paths the runs that made it took) followed by V8's payload.
import { spawnSync } from "node:child_process";
import { chmodSync, copyFileSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { tempDir } from "./temp.ts";

const MAGIC = 0x32435248;
const HEADER = 16;

// The loader's checksum (packages/build/src/cache-checksum.ts runs it as WebAssembly), in plain JavaScript:
// four murmur3 lanes over the payload's little-endian words, zero-padded to 16 bytes, seeded by FNV-1a of the key.
const LANE_SEEDS = [0, 0x85ebca6b, 0xc2b2ae35, 0x27d4eb2f];
const rotl = (x: number, r: number) => (x << r) | (x >>> (32 - r));

function seedOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** The checksum a cache file's header holds for `payload` under `key`. */
export function cacheChecksum(payload: Uint8Array, key: string): number {
  const padded = Buffer.alloc((payload.length + 15) & ~15);
  padded.set(payload);
  const seed = seedOf(key);
  const lanes = LANE_SEEDS.map((s) => seed ^ s);
  for (let at = 0; at < padded.length; at += 16) {
    for (let j = 0; j < 4; j++) {
      const k = Math.imul(rotl(Math.imul(padded.readInt32LE(at + 4 * j), 0xcc9e2d51), 15), 0x1b873593);
      lanes[j] = (Math.imul(rotl((lanes[j] as number) ^ k, 13), 5) + 0xe6546b64) | 0;
    }
  }
  const [a, b, c, d] = lanes as [number, number, number, number];
  let h = a ^ rotl(b, 7) ^ rotl(c, 14) ^ rotl(d, 21) ^ payload.length;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/**
 * The bundle part a cache file is of: a bundle in a file of its own is read in parts (packages/build/src/split.ts), each
 * with a cache whose key ends `.<part>` before Node's version, the first part's with nothing.
 */
export const cachePart = (file: string): number => Number(/\.(\d+)-v\d+\.\d+\.\d+-/.exec(basename(file))?.[1] ?? 0);

/** The cache files runs left in `dir` (their HOOKRAIL_CACHE_DIR), of every part. */
export const cacheFiles = (dir: string): string[] =>
  readdirSync(dir)
    .filter((name) => name.endsWith(".bin"))
    .sort()
    .map((name) => join(dir, name));

/** The one cache file of a bundle's part (the first by default) that runs left in `dir`. */
export function cacheFile(dir: string, part = 0): string {
  const files = cacheFiles(dir).filter((file) => cachePart(file) === part);
  if (files.length !== 1 || !files[0])
    throw new Error(`expected one .bin of part ${part} in ${dir}: ${readdirSync(dir)}`);
  return files[0];
}

const keyOf = (file: string) => basename(file, ".bin");

/** Whether the header matches the payload and the file's name: what the loader checks before V8 sees it. */
export function cacheIsIntact(file: string): boolean {
  const bytes = readFileSync(file);
  const payload = bytes.subarray(HEADER);
  return (
    bytes.length > HEADER &&
    bytes.readUInt32LE(0) === MAGIC &&
    bytes.readUInt32LE(4) === payload.length &&
    bytes.readUInt32LE(8) === cacheChecksum(payload, keyOf(file))
  );
}

export const cachePayload = (file: string): Buffer => readFileSync(file).subarray(HEADER);

/** Writes `payload` to `file` with a header that is valid for that file's name. */
export function writeSignedCache(file: string, payload: Buffer): void {
  const header = Buffer.alloc(HEADER);
  header.writeUInt32LE(MAGIC, 0);
  header.writeUInt32LE(payload.length, 4);
  header.writeUInt32LE(cacheChecksum(payload, keyOf(file)), 8);
  writeFileSync(file, Buffer.concat([header, payload]));
}

/** Intact caches made by other runs, planted under another file's name by some damages. */
export interface ForeignCaches {
  /** Another bundle build's cache. */
  otherBuild: string;
  /** This bundle's cache made under other V8 flags (V8 rejects it the way it rejects another Node's). */
  otherFlags: string;
}

const change = (file: string, edit: (bytes: Buffer) => Buffer) => writeFileSync(file, edit(readFileSync(file)));

// A fixed-seed generator: "random" flips that are the same on every run.
function flipRandomBits(bytes: Buffer, count: number): Buffer {
  let seed = 20_241_201;
  for (let i = 0; i < count; i++) {
    seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0;
    const at = HEADER + (seed % (bytes.length - HEADER));
    bytes[at] = (bytes[at] ?? 0) ^ (1 << (seed >>> 29));
  }
  return bytes;
}

/** The damage that crashed V8 before the loader checked its cache: 100 bytes near the end inverted. */
export function flipTail(file: string): void {
  change(file, (b) => {
    for (let i = b.length - 200; i < b.length - 100; i++) b[i] = (b[i] ?? 0) ^ 0xff;
    return b;
  });
}

/** Every kind of damage a cache file can take, done to a real cache file. */
export const CACHE_DAMAGES: [string, (file: string, foreign: ForeignCaches) => void][] = [
  ["random bit flips in the payload", (file) => change(file, (b) => flipRandomBits(b, 64))],
  ["one flipped bit in the payload", (file) => change(file, (b) => flipRandomBits(b, 1))],
  ["a flipped tail (100 bytes near the end)", (file) => flipTail(file)],
  ["truncated to half", (file) => change(file, (b) => b.subarray(0, b.length >> 1))],
  ["one byte short", (file) => change(file, (b) => b.subarray(0, b.length - 1))],
  ["only the header", (file) => change(file, (b) => b.subarray(0, HEADER))],
  ["zeros", (file) => change(file, (b) => Buffer.alloc(b.length))],
  ["empty", (file) => writeFileSync(file, "")],
  ["another build's cache under this name", (file, foreign) => copyFileSync(foreign.otherBuild, file)],
  ["another Node's cache under this name", (file, foreign) => copyFileSync(foreign.otherFlags, file)],
  [
    "another Node's cache with a header re-made for this name (V8 rejects it)",
    (file, foreign) => writeSignedCache(file, cachePayload(foreign.otherFlags)),
  ],
  ["a bare V8 cache without the header", (file) => change(file, (b) => b.subarray(HEADER))],
];

/**
 * A `--require` preload that breaks part of the loader's world before the shipped file runs, as the node
 * arguments to pass (`nodeArgs`). `source` is CommonJS run in that process.
 */
export function preload(source: string): string[] {
  const file = join(tempDir("hookrail-preload-"), "preload.cjs");
  writeFileSync(file, source);
  return ["--require", file];
}

/** Faults in the loader's world, each as preload source. */
export const LOADER_FAULTS = {
  cachedDataThrows: `const vm = require("node:vm"); const Script = vm.Script;
vm.Script = class extends Script { constructor(s, o) { if (o && o.cachedData) throw new Error("injected: bad cached data"); super(s, o); } };`,
  compileThrows: `require("node:vm").Script = class { constructor() { throw new RangeError("injected: out of memory while compiling"); } };`,
  moduleMissing: `const Module = require("node:module"); const load = Module.prototype.require;
Module.prototype.require = function (id) { if (id === "node:path") throw new Error("injected: Cannot find module 'node:path'"); return load.call(this, id); };`,
  noWebAssembly: `delete globalThis.WebAssembly;`,
  // A machine without WebAssembly SIMD: V8 refuses to compile a module that uses it.
  noWasmSimd: `const Module = WebAssembly.Module;
WebAssembly.Module = function (bytes) { if (Buffer.from(bytes).includes(0xfd)) throw new WebAssembly.CompileError("injected: no SIMD"); return new Module(bytes); };`,
  readFails: `const fs = require("node:fs"); const open = fs.openSync;
fs.openSync = function (p, ...rest) { if (String(p).endsWith(".bin")) { const e = new Error("injected: EIO: i/o error"); e.code = "EIO"; throw e; } return open.call(this, p, ...rest); };`,
  writeFails: `const fs = require("node:fs"); const write = fs.writeFileSync;
fs.writeFileSync = function (p, ...rest) { if (String(p).endsWith(".tmp")) { const e = new Error("injected: ENOSPC: no space left on device"); e.code = "ENOSPC"; throw e; } return write.call(this, p, ...rest); };`,
} as const;

/**
 * The command prefix that runs node as uid and gid 4242, a user without a passwd entry (os.homedir() then
 * throws when $HOME is unset); undefined where that cannot be done here (not root, no setpriv, uid taken).
 */
export function userWithoutPasswdEntry(): string[] | undefined {
  if (process.getuid?.() !== 0) return undefined;
  if (spawnSync("setpriv", ["--version"]).status !== 0) return undefined;
  if (spawnSync("getent", ["passwd", "4242"]).status === 0) return undefined;
  return ["setpriv", "--reuid", "4242", "--regid", "4242", "--clear-groups"];
}

/** A folder that user 4242 can enter and write, to prove a run wrote nothing relative to its cwd. */
export function sharedTempDir(): string {
  const dir = tempDir("hookrail-shared-");
  chmodSync(dir, 0o777);
  return dir;
}
