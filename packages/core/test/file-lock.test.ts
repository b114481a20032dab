// The one file lock (the state store's, and plan-export's when it publishes a plan): exclusive across real
// processes, a dead holder's lock broken, a live one waited for and then refused.
import { existsSync, readFileSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { tempDir } from "@hookrail/test-utils";
import { execa } from "execa";
import { describe, expect, it } from "vitest";
import { STALE_LOCK_MS, withFileLock } from "../src/state/state.ts";
import { writerScript } from "./_writer-script.ts";

describe("withFileLock", () => {
  it("runs the body, returns its value, and removes the lock, also when the body throws", () => {
    const lock = join(tempDir(), "a.lock");
    expect(withFileLock(lock, 0, () => (existsSync(lock) ? "held" : "not held"))).toBe("held");
    expect(existsSync(lock)).toBe(false);
    expect(() =>
      withFileLock(lock, 0, () => {
        throw new Error("body failed");
      }),
    ).toThrow("body failed");
    expect(existsSync(lock)).toBe(false);
  });

  it.each([
    ["a fresh lock is waited for, then refused", 0, /stayed locked for 30 ms/],
    ["a lock older than the stale time is broken", STALE_LOCK_MS + 5_000, null],
  ])("%s", (_name, ageMs, refusal) => {
    const lock = join(tempDir(), "b.lock");
    writeFileSync(lock, "");
    const then = new Date(Date.now() - ageMs);
    utimesSync(lock, then, then);
    const run = () => withFileLock(lock, 30, () => "ran");
    if (refusal) expect(run).toThrow(refusal);
    else expect(run()).toBe("ran");
  });

  it("a lock in a folder that cannot hold it is a state error", () => {
    expect(() => withFileLock(join(tempDir(), "missing", "c.lock"), 0, () => 1)).toThrow(/cannot lock/);
  });
});

describe("withFileLock across processes (slow: real processes)", () => {
  it("six processes incrementing one plain file lose no increment", { timeout: 60_000 }, async () => {
    const work = tempDir("hookrail-lock-");
    const script = await writerScript(new URL("./lock-writer.ts", import.meta.url), work);
    const counter = join(work, "counter");
    writeFileSync(counter, "0");
    const [processes, rounds] = [6, 40];
    await Promise.all(
      Array.from({ length: processes }, () => execa(process.execPath, [script, counter, String(rounds)])),
    );
    expect(Number(readFileSync(counter, "utf8"))).toBe(processes * rounds);
    expect(existsSync(`${counter}.lock`)).toBe(false);
  });
});
