// branch-drift's facts (reading only): the session's record from the state store and the live checkouts, read from
// .git's files (@hookrail/core/git-fast: no git process for an unchanged checkout). git is started only for
// `merge-base --is-ancestor` when HEAD moved on the same branch, to read a checkout when the files cannot
// tell (GIT_DIR set, reftable refs, ...), and for the advice of a note. No simple-git (@hookrail/core/git)
// here: docs/development.md#no-simple-git-on-hot-paths.
import { existsSync, statSync } from "node:fs";
import { dirname, resolve } from "node:path";
import type { GuardrailContext } from "@hookrail/core";
import { findCheckout, gitExec, isAncestorFast, worktreeList } from "@hookrail/core/git-fast";
import { knownCheckouts, readRecord, SESSION_NAMESPACE } from "@hookrail/core/session-record";
import { guardrailState } from "@hookrail/core/state";
import { ancestryKey, ancestryQuestions, findMoves } from "./decide.ts";
import type { BranchDriftFacts, LiveCheckout, Phase, WorktreeAdvice } from "./types.ts";

export interface DriftEvent {
  sessionId: string;
  cwd: string;
  phase: Phase;
  /** Edited files (possibly relative to cwd), for edits. */
  files: string[];
  shell?: { id: string; command: string };
}

/** At most this many edited files' folders are read per event (a patch may touch many files). */
const MAX_FILES = 16;

export async function gatherFacts(event: DriftEvent, context: GuardrailContext): Promise<BranchDriftFacts> {
  const told = readRecord(guardrailState(context).get(SESSION_NAMESPACE, event.sessionId));
  // Each folder read once: the session's cwd is most often the checkout it was told about.
  const folders = event.phase.endsWith("shell")
    ? [...new Set([event.cwd, ...(told ? knownCheckouts(told).map((c) => c.worktree) : [])])]
    : editFolders(event);
  const live = distinct(await Promise.all(folders.map((dir) => liveCheckout(dir, context.env))));
  const base = { phase: event.phase, told, live, notesReachModel: context.notesReachModel, now: context.now };
  const facts: BranchDriftFacts = { ...base, descends: {}, ...(event.shell ? { shell: event.shell } : {}) };
  for (const [ancestor, descendant] of ancestryQuestions(facts)) {
    const at = live.find((c) => c.head === descendant)?.worktree ?? event.cwd;
    const descends = await isAncestorFast(at, ancestor, descendant, { env: context.env });
    // git could not tell (missing, or the told commit is gone): like an unreadable checkout, say nothing
    // about that checkout and keep what the session was told.
    if (descends === undefined) facts.live = facts.live.filter((c) => c.worktree !== at);
    else facts.descends[ancestryKey(ancestor, descendant)] = descends;
  }
  if (facts.notesReachModel && told) facts.advice = await adviceFor(facts, context.env);
  return facts;
}

/** The folders of the edited files (the nearest existing one: a write may create folders), else cwd. */
function editFolders(event: DriftEvent): string[] {
  const dirs = event.files.slice(0, MAX_FILES).map((file) => existingFolder(resolve(event.cwd, file)));
  return dirs.length ? [...new Set(dirs)] : [event.cwd];
}

function existingFolder(path: string): string {
  let dir = dirname(path);
  while (!isFolder(dir) && dirname(dir) !== dir) dir = dirname(dir);
  return dir;
}

const isFolder = (path: string) => statSync(path, { throwIfNoEntry: false })?.isDirectory() ?? false;

function distinct(list: (LiveCheckout | null)[]): LiveCheckout[] {
  const found: LiveCheckout[] = [];
  for (const c of list) if (c && !found.some((f) => f.worktree === c.worktree)) found.push(c);
  return found;
}

/** Branch, HEAD and worktree folder; null outside git, before the first commit, or when git cannot read it. */
async function liveCheckout(cwd: string, env: NodeJS.ProcessEnv): Promise<LiveCheckout | null> {
  if (!isFolder(cwd)) return null;
  const checkout = await findCheckout(cwd, env);
  return checkout?.head ? { worktree: checkout.topLevel, branch: checkout.branch, head: checkout.head } : null;
}

/** For each branch that moved away under the session: where a worktree for it could go, and whether it can. */
async function adviceFor(facts: BranchDriftFacts, env: NodeJS.ProcessEnv): Promise<Record<string, WorktreeAdvice>> {
  const advice: Record<string, WorktreeAdvice> = {};
  const known = facts.told ? knownCheckouts(facts.told) : [];
  // After a shell command, only what moved before it is someone else's move (and needs advice).
  const pending =
    facts.phase === "after-shell" ? facts.told?.pending?.find((p) => p.id === facts.shell?.id) : undefined;
  if (facts.phase === "after-shell" && !pending) return advice;
  for (const now of facts.live) {
    const told = known.find((c) => c.worktree === now.worktree);
    const live = pending ? pending.before.find((c) => c.worktree === now.worktree) : now;
    if (!live) continue;
    if (!told || findMoves(told, live, undefined)[0] !== "branch") continue;
    const ref = told.branch ?? told.head;
    if (!ref) continue;
    const [list, verify] = await Promise.all([
      worktreeList(live.worktree, env),
      gitExec(
        live.worktree,
        ["rev-parse", "--verify", "--quiet", `${told.branch ? `refs/heads/${ref}` : ref}^{commit}`],
        {
          env,
        },
      ),
    ]);
    const checkedOutIn = told.branch ? (list?.find((w) => w.branch === told.branch)?.path ?? null) : null;
    advice[live.worktree] = { path: freePath(live.worktree, ref), checkedOutIn, exists: verify.code === 0 };
  }
  return advice;
}

/** `<checkout>-<ref>` next to the checkout, with a number added while that folder exists. */
function freePath(worktree: string, ref: string): string {
  const name = ref.length === 40 || ref.length === 64 ? ref.slice(0, 7) : ref.replace(/[^\w.-]+/g, "-");
  const base = `${worktree.replace(/\/+$/, "")}-${name}`;
  let path = base;
  for (let n = 2; existsSync(path); n++) path = `${base}-${n}`;
  return path;
}
