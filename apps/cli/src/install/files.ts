// File I/O for installs: read another tool's file, write atomically (keeping its mode), and check
// up front that every file can be written, so an install never stops half-way through.
import {
  accessSync,
  constants,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { dirname } from "node:path";
import { UserError } from "../registry.ts";

export const readText = (file: string): string | null => (existsSync(file) ? readFileSync(file, "utf8") : null);

export function writeAtomic(file: string, content: string): void {
  mkdirSync(dirname(file), { recursive: true });
  const mode = existsSync(file) ? statSync(file).mode : undefined;
  const temp = `${file}.hookrail-${process.pid}.tmp`;
  writeFileSync(temp, content, mode === undefined ? {} : { mode });
  renameSync(temp, file);
}

/** Throws, naming the file, when it (or the folder it would be created in) cannot be written. */
export function assertWritable(file: string): void {
  let target = file;
  while (!existsSync(target)) {
    const parent = dirname(target);
    if (parent === target) break;
    target = parent;
  }
  try {
    accessSync(target, constants.W_OK);
  } catch {
    throw new UserError(`${target} is not writable, so nothing was changed; make it writable, then run again`);
  }
}
