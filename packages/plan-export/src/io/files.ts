// Careful file reads for plan-export: missing files are not errors, big files are read in part.
import { closeSync, openSync, readFileSync, readSync, statSync } from "node:fs";

const MAX_PLAN_BYTES = 1024 * 1024;

const isMissing = (error: unknown) => {
  const code = (error as NodeJS.ErrnoException).code;
  return code === "ENOENT" || code === "ENOTDIR" || code === "EISDIR";
};

/** A text file's content, or undefined when it does not exist (or is larger than a plan can be). */
export function readText(path: string): string | undefined {
  try {
    if (statSync(path).size > MAX_PLAN_BYTES) return undefined;
    return readFileSync(path, "utf8");
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
}

export type FileState = { state: "ok"; text: string } | { state: "missing" | "empty" };

export function fileState(path: string): FileState {
  const text = readText(path);
  if (text === undefined) return { state: "missing" };
  return text.trim() ? { state: "ok", text } : { state: "empty" };
}

/** Complete lines from the start (`head`) or the end (`tail`) of a file, at most `bytes` read. */
export function readLines(path: string, where: "head" | "tail", bytes: number): string[] {
  let fd: number;
  try {
    fd = openSync(path, "r");
  } catch (error) {
    if (isMissing(error)) return [];
    throw error;
  }
  try {
    const size = statSync(path).size;
    const length = Math.min(size, bytes);
    const start = where === "head" ? 0 : size - length;
    const buffer = Buffer.alloc(length);
    const read = readSync(fd, buffer, 0, length, start);
    const lines = buffer.subarray(0, read).toString("utf8").split("\n");
    // Drop the partial line at the cut.
    if (where === "head" && length < size) lines.pop();
    if (where === "tail" && start > 0) lines.shift();
    return lines.filter((line) => line.trim() !== "");
  } finally {
    closeSync(fd);
  }
}
