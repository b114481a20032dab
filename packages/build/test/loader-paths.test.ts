// The loader makes a bundle's code cache at the exit of the run that found none. It keeps in the cache the paths
// those runs took (core's cache-paths.ts) and makes it again, with what it held and what the run compiled, only
// after a run that took a path it lacks: a run that uses the cache as it is leaves the file alone.
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { tempDir } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";
import { loaderSource } from "../src/loader.ts";

const AUDIT = {
  guardrail: "g",
  decision: "failed-closed" as const,
  code: "var hookrailAudit = { auditStartFailure() {} };",
};
const FAILURE = { exitCode: 2, stdout: "", stderr: "g: could not start\n" };

/** A bundle that marks the paths $PATHS names and answers `ok`; `library`: a caller may require it to answer. */
function bundle(dir: string, library = false): string {
  const code = `if (process.env.PATHS) globalThis[Symbol.for("hookrail.paths")] = Number(process.env.PATHS);
exports.answer = async () => ({ exitCode: 0, stdout: "ok", stderr: "" });
if (!globalThis[Symbol.for("hookrail.library")]) process.stdout.write("ok");
`;
  const file = join(dir, "g.cjs");
  writeFileSync(file, loaderSource({ id: "g-0123456789abcdef", code, startFailure: FAILURE, audit: AUDIT, library }));
  return file;
}

const run = (file: string, env: Record<string, string>) =>
  execFileSync(process.execPath, [file], { encoding: "utf8", env: { PATH: process.env.PATH, ...env }, input: "{}" });

/** The one cache file in `dir`: its bytes, and the paths its header says it holds. */
const cacheIn = (dir: string) => {
  const names = readdirSync(dir);
  expect(names).toHaveLength(1);
  const bytes = readFileSync(join(dir, names[0] ?? ""));
  return { bytes, paths: bytes.readUInt32LE(12) };
};

describe("the loader's code cache and the paths a run took", () => {
  it("makes the cache again after a run that took a path it lacks, and only then", () => {
    const dir = tempDir("loader-paths-");
    try {
      const file = bundle(dir);
      const cache = join(dir, "cache");
      const env = (paths: number) => ({ HOOKRAIL_CACHE_DIR: cache, HOME: dir, PATHS: String(paths) });
      expect(run(file, env(8))).toBe("ok");
      const made = cacheIn(cache);
      expect(made.paths).toBe(8);
      // The same path, and none: used as it is.
      expect(run(file, env(8))).toBe("ok");
      expect(run(file, env(0))).toBe("ok");
      expect(cacheIn(cache).bytes.equals(made.bytes)).toBe(true);
      // A new one: made again, holding both; then used as it is.
      expect(run(file, env(2))).toBe("ok");
      const again = cacheIn(cache);
      expect(again.paths).toBe(10);
      expect(again.bytes.equals(made.bytes)).toBe(false);
      expect(run(file, env(10))).toBe("ok");
      expect(cacheIn(cache).bytes.equals(again.bytes)).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("does the same for a bundle that answered in its caller's process", () => {
    const dir = tempDir("loader-paths-");
    try {
      const file = bundle(dir, true);
      const caller = join(dir, "caller.cjs");
      writeFileSync(
        caller,
        `globalThis[Symbol.for("hookrail.library")] = true;
require(${JSON.stringify(file)}).answer("{}", []).then((a) => process.stdout.write(a.stdout));
`,
      );
      const cache = join(dir, "cache");
      expect(run(caller, { HOOKRAIL_CACHE_DIR: cache, HOME: dir, PATHS: "2" })).toBe("ok");
      expect(cacheIn(cache).paths).toBe(2);
      expect(run(caller, { HOOKRAIL_CACHE_DIR: cache, HOME: dir, PATHS: "256" })).toBe("ok");
      expect(cacheIn(cache).paths).toBe(258);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
