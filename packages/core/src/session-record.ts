// What a session was last told about its checkout: one state entry per session, written by worktree-check
// at session start and by branch-drift whenever it delivers a note (or learns silently). Pure: no I/O here.

import * as z from "zod/mini";
import type { StateEntry } from "./state.ts";

/** The state namespace both guardrails share; the key is the CLI's session id. */
export const SESSION_NAMESPACE = "checkout-sessions";

// Built on first use: constructing zod schemas at module load is start-up time on every hook call.
const recordSchema = () =>
  z.object({
    /** The worktree's top folder, as `git rev-parse --show-toplevel` prints it. */
    worktree: z.string().check(z.minLength(1)),
    /** null when HEAD was detached. */
    branch: z.nullable(z.string()),
    /** null when the repository had no commits. */
    head: z.nullable(z.string()),
  });
let sessionRecord: ReturnType<typeof recordSchema> | undefined;

export type SessionRecord = z.infer<ReturnType<typeof recordSchema>>;

export interface RecordedSession extends SessionRecord {
  sessionId: string;
  updatedAt: number;
}

/** A state entry as a session record; anything malformed reads as no record. */
export function readRecord(entry: StateEntry | undefined): RecordedSession | undefined {
  if (!entry) return undefined;
  sessionRecord ??= recordSchema();
  const parsed = sessionRecord.safeParse(entry.value);
  return parsed.success ? { ...parsed.data, sessionId: entry.key, updatedAt: entry.updatedAt } : undefined;
}

/** The value to store: only the record's own fields. */
export const recordValue = ({ worktree, branch, head }: SessionRecord): SessionRecord => ({ worktree, branch, head });

/** "main at 1a2b3c4 in /repo", "detached HEAD at 1a2b3c4 in /repo", "main (no commits yet) in /repo". */
export function describeCheckout({ worktree, branch, head }: SessionRecord): string {
  const at = head ? ` at ${shortSha(head)}` : " (no commits yet)";
  return `${branch ? `branch ${branch}` : "detached HEAD"}${at} in ${worktree}`;
}

export const shortSha = (sha: string) => sha.slice(0, 7);
