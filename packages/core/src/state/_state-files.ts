// The state store's file primitives: atomic writes and tolerant listing (its lock is _file-lock.ts).
import { readdirSync, renameSync, statSync, writeFileSync } from "node:fs";
import { describeError, HookrailError } from "../model/errors.ts";
import { removeFile } from "../platform/_remove-file.ts";

/** Writes a unique temp file and renames it over `file`: readers see the old or the new text, never half. */
export function writeAtomic(file: string, text: string): void {
  // Unique enough with the pid: a name is only ever taken by one live writer (O_EXCL is not needed for it).
  const temp = `${file}.${process.pid}.${Math.random().toString(36).slice(2, 10)}.tmp`;
  try {
    writeFileSync(temp, text, { mode: 0o600 });
    renameSync(temp, file);
  } catch (error) {
    removeFile(temp);
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
