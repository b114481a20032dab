// File I/O for installs: read another tool's file, write atomically (keeping its mode), and check
// up front that every file can be written, so an install never stops half-way through.
import { createHash } from "node:crypto";
import {
  accessSync,
  constants,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { UserError } from "./errors.ts";

/** A folder a CLI's variable names: a leading `~` is the home folder (as the CLIs read it), anything else resolved. */
export const homeRelative = (dir: string, home: string): string =>
  dir === "~" || dir.startsWith("~/") ? join(home, dir.slice(1)) : resolve(dir);

export const readText = (file: string): string | null => (existsSync(file) ? readFileSync(file, "utf8") : null);

export function writeAtomic(file: string, content: string): void {
  mkdirSync(dirname(file), { recursive: true });
  const mode = existsSync(file) ? statSync(file).mode : undefined;
  const temp = `${file}.hookrail-${process.pid}.tmp`;
  writeFileSync(temp, content, mode === undefined ? {} : { mode });
  renameSync(temp, file);
}

/**
 * Throws, naming the file, when it (or the folder it would be created in) cannot be written. A file
 * without any write permission bit counts as read-only even for root: someone locked it on purpose.
 */
export function assertWritable(file: string): void {
  let target = file;
  while (!existsSync(target)) {
    const parent = dirname(target);
    if (parent === target) break;
    target = parent;
  }
  const locked = target === file && (statSync(file).mode & 0o222) === 0;
  try {
    if (locked) throw new Error("read-only");
    accessSync(target, constants.W_OK);
  } catch {
    throw new UserError(`${target} is not writable, so nothing was changed; make it writable, then run again`);
  }
}

/**
 * A digest of every file's path and content under `root` ("" when it does not exist), but for the files at its top
 * named in `except`.
 */
export function treeDigest(root: string, except: readonly string[] = []): string {
  if (!existsSync(root)) return "";
  const hash = createHash("sha256");
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      if (dir === root && except.includes(entry.name)) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else hash.update(relative(root, path)).update("\0").update(readFileSync(path)).update("\0");
    }
  };
  walk(root);
  return hash.digest("hex");
}

/**
 * Both folders exist and hold the same files; with `except`, `b` is what copying `a` without those files at its top
 * leaves (so a `b` that still has one of them differs).
 */
export const sameTree = (a: string, b: string, except: readonly string[] = []): boolean =>
  existsSync(a) && existsSync(b) && treeDigest(a, except) === treeDigest(b);
