// The shipped file's loader: it stores V8's code cache after the first run and uses it afterwards. A damaged,
// foreign or unwritable cache only costs the compile, never the answer: every kind of damage is done to a
// real cache file, and the gate must still block `gh pr merge` the way each CLI honours.
//
// Only one Node is installed here, so "another Node's cache" is this bundle's cache made under other V8 flags
// (--max-lazy): V8 keeps version and flags in the same check of a cache's header, and the loader keys its files
// (name and checksum seed) by Node version, V8 version and flags alike.
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { PATH_BITS } from "@hookrail/core";
import {
  bundlePath,
  CACHE_DAMAGES,
  cacheFile,
  cacheIsIntact,
  cliRunsTool,
  type ForeignCaches,
  LOADER_FAULTS,
  preload,
  runBundle,
  tempDir,
} from "@hookrail/test-utils";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

type Cli = "claude" | "gemini" | "codex";
const CLIS: Cli[] = ["claude", "gemini", "codex"];

const input = (cli: Cli) =>
  JSON.stringify({
    session_id: "s",
    cwd: "/",
    hook_event_name: cli === "gemini" ? "BeforeTool" : "PreToolUse",
    tool_name: cli === "gemini" ? "run_shell_command" : "Bash",
    tool_input: { command: "gh pr merge 1" },
  });

// The cache code is the same in every shipped file: every damage on one CLI's file, and on the others the
// damage that crashed V8 before the cache was checked plus a foreign file.
const damagesFor = (cli: Cli) =>
  cli === "claude" ? CACHE_DAMAGES : CACHE_DAMAGES.filter(([label]) => /flipped tail|another build/.test(label));

describe.each(CLIS)("the code cache of merge-gate's shipped file for %s", (cli) => {
  const file = bundlePath("merge-gate", cli);
  const run = (cache: string, nodeArgs: string[] = []) =>
    runBundle(file, input(cli), {
      env: { HOOKRAIL_CACHE_DIR: cache, HOME: tempDir(), XDG_CONFIG_HOME: tempDir() },
      nodeArgs,
    });
  // The gate itself answered: its block reason, in the CLI's form, and nothing from a crash.
  const expectGateBlocked = (answer: Awaited<ReturnType<typeof run>>) => {
    expect(answer.stderr).not.toMatch(/Fatal error|Segmentation|node:internal|\n\s+at /);
    expect(cliRunsTool(cli, answer)).toBe(false);
    expect(answer.stdout + answer.stderr).toContain("MERGE_APPROVED=1 gh pr merge 1");
  };

  let foreignDir = "";
  let foreign: ForeignCaches;
  beforeAll(async () => {
    foreignDir = tempDir();
    const other = bundlePath("merge-gate", cli === "claude" ? "gemini" : "claude");
    const otherBuild = join(foreignDir, "other-build");
    const otherFlags = join(foreignDir, "other-flags");
    mkdirSync(otherBuild);
    mkdirSync(otherFlags);
    await runBundle(other, input(cli), { env: { HOOKRAIL_CACHE_DIR: otherBuild, HOME: foreignDir } });
    // Its HOME inside the folder removed after the tests (a run's own tempDir() is a test's to remove).
    await runBundle(file, input(cli), {
      env: { HOOKRAIL_CACHE_DIR: otherFlags, HOME: foreignDir, XDG_CONFIG_HOME: join(foreignDir, "config") },
      nodeArgs: ["--max-lazy"],
    });
    foreign = { otherBuild: cacheFile(otherBuild), otherFlags: cacheFile(otherFlags) };
  });
  afterAll(() => rmSync(foreignDir, { recursive: true, force: true }));

  it("is written intact on the first run and used as it is on the next", async () => {
    const cache = tempDir();
    expectGateBlocked(await run(cache));
    const stored = cacheFile(cache);
    expect(stored).toMatch(new RegExp(`/merge-gate-[0-9a-f]{16}-${process.version}-${process.platform}-`));
    expect(cacheIsIntact(stored)).toBe(true);
    const before = readFileSync(stored);
    const written = statSync(stored).mtimeMs;
    expectGateBlocked(await run(cache));
    // V8 took it: the loader rewrites only a cache it did not use.
    expect(statSync(cacheFile(cache)).mtimeMs).toBe(written);
    expect(readFileSync(cacheFile(cache)).equals(before)).toBe(true);
  });

  // The loader sums with WebAssembly SIMD where it can, else with a scalar build: both must give the sum the
  // header holds (cacheIsIntact computes it in plain JavaScript).
  it.runIf(cli === "claude")("without WebAssembly SIMD the scalar sum writes and reads the same cache", async () => {
    const cache = tempDir();
    const noSimd = preload(LOADER_FAULTS.noWasmSimd);
    expectGateBlocked(await run(cache, noSimd));
    const stored = cacheFile(cache);
    expect(cacheIsIntact(stored)).toBe(true);
    const written = statSync(stored).mtimeMs;
    expectGateBlocked(await run(cache, noSimd));
    expect(statSync(cacheFile(cache)).mtimeMs).toBe(written);
  });

  it.each(damagesFor(cli))("%s: the gate still blocks, and the file is replaced", async (_label, damage) => {
    const cache = tempDir();
    await run(cache);
    const stored = cacheFile(cache);
    damage(stored, foreign);
    const planted = readFileSync(stored);
    expectGateBlocked(await run(cache));
    expect(cacheIsIntact(cacheFile(cache))).toBe(true);
    expect(readFileSync(cacheFile(cache)).equals(planted)).toBe(false);
  });

  it.runIf(cli === "claude")("runs under other V8 flags beside the plain cache, each keyed by its flags", async () => {
    const cache = tempDir();
    expectGateBlocked(await run(cache));
    expectGateBlocked(await run(cache, ["--max-lazy"]));
    expectGateBlocked(await run(cache, ["--max-lazy"]));
    expect(readdirSync(cache).filter((name) => name.endsWith(".bin"))).toHaveLength(2);
  });

  it.runIf(cli === "claude")(
    "still answers when the cache folder cannot be made, or the cache file is a folder",
    async () => {
      // A folder below a regular file cannot be created, whoever runs the test (root ignores permissions).
      const notAFolder = join(tempDir(), "file");
      writeFileSync(notAFolder, "");
      expectGateBlocked(await run(join(notAFolder, "v8")));
      const cache = tempDir();
      await run(cache);
      const stored = cacheFile(cache);
      rmSync(stored);
      mkdirSync(stored);
      expectGateBlocked(await run(cache));
    },
  );
});

// The cache holds what the runs that made it compiled. Made by a first call the prefilter skips (`ls`), it lacks the
// shell parser; the first line read in full marks that path (core's cache-paths.ts) and makes it again with the
// parser, and later lines read in full use it as it is.
describe("merge-gate's code cache, whatever the first call", () => {
  const file = bundlePath("merge-gate", "claude");
  // A folder of its own (at "/", a command might change every protected place below: nothing is skipped there).
  const call = (command: string) =>
    JSON.stringify({
      session_id: "s",
      cwd: tempDir(),
      hook_event_name: "PreToolUse",
      tool_name: "Bash",
      tool_input: { command },
    });

  it("comes to hold the shell parser after the first line read in full, and then stays", async () => {
    const cache = tempDir();
    const env = { HOOKRAIL_CACHE_DIR: cache, HOME: tempDir(), XDG_CONFIG_HOME: tempDir() };
    const runs = async (command: string) => {
      const answer = await runBundle(file, call(command), { env });
      expect(answer.exitCode, answer.stderr).toBe(0);
      const bytes = readFileSync(cacheFile(cache));
      return { bytes, paths: bytes.readUInt32LE(12) };
    };
    const plain = await runs("ls -la");
    expect(plain.paths & PATH_BITS.parse).toBe(0);
    expect(cacheIsIntact(cacheFile(cache))).toBe(true);
    const full = await runs('grep -rn "TODO" src/ 2>&1 | head -n 20 && echo "done: $(date)"');
    expect(full.paths & PATH_BITS.parse).toBe(PATH_BITS.parse);
    expect(full.paths & plain.paths).toBe(plain.paths);
    // It holds what the plain run compiled and the parser: measured 286 KB, then about 420 KB.
    expect(full.bytes.length).toBeGreaterThan(plain.bytes.length * 1.2);
    expect(cacheIsIntact(cacheFile(cache))).toBe(true);
    const again = await runs('find . -name "*.ts" | xargs wc -l > /tmp/lines.txt');
    expect(again.bytes.equals(full.bytes)).toBe(true);
    expect((await runs("ls -la")).bytes.equals(full.bytes)).toBe(true);
  });
});
