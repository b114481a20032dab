// worktree-check's pure decision: the checkout's facts and the options in, the session-start note out.
import { type Decision, note } from "@hookrail/core";
import {
  type CheckoutFacts,
  countsText,
  isProtectedCheckout,
  uncommittedTotal,
  type Verdict,
  type WorktreeCheckFacts,
} from "./checkout.ts";
import { checkoutNote, gitDirNote, refusedNote, VERDICT_HERE } from "./note.ts";
import type { WorktreeCheckOptions } from "./options.ts";

export function decideWorktreeCheck(facts: WorktreeCheckFacts, options: WorktreeCheckOptions): Decision {
  switch (facts.place) {
    case "git-missing":
      return note(
        `worktree-check: git was not found on PATH, so the checkout in ${facts.cwd} could not be checked (branch, worktrees and other sessions are unknown).`,
        "worktree-check: git not found; the checkout was not checked",
      );
    case "not-a-repository":
      return note(
        `worktree-check: ${facts.cwd} is not inside a git repository, so no branch or worktree can move under this session.\n${VERDICT_HERE}: nothing here is under version control to collide on; keep copies of anything you cannot recreate.`,
        "worktree-check: not a git repository",
      );
    case "dubious-ownership":
      return refusedNote(facts);
    case "git-dir":
      return gitDirNote(facts);
    case "worktree":
      return checkoutNote(facts, verdictFor(facts, options));
  }
}

/** The verdict rules; each "open a worktree" rule can be switched off in the options. */
export function verdictFor(f: CheckoutFacts, options: WorktreeCheckOptions): Verdict {
  const others = f.otherSessions.length;
  if (f.head === null) {
    // No commit yet on this branch: there is no history of it to protect.
    const reasons = [
      f.orphan
        ? `branch ${f.branch ?? "HEAD"} has no commits yet (an orphan branch; other branches of the repository have history), so nothing on it is at risk`
        : "the repository has no commits yet, so nothing is at risk and no worktree can be made",
    ];
    if (others) reasons.push(`${othersText(others)} here too: agree with the user who edits what`);
    return { work: "here", reasons };
  }
  const reasons: string[] = [];
  const dirty = uncommittedTotal(f);
  if (options.onProtectedBranch && !f.isLinkedWorktree && f.branch && isProtectedCheckout(f, f.branch)) {
    reasons.push(
      `this is the main worktree on ${f.branch === f.defaultBranch ? "the default" : "the protected"} branch ${f.branch}`,
    );
  }
  if (options.onUncommittedChanges && dirty > 0 && !f.resumedHere) {
    reasons.push(`there are uncommitted changes this session did not make (${countsText(f.uncommitted)})`);
  }
  if (options.onOtherSession && others > 0) reasons.push(`${othersText(others)} in this checkout`);
  if (reasons.length > 0) return { work: "worktree", reasons };
  return { work: "here", reasons: [whyHere(f, dirty)] };
}

// Why working here is fine, naming what the project's settings chose to allow.
function whyHere(f: CheckoutFacts, dirty: number): string {
  const where = f.isLinkedWorktree ? "this linked worktree" : "the main worktree";
  const branch = f.branch
    ? `is on ${isProtectedCheckout(f, f.branch) ? "protected " : ""}branch ${f.branch}`
    : "has a detached HEAD";
  const changes =
    "unknown" in f.uncommitted
      ? "its uncommitted files could not be counted"
      : dirty === 0
        ? "has no uncommitted changes"
        : f.resumedHere
          ? "its uncommitted changes are this session's own from earlier"
          : `has uncommitted changes (${countsText(f.uncommitted)})`;
  const others = f.otherSessions.length;
  return `${where} ${branch}, ${changes}, and ${others ? `${othersText(others)} here too` : "no other session is live here"}`;
}

/** "1 other live session works", "2 other live sessions work". */
const othersText = (n: number) => (n === 1 ? "1 other live session works" : `${n} other live sessions work`);
