// What a session was last told about its checkouts: one state entry per session, written by worktree-check
// at session start and by branch-drift whenever it delivers a note (or learns silently). Pure: no I/O here.

import * as z from "zod/mini";
import type { StateEntry } from "./state.ts";

/** The state namespace both guardrails share; the key is the CLI's session id. */
export const SESSION_NAMESPACE = "checkout-sessions";

/** A session keeps at most this many other checkouts (worktrees it made or edited in) and pending moves. */
export const MAX_OTHER_CHECKOUTS = 8;

// Built on first use: constructing zod schemas at module load is start-up time on every hook call.
const checkoutSchema = () =>
  z.object({
    /** The worktree's top folder, as `git rev-parse --show-toplevel` prints it. */
    worktree: z.string().check(z.minLength(1)),
    /** null when HEAD was detached. */
    branch: z.nullable(z.string()),
    /** null when the repository had no commits. */
    head: z.nullable(z.string()),
  });
const recordSchema = () => {
  const checkout = checkoutSchema();
  return z.object({
    ...checkout.shape,
    /** Other checkouts the session works in: worktrees it made, folders of files it edited. */
    others: z.optional(z.array(checkout)),
    /** Checkouts as they were before a shell command whose start could not tell the model about a move. */
    pending: z.optional(z.array(z.object({ id: z.string(), before: z.array(checkout) }))),
  });
};
let sessionRecord: ReturnType<typeof recordSchema> | undefined;

/** The schema a stored record is read with (built on first use). */
export const sessionRecordSchema = (): ReturnType<typeof recordSchema> => {
  sessionRecord ??= recordSchema();
  return sessionRecord;
};

export type SessionRecord = z.infer<ReturnType<typeof checkoutSchema>>;
export type SessionRecordValue = z.infer<ReturnType<typeof recordSchema>>;
export type PendingShell = NonNullable<SessionRecordValue["pending"]>[number];

export interface RecordedSession extends SessionRecordValue {
  sessionId: string;
  updatedAt: number;
}

/** A state entry as a session record; anything malformed reads as no record. */
export function readRecord(entry: StateEntry | undefined): RecordedSession | undefined {
  if (!entry) return undefined;
  const plain = plainRecordValue(entry.value);
  const parsed = plain ? { success: true as const, data: plain } : sessionRecordSchema().safeParse(entry.value);
  return parsed.success ? { ...parsed.data, sessionId: entry.key, updatedAt: entry.updatedAt } : undefined;
}

// A record as worktree-check and branch-drift write it is read by hand, as the schema reads it (its own fields
// only): building and running the schema was 1.4 M instructions of a session start. Anything else goes to the
// schema; test/session-record.test.ts holds the two readings equal.
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const nullableString = (v: unknown): v is string | null => v === null || typeof v === "string";

function plainCheckout(v: unknown): SessionRecord | undefined {
  if (!isObject(v) || typeof v.worktree !== "string" || v.worktree === "") return undefined;
  const { worktree, branch, head } = v;
  return nullableString(branch) && nullableString(head) ? { worktree, branch, head } : undefined;
}

function plainCheckouts(v: unknown): SessionRecord[] | undefined {
  if (!Array.isArray(v)) return undefined;
  const checkouts: SessionRecord[] = [];
  for (const item of v) {
    const checkout = plainCheckout(item);
    if (!checkout) return undefined;
    checkouts.push(checkout);
  }
  return checkouts;
}

/** The record the schema would read from `v`, when `v` plainly is one; undefined: ask the schema. */
export function plainRecordValue(v: unknown): SessionRecordValue | undefined {
  const first = plainCheckout(v);
  if (!first || !isObject(v)) return undefined;
  const value: SessionRecordValue = first;
  if (v.others !== undefined) {
    const others = plainCheckouts(v.others);
    if (!others) return undefined;
    value.others = others;
  }
  if (v.pending !== undefined) {
    if (!Array.isArray(v.pending)) return undefined;
    const pending: PendingShell[] = [];
    for (const item of v.pending) {
      if (!isObject(item) || typeof item.id !== "string") return undefined;
      const before = plainCheckouts(item.before);
      if (!before) return undefined;
      pending.push({ id: item.id, before });
    }
    value.pending = pending;
  }
  return value;
}

/** The value to store: only the record's own fields (empty lists left out). */
export function recordValue(record: SessionRecordValue): SessionRecordValue {
  const { worktree, branch, head, others, pending } = record;
  return {
    worktree,
    branch,
    head,
    ...(others?.length ? { others: others.slice(-MAX_OTHER_CHECKOUTS).map(checkoutValue) } : {}),
    ...(pending?.length ? { pending: pending.slice(-MAX_OTHER_CHECKOUTS) } : {}),
  };
}

const checkoutValue = ({ worktree, branch, head }: SessionRecord): SessionRecord => ({ worktree, branch, head });

/** Every checkout the session knows: the one it was told about first, then the others. */
export const knownCheckouts = (record: SessionRecordValue): SessionRecord[] => [
  checkoutValue(record),
  ...(record.others ?? []),
];

/** Whether the session works in this worktree folder (its own, or one of the others it knows). */
export const worksIn = (record: SessionRecordValue, worktree: string): boolean =>
  knownCheckouts(record).some((c) => c.worktree === worktree);

/** "main at 1a2b3c4 in /repo", "detached HEAD at 1a2b3c4 in /repo", "main (no commits yet) in /repo". */
export function describeCheckout({ worktree, branch, head }: SessionRecord): string {
  const at = head ? ` at ${shortSha(head)}` : " (no commits yet)";
  return `${branch ? `branch ${branch}` : "detached HEAD"}${at} in ${worktree}`;
}

export const shortSha = (sha: string) => sha.slice(0, 7);
