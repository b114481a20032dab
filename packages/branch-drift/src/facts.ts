// branch-drift's one I/O file: the session's record from the state store and the live checkout, read from
// .git's files (@hookrail/core/git-fast: no git process for an unchanged checkout). git is started only for
// `merge-base --is-ancestor` when HEAD moved on the same branch, and to read the checkout when the files
// cannot tell (GIT_DIR set, reftable refs, ...). simple-git (@hookrail/core/git) is never imported here:
// bundled, it costs every run tens of milliseconds of start-up.
import { describeError, type GuardrailContext } from "@hookrail/core";
import { gitExec, isAncestorFast, readCheckout } from "@hookrail/core/git-fast";
import { readRecord, recordValue, SESSION_NAMESPACE } from "@hookrail/core/session-record";
import { guardrailState } from "@hookrail/core/state";
import { type BranchDriftFacts, type LiveCheckout, needsAncestry } from "./decide.ts";

export async function gatherFacts(
  sessionId: string,
  cwd: string,
  context: GuardrailContext,
): Promise<BranchDriftFacts> {
  const told = readRecord(guardrailState(context).get(SESSION_NAMESPACE, sessionId));
  const live = await liveCheckout(cwd, context.env);
  const facts: BranchDriftFacts = { told, live, notesReachModel: context.notesReachModel, now: context.now };
  if (told?.head && live && needsAncestry(told, live)) {
    const descends = await isAncestorFast(cwd, told.head, live.head, { env: context.env });
    // git could not tell (missing, or the told commit is gone): like an unreadable checkout, say nothing and
    // keep what the session was told.
    if (descends === undefined) facts.live = null;
    else facts.descends = descends;
  }
  return facts;
}

/** Branch, HEAD and worktree folder; null outside git, before the first commit, or when git cannot read it. */
async function liveCheckout(cwd: string, env: NodeJS.ProcessEnv): Promise<LiveCheckout | null> {
  const checkout = readCheckout(cwd, env);
  if (checkout === null) return null;
  if (checkout)
    return checkout.head ? { worktree: checkout.topLevel, branch: checkout.branch, head: checkout.head } : null;
  // --symbolic-full-name applies only to the names after it: the first HEAD prints the sha, the second the ref.
  const { code, stdout } = await gitExec(
    cwd,
    ["rev-parse", "HEAD", "--symbolic-full-name", "HEAD", "--show-toplevel"],
    {
      env,
    },
  );
  const [head, ref, worktree] = stdout.trim().split("\n");
  if (code !== 0 || !head || !ref || !worktree) return null;
  return { worktree, branch: ref.startsWith("refs/heads/") ? ref.slice("refs/heads/".length) : null, head };
}

/** Stores the live checkout as what the session now knows. */
export function remember(sessionId: string, live: LiveCheckout, context: GuardrailContext): void {
  try {
    guardrailState(context).set(SESSION_NAMESPACE, sessionId, recordValue(live));
  } catch (error) {
    // A note must not be lost because the state folder is unwritable; it is then given again next edit.
    context.log("branch-drift: could not store the session record", { error: describeError(error) });
  }
}
