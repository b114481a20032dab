// The one cross-process lock of hookrail: a lock file created with O_EXCL, jittered back-off while another
// process holds it, and a dead holder's lock broken. Used by the state store and by plan-export's publishing.
import { closeSync, lstatSync, openSync } from "node:fs";
import { describeError, HookrailError } from "../model/errors.ts";
import { removeFile } from "../platform/_remove-file.ts";

/**
 * A lock this old was left by a process that died holding it: holders take milliseconds, and a hook runs
 * for seconds at most (the runtime's deadline is 5 s).
 */
export const STALE_LOCK_MS = 10_000;

const sleeper = new Int32Array(new SharedArrayBuffer(4));

/**
 * Runs `body` while holding `lockFile`; waits up to timeoutMs for another holder, then throws a "state" error.
 * Synchronous: the sections it guards are short, and a hook process has nothing else to do meanwhile.
 */
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
      removeFile(lockFile);
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
    removeFile(lockFile);
    return true;
  } catch {
    return false;
  }
}
