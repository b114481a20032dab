// The drift note: what the session was told, what is true now, and what to do. Pure text.
import { basename, dirname, join } from "node:path";
import { type Decision, note } from "@hookrail/core";
import { describeCheckout, type SessionRecord, shortSha } from "@hookrail/core/session-record";
import type { LiveCheckout, Move } from "./decide.ts";

export const DRIFT_HEADLINE = "drift: this checkout MOVED since the session was last told what it is";

export function driftNote(told: SessionRecord, live: LiveCheckout, moves: readonly Move[]): Decision {
  const lines = [
    `${DRIFT_HEADLINE}.`,
    `- you were told: ${describeCheckout(told)}`,
    `- it is now: ${describeCheckout(live)}`,
    ...moves.map((move) => `- ${explain(move, told, live)}`),
    `What to do: ${advice(told, live, moves)}`,
  ];
  return note(
    lines.join("\n"),
    `branch-drift: ${label(told)} -> ${label(live)} under this session; the agent was told`,
  );
}

function explain(move: Move, told: SessionRecord, live: LiveCheckout): string {
  switch (move) {
    case "worktree":
      return `the session now runs in another worktree (${live.worktree}, was ${told.worktree}): files it edits land there`;
    case "branch":
      return `the branch changed (${told.branch ?? "detached HEAD"} -> ${live.branch ?? "detached HEAD"}) without this session being told`;
    case "history":
      return `HEAD no longer contains ${shortSha(told.head ?? "")}: a reset, rebase or checkout rewrote it`;
  }
}

function advice(told: SessionRecord, live: LiveCheckout, moves: readonly Move[]): string {
  if (moves.length === 1 && moves[0] === "worktree") {
    return `if you moved on purpose (into a worktree you made), carry on here; otherwise go back to ${told.worktree} before editing further.`;
  }
  const steps = [
    `your latest edit went to ${describeCheckout(live)}. Stop editing.`,
    "Another session or the user may have moved this checkout: do not move it back on your own, that would move their work.",
    `Run \`git status\` and \`git log --oneline -5\`${moves.includes("history") ? " and `git reflog -5` (commits may now be only in the reflog)" : ""}, and tell the user what moved.`,
  ];
  const command = worktreeCommand(told, live);
  if (moves.includes("branch") && command)
    steps.push(`To keep working on what you were told, use a worktree of its own: \`${command}\`.`);
  return steps.join(" ");
}

function worktreeCommand(told: SessionRecord, live: LiveCheckout): string | undefined {
  const ref = told.branch ?? (told.head ? shortSha(told.head) : undefined);
  if (!ref) return undefined;
  const path = join(dirname(live.worktree), `${basename(live.worktree)}-${ref.replace(/[^\w.-]+/g, "-")}`);
  return told.branch ? `git worktree add ${path} ${told.branch}` : `git worktree add --detach ${path} ${ref}`;
}

const label = (c: SessionRecord) => `${c.branch ?? "detached"}@${c.head ? shortSha(c.head) : "none"}`;
