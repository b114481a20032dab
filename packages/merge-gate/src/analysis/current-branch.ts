// Pushes of "the current branch" are judged once the whole input has been read: a checkout or switch
// anywhere in it (`git checkout main && git merge x && git push`) may change which branch that is.
import { type Ctx, type Invocation, record } from "./context.ts";
import { isProtected } from "./protected-branch.ts";

/** A push of the current branch waiting for the end of the analysis. */
export interface CurrentBranchPush {
  command: string;
  approved: boolean;
  how: string;
  /** `git -C dir` / `--git-dir` / `--work-tree`: the current branch of some other repository. */
  otherRepo: boolean;
}

export function pushCurrentBranch(ctx: Ctx, inv: Invocation, how: string, otherRepo: boolean): void {
  ctx.state.needsCurrentBranch = true;
  ctx.state.currentBranchPushes.push({ command: inv.command, approved: inv.approved, how, otherRepo });
}

/** `git checkout main`, `git switch -c x`: the branch may be current from then on (null: named at run time). */
export function switchBranch(ctx: Ctx, branch: string | null): void {
  ctx.state.switchedTo.add(branch);
}

/** Each push of the current branch, against every branch that may be current: the checked-out one and any switched to. */
export function resolveCurrentBranchPushes(ctx: Ctx): void {
  const candidates = [ctx.facts.currentBranch, ...ctx.state.switchedTo];
  for (const push of ctx.state.currentBranchPushes) {
    const { command, approved, how } = push;
    if (push.otherRepo) {
      record(ctx, { kind: "unprovable", why: "it pushes the current branch of another repository", command });
      continue;
    }
    const unknown =
      ctx.facts.currentBranch === null
        ? "it pushes the current branch, which is not known (detached HEAD?)"
        : "it pushes the current branch after a checkout of a branch named at run time";
    if (candidates.includes(null)) record(ctx, { kind: "unprovable", why: unknown, command });
    for (const branch of candidates) {
      if (branch !== null && isProtected(branch, ctx.facts.protectedBranches)) {
        record(ctx, { kind: "merge", route: `${how} to ${branch}`, command, approved });
      }
    }
  }
}
