// branch-drift's pure decision: what the session knows about its checkouts and what is true now in; a
// decision, and the record to store (if it changed), out.
import { allow, note } from "@hookrail/core";
import {
  knownCheckouts,
  type PendingShell,
  type RecordedSession,
  type SessionRecord,
  type SessionRecordValue,
} from "@hookrail/core/session-record";
import { driftText } from "./note.ts";
import type { BranchDriftOptions } from "./options.ts";
import { ownMoveText } from "./own-move.ts";
import type { BranchDriftFacts, DriftOutcome, Found, LiveCheckout, Move } from "./types.ts";

/** A session that only edits still refreshes its record this often, so worktree-check sees it as live. */
export const REFRESH_AFTER_MS = 10 * 60 * 1000;

export function findMoves(told: SessionRecord, live: SessionRecord, descends: boolean | undefined): Move[] {
  if (told.branch !== live.branch) return ["branch"];
  if (told.head !== null && live.head !== null && told.head !== live.head && descends === false) return ["history"];
  return [];
}

const ancestryKey = (a: string, b: string) => `${a}..${b}`;

/** HEAD moved on the same branch: only git can tell the session's commits from a rewrite (a git process). */
function ancestryQuestion(told: SessionRecord | undefined, live: SessionRecord | undefined): [string, string][] {
  if (!told || !live || told.head === null || live.head === null || told.head === live.head) return [];
  return told.branch === live.branch ? [[told.head, live.head]] : [];
}

/** The ancestry questions `decideBranchDrift` needs answered for these facts. */
export function ancestryQuestions(facts: Omit<BranchDriftFacts, "descends">): [string, string][] {
  if (!facts.told) return [];
  const pending = pendingOf(facts.told, facts.shell);
  return facts.live.flatMap((live) => {
    const told = find(knownCheckouts(facts.told as RecordedSession), live.worktree);
    // After a shell command, only the part before it can be someone else's move.
    if (facts.phase === "after-shell")
      return pending ? ancestryQuestion(told, find(pending.before, live.worktree)) : [];
    return ancestryQuestion(told, live);
  });
}

export function decideBranchDrift(facts: BranchDriftFacts, options: BranchDriftOptions): DriftOutcome {
  if (!options.enabled) return { decision: allow() };
  const { told, live } = facts;
  // Nothing readable to compare: say nothing and keep what the session was told.
  if (live.length === 0) return { decision: allow() };
  const first = live[0] as LiveCheckout;
  // Installed mid-session, or the record expired: learn the checkouts silently.
  if (!told) return { decision: allow(), record: { ...first, others: live.slice(1) } };
  const known = knownCheckouts(told);
  const pending = facts.phase === "after-shell" ? pendingOf(told, facts.shell) : undefined;
  const foreign: Found[] = [];
  const own: Found[] = [];
  const seen: SessionRecord[] = [];
  for (const now of live) {
    const before = find(known, now.worktree);
    // A checkout the session was never told about: it made it, or chose to edit there. Learned silently.
    if (!before) {
      seen.push(now);
      continue;
    }
    const start = pending ? find(pending.before, now.worktree) : undefined;
    const othersUntil = facts.phase === "after-shell" ? start : now;
    if (othersUntil) {
      const moves = findMoves(before, othersUntil, lookup(facts.descends, before, othersUntil));
      if (moves.length) foreign.push({ told: before, live: othersUntil, moves });
    }
    // What changed across the session's own shell command is the session's move (a branch change is said).
    if (facts.phase === "after-shell") {
      const from = start ?? before;
      if (from.branch !== now.branch) own.push({ told: from, live: now, moves: ["branch"] });
    }
    seen.push(now);
  }
  if (foreign.length && !facts.notesReachModel) {
    // The model would not see the note here (Gemini's BeforeTool): keep the move for the next channel it
    // does see (the AfterTool of this call). Before a shell command, keep the checkouts as they were too,
    // so that what the command itself moves is told apart afterwards.
    if (facts.phase !== "before-shell" || !facts.shell) return { decision: allow() };
    const held: PendingShell = { id: facts.shell.id, before: live.map(plain) };
    const others = (told.pending ?? []).filter((p) => p.id !== held.id);
    return { decision: allow(), record: { ...recordOf(told), pending: [...others, held] } };
  }
  const record = merge(told, seen, pending);
  const texts = [
    ...foreign.map((f) => driftText(f, facts.advice?.[f.live.worktree])),
    ...(facts.notesReachModel ? own.map((o) => ownMoveText(o, facts.shell?.command ?? "")) : []),
  ];
  const changed = !sameRecord(record, told);
  const due = facts.now - told.updatedAt >= REFRESH_AFTER_MS;
  const write = changed || due ? { record } : {};
  if (texts.length === 0) return { decision: allow(), ...write };
  const user = [...foreign, ...(facts.notesReachModel ? own : [])]
    .map(
      (f) =>
        `branch-drift: ${label(f.told)} -> ${label(f.live)} ${foreign.includes(f) ? "under this session" : "by this session's command"}`,
    )
    .join("; ");
  return { decision: note(texts.join("\n\n"), `${user}; the agent was told`), record };
}

function merge(told: RecordedSession, seen: SessionRecord[], pending: PendingShell | undefined): SessionRecordValue {
  const known = knownCheckouts(told).map((c) => find(seen, c.worktree) ?? c);
  const added = seen.filter((c) => !find(known, c.worktree));
  const [primary, ...others] = [...known, ...added] as [SessionRecord, ...SessionRecord[]];
  const rest = (told.pending ?? []).filter((p) => p !== pending);
  return { ...primary, ...(others.length ? { others } : {}), ...(rest.length ? { pending: rest } : {}) };
}

function recordOf(told: RecordedSession): SessionRecordValue {
  const { sessionId: _id, updatedAt: _at, ...value } = told;
  return value;
}

function sameRecord(a: SessionRecordValue, b: SessionRecordValue): boolean {
  const key = (r: SessionRecordValue) =>
    JSON.stringify([knownCheckouts(r).map((c) => [c.worktree, c.branch, c.head]), r.pending ?? []]);
  return key(a) === key(b);
}

const plain = ({ worktree, branch, head }: SessionRecord): SessionRecord => ({ worktree, branch, head });
const find = (list: readonly SessionRecord[], worktree: string) => list.find((c) => c.worktree === worktree);
const pendingOf = (told: SessionRecordValue, shell: BranchDriftFacts["shell"]) =>
  shell ? told.pending?.find((p) => p.id === shell.id) : undefined;
const lookup = (descends: Record<string, boolean>, a: SessionRecord, b: SessionRecord) =>
  a.head && b.head ? descends[ancestryKey(a.head, b.head)] : undefined;
export const label = (c: SessionRecord) => `${c.branch ?? "detached"}@${c.head ? c.head.slice(0, 7) : "none"}`;
export { ancestryKey };
