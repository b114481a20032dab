// The drift note: what the session was told, what is true now, and what to do. Pure text.
import { describeCheckout, type SessionRecord, shortSha } from "@hookrail/core/session-record";
import type { Found, Move, WorktreeAdvice } from "./types.ts";

export const DRIFT_HEADLINE = "drift: this checkout MOVED since the session was last told what it is";

export function driftText({ told, live, moves }: Found, advice: WorktreeAdvice | undefined): string {
  return [
    `${DRIFT_HEADLINE}.`,
    `- you were told: ${describeCheckout(told)}`,
    `- it is now: ${describeCheckout(live)}`,
    ...moves.map((move) => `- ${explain(move, told, live)}`),
    `What to do: ${steps(told, live, moves, advice)}`,
  ].join("\n");
}

function explain(move: Move, told: SessionRecord, live: SessionRecord): string {
  switch (move) {
    case "branch":
      return `the branch changed (${told.branch ?? "detached HEAD"} -> ${live.branch ?? "detached HEAD"}) without this session being told`;
    case "history":
      return `HEAD no longer contains ${shortSha(told.head ?? "")}: a reset, rebase or checkout rewrote it`;
  }
}

function steps(told: SessionRecord, live: SessionRecord, moves: readonly Move[], advice?: WorktreeAdvice): string {
  const steps = [
    `your latest edit went to ${describeCheckout(live)}. Stop editing.`,
    "Another session or the user may have moved this checkout: do not move it back on your own, that would move their work.",
    `Run \`git status\` and \`git log --oneline -5\`${moves.includes("history") ? " and `git reflog -5` (commits may now be only in the reflog)" : ""}, and tell the user what moved.`,
  ];
  if (moves.includes("branch") && advice) steps.push(keepWorking(told, advice));
  return steps.join(" ");
}

// Only a command that works where it is suggested: a branch checked out elsewhere cannot be added again.
function keepWorking(told: SessionRecord, advice: WorktreeAdvice): string {
  if (told.branch === null) {
    const sha = shortSha(told.head ?? "");
    return advice.exists
      ? `To keep working on what you were told, use a worktree of its own: \`git worktree add --detach ${quote(advice.path)} ${sha}\`.`
      : `The commit you were on (${sha}) is no longer in this repository.`;
  }
  if (!advice.exists)
    return `Branch ${told.branch} no longer exists (deleted or renamed): ask the user where to continue.`;
  if (advice.checkedOutIn)
    return `Branch ${told.branch} is now checked out in ${advice.checkedOutIn}: if that is your own worktree, continue there; otherwise ask the user.`;
  return `To keep working on what you were told, use a worktree of its own: \`git worktree add ${quote(advice.path)} ${told.branch}\`.`;
}

/** A path as a shell word: bare when it is plain, else in single quotes. */
export const quote = (path: string) => (/^[\w./@%+=:,-]+$/.test(path) ? path : `'${path.replace(/'/g, `'\\''`)}'`);
