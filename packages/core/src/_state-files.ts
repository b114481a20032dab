// The state store's file primitives: a cross-process lock file (O_EXCL create, jittered back-off, a dead
// holder's lock is broken) and atomic writes. Synchronous: the sections they guard take microseconds.
import { closeSync, lstatSync, openSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { builtin } from "./_builtin.ts";
import { describeError, HookrailError } from "./errors.ts";

/** A holder takes microseconds; a lock this old was left by a process that died holding it. */
export const STALE_LOCK_MS = 10_000;

const sleeper = new Int32Array(new SharedArrayBuffer(4));

/** Runs `body` while holding `lockFile`; waits up to timeoutMs for another holder, then throws a "state" error. */
export function withFileLock<T>(lockFile: string, timeoutMs: number, body: () => T): T {
  const deadline = Date.now() + timeoutMs;
  for (let attempt = 0; ; attempt++) {
    try {
      closeSync(openSync(lockFile, "wx", 0o600));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") {
        throw new HookrailError("state", `cannot lock ${lockFile} (${describeError(error)})`, { cause: error });
      }
      if (Date.now() >= deadline) throw new HookrailError("state", `${lockFile} stayed locked for ${timeoutMs} ms`);
      // Jittered exponential back-off (1–25 ms) so fifty waiting writers do not retry in lockstep.
      if (!breakIfStale(lockFile)) Atomics.wait(sleeper, 0, 0, Math.min(2 ** attempt, 25) * (0.5 + Math.random()));
      continue;
    }
    try {
      return body();
    } finally {
      rmSync(lockFile, { force: true });
    }
  }
}

function breakIfStale(lockFile: string): boolean {
  let mtimeMs: number;
  try {
    mtimeMs = lstatSync(lockFile).mtimeMs;
  } catch {
    return true; // released meanwhile: try again at once
  }
  if (Date.now() - mtimeMs < STALE_LOCK_MS) return false;
  try {
    // Two breakers racing may both remove it; the loser then removes a fresh lock. That needs a holder
    // to have died first and a second race inside microseconds; the cost would be one lost update.
    rmSync(lockFile, { force: true });
    return true;
  } catch {
    return false;
  }
}

/** Writes a unique temp file and renames it over `file`: readers see the old or the new text, never half. */
export function writeAtomic(file: string, text: string): void {
  const temp = `${file}.${process.pid}.${builtin<typeof import("node:crypto")>("node:crypto").randomBytes(4).toString("hex")}.tmp`;
  try {
    writeFileSync(temp, text, { mode: 0o600 });
    renameSync(temp, file);
  } catch (error) {
    rmSync(temp, { force: true });
    throw new HookrailError("state", `cannot write ${file} (${describeError(error)})`, { cause: error });
  }
}

export function safeReaddir(folder: string): string[] {
  try {
    return readdirSync(folder);
  } catch {
    return [];
  }
}

export function ageMs(path: string): number {
  try {
    return Date.now() - statSync(path).mtimeMs;
  } catch {
    return 0;
  }
}
