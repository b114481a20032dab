// The session-start note: the checkout's facts, then exactly one verdict line. Pure text.
import { basename, dirname, join, relative } from "node:path";
import { type Decision, note } from "@hookrail/core";
import type { Worktree } from "@hookrail/core/git";
import { type RecordedSession, shortSha } from "@hookrail/core/session-record";
import {
  type CheckoutFacts,
  countsText,
  isProtectedCheckout,
  type Verdict,
  type WorktreeCheckFacts,
} from "./checkout.ts";

export const VERDICT_HERE = "you can work in this directory";
export const VERDICT_WORKTREE = "open a separate worktree first";
const MAX_WORKTREES = 10;
const MINUTE = 60_000;

export function checkoutNote(f: CheckoutFacts, verdict: Verdict): Decision {
  const lines = [
    "worktree-check: the checkout this session works in",
    `- folder: ${f.topLevel} (${f.isLinkedWorktree ? `a linked worktree of ${f.worktrees[0]?.path ?? "this repository"}` : "the main worktree"})`,
    `- branch: ${f.branch ? `${f.branch}${isProtectedCheckout(f, f.branch) ? " (protected)" : ""}` : `detached HEAD at ${f.head ? shortSha(f.head) : "?"}`}`,
    `- HEAD: ${f.head ? shortSha(f.head) : f.orphan ? `no commits yet on ${f.branch ?? "this branch"} (an orphan branch; the repository has commits on other branches)` : "no commits yet"}`,
    `- uncommitted files: ${uncommittedText(f)}`,
    ...worktreeLines(f),
    `- other live sessions in this checkout: ${f.otherSessions.length ? sessionsText(f.otherSessions, f.now) : "none"}`,
    ...(f.superproject
      ? [`- submodule of ${f.superproject}: commit here, then record the new commit in the superproject`]
      : []),
    ...(f.isShallow ? ["- shallow clone: older history is missing (`git fetch --unshallow` fetches it)"] : []),
    ...(f.head && !f.branch
      ? ["- detached HEAD: commits made here belong to no branch; `git switch -c <topic>` first"]
      : []),
    verdictLine(f, verdict),
  ];
  const where = f.branch ?? `detached@${f.head ? shortSha(f.head) : "?"}`;
  const verdictText = verdict.work === "here" ? VERDICT_HERE : VERDICT_WORKTREE;
  return note(lines.join("\n"), `worktree-check: ${where} in ${f.topLevel}: ${verdictText}`);
}

function verdictLine(f: CheckoutFacts, verdict: Verdict): string {
  if (verdict.work === "here") return `${VERDICT_HERE}: ${verdict.reasons.join("; ")}.`;
  const command = `git worktree add ${worktreeTarget(f.cwd, newWorktreeBase(f))} -b <topic>`;
  return `${VERDICT_WORKTREE}: ${verdict.reasons.join("; ")}. Create one and work only there: \`${command}\` (name <topic> after your task).`;
}

export function gitDirNote(f: Extract<WorktreeCheckFacts, { place: "git-dir" }>): Decision {
  const what = f.bare ? `${f.gitDir} is a bare repository` : `${f.cwd} is inside git's own folder (${f.gitDir})`;
  const how = f.hasCommits
    ? `create a worktree and work only there: \`git worktree add ${worktreeTarget(f.cwd, f.bare ? f.gitDir : dirname(f.gitDir))} -b <topic>\` (name <topic> after your task)`
    : `it has no commits yet, so clone it (\`git clone ${f.gitDir} ${worktreeTarget(f.cwd, f.gitDir).replace("-<topic>", "")}\`) and work in the clone`;
  return note(
    `worktree-check: ${what}: there is no working tree to edit here.\n${VERDICT_WORKTREE}: files cannot be edited in git's own folder; ${how}.`,
    `worktree-check: ${f.bare ? "bare repository" : "inside .git"}: ${VERDICT_WORKTREE}`,
  );
}

/**
 * The folder a new worktree is named after: the main worktree; for a submodule, the superproject's folder
 * joined with the submodule's name, so that the new worktree lands next to the superproject, not inside it.
 */
function newWorktreeBase(f: CheckoutFacts): string {
  const main = f.worktrees[0]?.path ?? f.topLevel;
  if (!f.superproject) return main;
  return join(dirname(f.superproject), `${basename(f.superproject)}-${basename(main)}`);
}

/** A note for a repository git refuses to read: what git says, and how the user can allow it. */
export function refusedNote(f: Extract<WorktreeCheckFacts, { place: "dubious-ownership" }>): Decision {
  return note(
    [
      `worktree-check: git refuses the repository at ${f.repository}: "detected dubious ownership" (it belongs to another user than the one running git, e.g. a bind mount or a devcontainer).`,
      "Branch, worktrees and other sessions are unknown, and every git command here fails until the folder is trusted.",
      `Ask the user: if they trust this folder, \`git config --global --add safe.directory ${shellWord(f.repository)}\` allows it (it changes their git config; do not run it on your own).`,
    ].join("\n"),
    `worktree-check: git refuses ${f.repository} (dubious ownership); see safe.directory`,
  );
}

const shellWord = (path: string) => (/^[\w./@%+=:,-]+$/.test(path) ? path : `'${path.replace(/'/g, "'\\''")}'`);

/** `../<repo>-<topic>`: next to the main worktree (or bare repo), relative to where the session runs. */
function worktreeTarget(cwd: string, main: string): string {
  const target = join(dirname(main), `${basename(main).replace(/\.git$/, "")}-<topic>`);
  return relative(cwd, target) || target;
}

function uncommittedText(f: CheckoutFacts): string {
  const u = f.uncommitted;
  if ("unknown" in u)
    return u.unknown === "timeout" ? "unknown (git status gave no answer in time)" : "unknown (git status failed)";
  return u.staged + u.unstaged + u.untracked === 0 ? "none" : countsText(u);
}

function worktreeLines(f: CheckoutFacts): string[] {
  if (f.worktrees.length === 0) return ["- worktrees: could not be listed"];
  const shown = f.worktrees.slice(0, MAX_WORKTREES).map((w) => `  - ${worktreeText(w, f.topLevel)}`);
  const more = f.worktrees.length - shown.length;
  return [`- worktrees (${f.worktrees.length}):`, ...shown, ...(more > 0 ? [`  - ... and ${more} more`] : [])];
}

function worktreeText(w: Worktree, topLevel: string): string {
  const branch = w.bare ? "bare" : (w.branch ?? `detached at ${w.head ? shortSha(w.head) : "?"}`);
  const marks = [
    w.current || w.path === topLevel ? " <- this one" : "",
    w.prunable ? " (folder missing; `git worktree prune`)" : "",
  ];
  return `${w.path} [${branch}]${marks.join("")}`;
}

/** The other sessions, each named by the shortest start of its id (8 characters or more) that no other shares. */
function sessionsText(sessions: readonly RecordedSession[], now: number): string {
  const ids = sessions.map((s) => s.sessionId);
  return sessions.map((s) => sessionText(s, shortId(s.sessionId, ids), now)).join("; ");
}

function shortId(id: string, ids: readonly string[]): string {
  let length = Math.min(8, id.length);
  while (length < id.length && ids.some((other) => other !== id && other.startsWith(id.slice(0, length)))) length++;
  return id.slice(0, length);
}

function sessionText(s: RecordedSession, id: string, now: number): string {
  const minutes = Math.max(0, Math.round((now - s.updatedAt) / MINUTE));
  const ago = minutes < 1 ? "just now" : minutes < 120 ? `${minutes} min ago` : `${Math.round(minutes / 60)} h ago`;
  return `session ${id} (${s.branch ?? "detached HEAD"}, last active ${ago})`;
}
