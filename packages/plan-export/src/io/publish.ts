// Writes one exported plan into its folder, safely: never overwrites (a taken name gets -2, -3, …), one
// file per content hash and outcome (even with two sessions exporting at once), and a crash leaves no
// partial file: the text goes to a temp file that is hard-linked to its final name.

import {
  closeSync,
  fsyncSync,
  linkSync,
  mkdirSync,
  openSync,
  readdirSync,
  readSync,
  renameSync,
  statSync,
  writeSync,
} from "node:fs";
import { join } from "node:path";
import { builtin } from "@hookrail/core";
import { removeFile, withFileLock } from "@hookrail/core/state";
import { readFrontMatter } from "../plan-text.ts";

const STALE_TEMP_MS = 60_000;
const LOCK_WAIT_MS = 2_000;
const TEMP_PREFIX = ".plan-export-";

export interface Published {
  path: string;
  /** false: this plan was already there (the same content, the same outcome). */
  created: boolean;
}

export function publishPlan(dir: string, fileName: string, content: string, hash: string, outcome: string): Published {
  mkdirSync(dir, { recursive: true });
  const found = findExport(dir, hash, outcome);
  if (found) return { path: found, created: false };
  const lock = join(dir, `${TEMP_PREFIX}${hash.slice(0, 16)}-${outcome}.lock`);
  // Two sessions exporting the same plan: one holds the lock and writes, the other then finds its file.
  return withFileLock(lock, LOCK_WAIT_MS, () => {
    const other = findExport(dir, hash, outcome);
    if (other) return { path: other, created: false };
    removeStaleTemps(dir);
    return { path: writeNew(dir, fileName, content), created: true };
  });
}

/** The file of ours in `dir` that holds this content with this outcome (read from its front matter). */
export function findExport(dir: string, hash: string, outcome: string): string | undefined {
  for (const name of safeList(dir)) {
    if (!name.endsWith(".md") || name.startsWith(TEMP_PREFIX)) continue;
    const meta = readFrontMatter(readHead(join(dir, name)));
    if (meta?.hash === hash && meta.outcome === outcome) return join(dir, name);
  }
  return undefined;
}

function writeNew(dir: string, fileName: string, content: string): string {
  const temp = join(
    dir,
    `${TEMP_PREFIX}${process.pid}-${builtin<typeof import("node:crypto")>("node:crypto").randomBytes(4).toString("hex")}.tmp`,
  );
  const fd = openSync(temp, "wx");
  try {
    writeSync(fd, content);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    const stem = fileName.replace(/\.md$/, "");
    for (let n = 1; ; n++) {
      const target = join(dir, n === 1 ? fileName : `${stem}-${n}.md`);
      if (publishAs(temp, target)) return target;
    }
  } finally {
    removeFile(temp);
  }
}

/** link() fails when the name is taken, so an existing file is never replaced. */
function publishAs(temp: string, target: string): boolean {
  try {
    linkSync(temp, target);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EEXIST") return false;
    if (code !== "EPERM" && code !== "ENOTSUP" && code !== "EOPNOTSUPP" && code !== "ENOSYS") throw error;
  }
  // File systems without hard links: check, then rename (a race is possible only with another plan's name).
  if (safeStat(target)) return false;
  renameSync(temp, target);
  return true;
}

function removeStaleTemps(dir: string): void {
  for (const name of safeList(dir)) {
    if (!name.startsWith(TEMP_PREFIX) || !name.endsWith(".tmp")) continue;
    const stat = safeStat(join(dir, name));
    if (stat && Date.now() - stat.mtimeMs > STALE_TEMP_MS) removeFile(join(dir, name));
  }
}

function readHead(path: string): string {
  try {
    const fd = openSync(path, "r");
    try {
      const buffer = Buffer.alloc(4096);
      return buffer.subarray(0, readSync(fd, buffer, 0, buffer.length, 0)).toString("utf8");
    } finally {
      closeSync(fd);
    }
  } catch {
    return "";
  }
}

const safeList = (dir: string): string[] => {
  try {
    return readdirSync(dir).sort();
  } catch {
    return [];
  }
};

const safeStat = (path: string) => {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
};
