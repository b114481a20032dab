// branch-drift's code cache comes to hold the comparison with the session's record. The session's first event only
// writes the record, and the cache it makes lacks the comparison: without a path of its own, every later call would
// compile it again (3.4 M instructions a call, measured).
import { readFileSync } from "node:fs";
import { PATH_BITS } from "@hookrail/core";
import { bundlePath, cacheFile, cacheIsIntact, gitRepo, hookPayload, runBundle, tempDir } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";
import { CLIS } from "./helpers.ts";

describe("branch-drift's code cache", () => {
  it("is made again by the first call that compares with the record, and then stays", async () => {
    const repo = gitRepo();
    const cache = tempDir();
    const env = {
      HOOKRAIL_CACHE_DIR: cache,
      HOOKRAIL_STATE_DIR: tempDir(),
      HOME: tempDir(),
      XDG_CONFIG_HOME: tempDir(),
    };
    const edit = JSON.stringify(hookPayload("claude", CLIS.claude.before, { cwd: repo.dir, sessionId: "s" }));
    const run = async () => {
      const answer = await runBundle(bundlePath("branch-drift", "claude"), edit, { env });
      expect(answer.exitCode, answer.stderr).toBe(0);
      expect(cacheIsIntact(cacheFile(cache))).toBe(true);
      const bytes = readFileSync(cacheFile(cache));
      return { bytes, paths: bytes.readUInt32LE(12) };
    };
    const first = await run();
    expect(first.paths & PATH_BITS.recorded).toBe(0);
    const compared = await run();
    expect(compared.paths & PATH_BITS.recorded).toBe(PATH_BITS.recorded);
    expect(compared.paths & first.paths).toBe(first.paths);
    expect(compared.bytes.length).toBeGreaterThan(first.bytes.length);
    const again = await run();
    expect(again.bytes.equals(compared.bytes)).toBe(true);
  });
});
