// The merge gate's one I/O file: the protected branches from config, and the current branch only when
// the command may push it. A hook runs on every tool call, so the branch is read from .git's files
// (@hookrail/core/git-fast, no process); git is started only when those files cannot tell. simple-git
// (@hookrail/core/git) is never imported here: bundled, it costs every run tens of milliseconds of start-up.
import { type GuardrailContext, guardrailOptions, type HookEvent } from "@hookrail/core";
import { gitExec, readCheckout } from "@hookrail/core/git-fast";
import { mayPushCurrentBranch } from "./analysis/index.ts";
import type { MergeGateFacts } from "./decide.ts";
import { type MergeGateOptions, mergeGateOptions } from "./options.ts";

export function mergeGateSettings(context: GuardrailContext): MergeGateOptions {
  return guardrailOptions(context.config, "merge-gate", mergeGateOptions);
}

export async function gatherFacts(
  command: string,
  event: HookEvent,
  context: GuardrailContext,
  options: MergeGateOptions,
): Promise<MergeGateFacts> {
  const protectedBranches = [...new Set([...context.config.protectedBranches, ...options.protectedBranches])];
  const currentBranch = mayPushCurrentBranch(command) && event.cwd ? await branchAt(event.cwd, context.env) : null;
  return { command, protectedBranches, currentBranch };
}

/** The checked-out branch; null when there is none or it cannot be told (the analysis then fails closed). */
async function branchAt(cwd: string, env: NodeJS.ProcessEnv): Promise<string | null> {
  const checkout = readCheckout(cwd, env);
  if (checkout !== undefined) return checkout?.branch ?? null;
  // Something unusual (GIT_DIR in the environment, reftable refs, ...): ask git, as a push would.
  const { code, stdout } = await gitExec(cwd, ["symbolic-ref", "--quiet", "--short", "HEAD"], { env });
  return (code === 0 && stdout.trim()) || null;
}
