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
  cacheFiles,
  cacheIsIntact,
  cachePart,
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

  // `gh pr merge` is read in full: its runs use both parts of the bundle (the second holds the shell parser), and
  // leave a cache of each.
  const PARTS = [0, 1];
  let foreignDir = "";
  let foreign: ForeignCaches[];
  beforeAll(async () => {
    foreignDir = tempDir();
    const otherCli = cli === "claude" ? "gemini" : "claude";
    const other = bundlePath("merge-gate", otherCli);
    const otherBuild = join(foreignDir, "other-build");
    const otherFlags = join(foreignDir, "other-flags");
    mkdirSync(otherBuild);
    mkdirSync(otherFlags);
    await runBundle(other, input(otherCli), { env: { HOOKRAIL_CACHE_DIR: otherBuild, HOME: foreignDir } });
    // Its HOME inside the folder removed after the tests (a run's own tempDir() is a test's to remove).
    await runBundle(file, input(cli), {
      env: { HOOKRAIL_CACHE_DIR: otherFlags, HOME: foreignDir, XDG_CONFIG_HOME: join(foreignDir, "config") },
      nodeArgs: ["--max-lazy"],
    });
    foreign = PARTS.map((part) => ({
      otherBuild: cacheFile(otherBuild, part),
      otherFlags: cacheFile(otherFlags, part),
    }));
  });
  afterAll(() => rmSync(foreignDir, { recursive: true, force: true }));

  it("is written intact on the first run and used as it is on the next", async () => {
    const cache = tempDir();
    expectGateBlocked(await run(cache));
    expect(cacheFile(cache)).toMatch(new RegExp(`/merge-gate-[0-9a-f]{16}-${process.version}-${process.platform}-`));
    expect(cacheFile(cache, 1)).toMatch(
      new RegExp(`/merge-gate-[0-9a-f]{16}\\.1-${process.version}-${process.platform}-`),
    );
    const stored = PARTS.map((part) => cacheFile(cache, part));
    for (const file of stored) expect(cacheIsIntact(file)).toBe(true);
    const before = stored.map((file) => ({ bytes: readFileSync(file), written: statSync(file).mtimeMs }));
    expectGateBlocked(await run(cache));
    // V8 took them: the loader rewrites only a cache it did not use.
    stored.forEach((file, i) => {
      expect(statSync(file).mtimeMs).toBe(before[i]?.written);
      expect(readFileSync(file).equals(before[i]?.bytes ?? Buffer.alloc(0))).toBe(true);
    });
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
    // Each part's cache damaged alone, then both.
    for (const parts of [[0], [1], PARTS]) {
      const cache = tempDir();
      await run(cache);
      const planted = parts.map((part) => {
        const stored = cacheFile(cache, part);
        damage(stored, foreign[part] as ForeignCaches);
        return readFileSync(stored);
      });
      expectGateBlocked(await run(cache));
      parts.forEach((part, i) => {
        expect(cacheIsIntact(cacheFile(cache, part))).toBe(true);
        expect(readFileSync(cacheFile(cache, part)).equals(planted[i] ?? Buffer.alloc(0))).toBe(false);
      });
    }
  });

  it.runIf(cli === "claude")("runs under other V8 flags beside the plain cache, each keyed by its flags", async () => {
    const cache = tempDir();
    expectGateBlocked(await run(cache));
    expectGateBlocked(await run(cache, ["--max-lazy"]));
    expectGateBlocked(await run(cache, ["--max-lazy"]));
    // Two of each part: the first part's and the second's (the shell parser, which `gh pr merge` needs).
    expect(readdirSync(cache).filter((name) => name.endsWith(".bin"))).toHaveLength(4);
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

// A line the prefilter clears reads the bundle's first part alone in every CLI, those that look for a session being
// typed into (Codex) too: their session tables are small enough to be in the first part (split.ts).
describe.each(CLIS)("a cleared line in merge-gate's shipped file for %s", (cli) => {
  it("reads the first part of the bundle alone", async () => {
    const cache = tempDir();
    const payload = JSON.parse(input(cli)) as { tool_input: { command: string }; cwd: string };
    payload.tool_input.command = "git status --short && gh pr view 12 --json state";
    payload.cwd = tempDir();
    const env = { HOOKRAIL_CACHE_DIR: cache, HOME: tempDir(), XDG_CONFIG_HOME: tempDir() };
    const answer = await runBundle(bundlePath("merge-gate", cli), JSON.stringify(payload), { env });
    expect(cliRunsTool(cli, answer), answer.stderr).toBe(true);
    expect(cacheFiles(cache).map(cachePart)).toEqual([0]);
  });
});

// Each part's cache holds what the runs that used the part compiled. A first call the prefilter skips (`ls`) reads the
// first part alone: its cache alone is made, without the shell parser, which is in the second part. The first line read
// in full reads the second part too, making its cache (the parser), and marks that path (core's cache-paths.ts), so
// the first part's cache is made again with what that run compiled of it; later lines use both as they are.
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
      for (const stored of cacheFiles(cache)) expect(cacheIsIntact(stored)).toBe(true);
      const bytes = readFileSync(cacheFile(cache));
      return { bytes, paths: bytes.readUInt32LE(12), files: cacheFiles(cache).map((f) => readFileSync(f)) };
    };
    const plain = await runs("ls -la");
    expect(plain.paths & PATH_BITS.parse).toBe(0);
    expect(plain.files).toHaveLength(1);
    const full = await runs('grep -rn "TODO" src/ 2>&1 | head -n 20 && echo "done: $(date)"');
    expect(full.paths & PATH_BITS.parse).toBe(PATH_BITS.parse);
    expect(full.paths & plain.paths).toBe(plain.paths);
    expect(full.files).toHaveLength(2);
    // The second part's cache holds the parser: measured about 200 KB (the first part's about 170 KB).
    const parser = readFileSync(cacheFile(cache, 1));
    expect(parser.length).toBeGreaterThan(100 * 1024);
    expect(parser.readUInt32LE(12) & PATH_BITS.parse).toBe(PATH_BITS.parse);
    const same = (a: Buffer[], b: Buffer[]) =>
      a.length === b.length && a.every((bytes, i) => bytes.equals(b[i] as Buffer));
    const again = await runs('find . -name "*.ts" | xargs wc -l > /tmp/lines.txt');
    expect(same(again.files, full.files)).toBe(true);
    expect(same((await runs("ls -la")).files, full.files)).toBe(true);
  });
});
