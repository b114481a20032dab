// The loader makes a bundle's code cache at the exit of the run that found none, and first runs the bundle's `warm`
// (core's Guardrail.warm), so the cache also holds the code the first event did not need. It keeps in the cache the
// paths those runs took (core's cache-paths.ts) and makes it again only after a run that took one it lacks. A run
// that uses the cache as it is never warms, and a warm that throws changes neither the answer nor the exit code.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
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

/**
 * A bundle that answers `ok` and exports a warm that appends a line to $WARM_LOG (and throws when $WARM_THROWS is set).
 * `library`: it may also be required by a caller that answers in its own process.
 */
function bundle(dir: string, library = false): string {
  const code = `if (process.env.PATHS) globalThis[Symbol.for("hookrail.paths")] = Number(process.env.PATHS);
exports.warm = () => {
  require("fs").appendFileSync(process.env.WARM_LOG, "warm\\n");
  if (process.env.WARM_THROWS) throw new Error("warm failed");
};
exports.answer = async () => ({ exitCode: 0, stdout: "ok", stderr: "" });
if (!globalThis[Symbol.for("hookrail.library")]) process.stdout.write("ok");
`;
  const file = join(dir, "g.cjs");
  writeFileSync(file, loaderSource({ id: "g-0123456789abcdef", code, startFailure: FAILURE, audit: AUDIT, library }));
  return file;
}

function run(file: string, env: Record<string, string>, args: string[] = []) {
  const out = execFileSync(process.execPath, [...args, file], {
    encoding: "utf8",
    env: { PATH: process.env.PATH, ...env },
    input: "{}",
  });
  return out;
}

/** The paths a cache file says it holds: its header's last word. */
const pathsIn = (dir: string) => {
  const [name] = readdirSync(dir);
  return readFileSync(join(dir, name ?? "")).readUInt32LE(12);
};

const warms = (log: string) => (existsSync(log) ? readFileSync(log, "utf8").split("\n").filter(Boolean).length : 0);

describe("the loader's code cache and the bundle's warm", () => {
  it("warms once, when it makes the cache, and not on the runs that use it", () => {
    const dir = tempDir("loader-warm-");
    try {
      const file = bundle(dir);
      const env = { HOOKRAIL_CACHE_DIR: join(dir, "cache"), WARM_LOG: join(dir, "warm.log"), HOME: dir };
      expect(run(file, env)).toBe("ok");
      expect(warms(env.WARM_LOG)).toBe(1);
      expect(readdirSync(env.HOOKRAIL_CACHE_DIR)).toHaveLength(1);
      expect(run(file, env)).toBe("ok");
      expect(run(file, env)).toBe("ok");
      expect(warms(env.WARM_LOG)).toBe(1);
      // A cache that goes is made again, warmed again.
      rmSync(env.HOOKRAIL_CACHE_DIR, { recursive: true });
      expect(run(file, env)).toBe("ok");
      expect(warms(env.WARM_LOG)).toBe(2);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("makes the cache again after a run that took a path it lacks, and only then", () => {
    const dir = tempDir("loader-warm-");
    try {
      const file = bundle(dir);
      const cache = join(dir, "cache");
      const env = (paths: number) => ({
        HOOKRAIL_CACHE_DIR: cache,
        WARM_LOG: join(dir, "warm.log"),
        HOME: dir,
        PATHS: String(paths),
      });
      expect(run(file, env(8))).toBe("ok");
      expect(pathsIn(cache)).toBe(8);
      expect(warms(join(dir, "warm.log"))).toBe(1);
      // The same path, and a path it holds: used as it is.
      const made = readFileSync(join(cache, readdirSync(cache)[0] ?? ""));
      expect(run(file, env(8))).toBe("ok");
      expect(run(file, env(0))).toBe("ok");
      expect(readFileSync(join(cache, readdirSync(cache)[0] ?? "")).equals(made)).toBe(true);
      expect(warms(join(dir, "warm.log"))).toBe(1);
      // A new one: made again, holding both.
      expect(run(file, env(2))).toBe("ok");
      expect(pathsIn(cache)).toBe(10);
      expect(warms(join(dir, "warm.log"))).toBe(2);
      expect(run(file, env(10))).toBe("ok");
      expect(warms(join(dir, "warm.log"))).toBe(2);
      expect(readdirSync(cache)).toHaveLength(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("answers and exits as before when the warm throws, and still makes the cache", () => {
    const dir = tempDir("loader-warm-");
    try {
      const file = bundle(dir);
      const env = {
        HOOKRAIL_CACHE_DIR: join(dir, "cache"),
        WARM_LOG: join(dir, "warm.log"),
        HOME: dir,
        WARM_THROWS: "1",
      };
      expect(run(file, env)).toBe("ok");
      expect(warms(env.WARM_LOG)).toBe(1);
      expect(readdirSync(env.HOOKRAIL_CACHE_DIR)).toHaveLength(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("warms a bundle that answered in its caller's process too", () => {
    const dir = tempDir("loader-warm-");
    try {
      const file = bundle(dir, true);
      const caller = join(dir, "caller.cjs");
      writeFileSync(
        caller,
        `globalThis[Symbol.for("hookrail.library")] = true;
require(${JSON.stringify(file)}).answer("{}", []).then((a) => process.stdout.write(a.stdout));
`,
      );
      const env = { HOOKRAIL_CACHE_DIR: join(dir, "cache"), WARM_LOG: join(dir, "warm.log"), HOME: dir };
      expect(run(caller, env)).toBe("ok");
      expect(warms(env.WARM_LOG)).toBe(1);
      expect(run(caller, env)).toBe("ok");
      expect(warms(env.WARM_LOG)).toBe(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
