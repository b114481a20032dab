// The audit log's files: a folder of segments named by day (`2026-12-01.jsonl`, then `2026-12-01.1.jsonl`… once
// one is full), one JSON line per entry. Many hook processes append at once with no daemon and no lock: each
// entry is one write(2) to a file opened with O_APPEND, which the kernel puts at the end whole, so lines are
// neither lost nor torn (test/audit.test.ts runs 32 writers). Retention: when a writer starts a new segment it
// deletes segments older than maxAgeDays and, oldest first, those that leave the folder over maxBytes.
// Only node:fs and node:path: the shipped loader carries a copy of this code for its start-failure entries.
import { appendFileSync, mkdirSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { removeFile } from "../platform/_remove-file.ts";

export interface AuditLimits {
  /** Entries older than this many days are dropped. */
  maxAgeDays: number;
  /** The folder never holds much more than this. */
  maxBytes: number;
}

export const DEFAULT_AUDIT_LIMITS: AuditLimits = { maxAgeDays: 30, maxBytes: 4 * 1024 * 1024 };

const DAY_MS = 24 * 60 * 60 * 1000;
const SEGMENT = /^(\d{4}-\d{2}-\d{2})(?:\.(\d{1,6}))?\.jsonl$/;

interface Segment {
  name: string;
  day: string;
  index: number;
}

/** A segment is full at an eighth of the budget (at least 16 KB): pruning frees space an eighth at a time. */
export const segmentBytes = (limits: AuditLimits): number => Math.max(16 * 1024, Math.floor(limits.maxBytes / 8));

const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
const nameOf = (day: string, index: number): string => (index === 0 ? `${day}.jsonl` : `${day}.${index}.jsonl`);

function sizeOf(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
}

/** The folder's segments, oldest first. */
export function auditSegments(dir: string): Segment[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const segments: Segment[] = [];
  for (const name of names) {
    const match = SEGMENT.exec(name);
    if (match) segments.push({ name, day: match[1] as string, index: Number(match[2] ?? 0) });
  }
  return segments.sort((a, b) => (a.day === b.day ? a.index - b.index : a.day < b.day ? -1 : 1));
}

/** Appends one line (an entry's JSON) to today's segment; throws when the folder cannot be written. */
export function appendAuditLine(dir: string, line: string, limits: AuditLimits, now: number): void {
  const day = dayOf(now);
  const text = `${line.replace(/\n/g, " ")}\n`;
  // The common case asks two questions instead of listing the folder: today's first segment has room and none follows.
  const first = join(dir, nameOf(day, 0));
  const size = statSync(first, { throwIfNoEntry: false })?.size;
  if (
    size !== undefined &&
    size < segmentBytes(limits) &&
    statSync(join(dir, nameOf(day, 1)), { throwIfNoEntry: false }) === undefined
  ) {
    appendFileSync(first, text, { mode: 0o600 });
    return;
  }
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const today = auditSegments(dir).filter((s) => s.day === day);
  let index = today.length ? (today[today.length - 1] as Segment).index : 0;
  let started = today.length === 0;
  if (!started && sizeOf(join(dir, nameOf(day, index))) >= segmentBytes(limits)) {
    index++;
    started = true;
  }
  appendFileSync(join(dir, nameOf(day, index)), text, { mode: 0o600 });
  if (started) pruneAudit(dir, limits, now);
}

/** Deletes segments past the age limit, then the oldest ones while the folder is over its size budget. */
export function pruneAudit(dir: string, limits: AuditLimits, now: number): void {
  const segments = auditSegments(dir);
  const oldest = dayOf(now - limits.maxAgeDays * DAY_MS);
  const sizes = segments.map((s) => sizeOf(join(dir, s.name)));
  let total = sizes.reduce((a, b) => a + b, 0);
  // Room for the segment being filled; the newest segment is never deleted here.
  const budget = limits.maxBytes - segmentBytes(limits);
  for (let i = 0; i < segments.length - 1; i++) {
    const segment = segments[i] as Segment;
    if (segment.day >= oldest && total <= budget) continue;
    try {
      removeFile(join(dir, segment.name));
      total -= sizes[i] ?? 0;
    } catch {
      // Another process's turn: it prunes next time.
    }
  }
}

/** Every line of every segment, oldest segment first (a line cut short by a full disk is kept as text). */
export function readAuditLines(dir: string): string[] {
  const lines: string[] = [];
  for (const segment of auditSegments(dir)) {
    let text: string;
    try {
      text = readFileSync(join(dir, segment.name), "utf8");
    } catch {
      continue;
    }
    for (const line of text.split("\n")) if (line) lines.push(line);
  }
  return lines;
}
