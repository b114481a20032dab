// The merge gate's one I/O file: the protected branches from config, and the current branch (asked for
// only when the analysis of a command depends on it). A hook runs on every tool call, so the branch is read from .git's files
// (@hookrail/core/git-fast, no process); git is started only when those files cannot tell. simple-git
// (@hookrail/core/git) is never imported here: bundled, it costs every run tens of milliseconds of start-up.
import { type GuardrailContext, guardrailOptions } from "@hookrail/core";
import { gitExec, readCheckout } from "@hookrail/core/git-fast";
import type { MergeGateFacts } from "./decide.ts";
import { DEFAULT_MERGE_GATE_OPTIONS, type MergeGateOptions, mergeGateOptionsSchema } from "./options.ts";

export function mergeGateSettings(context: GuardrailContext): MergeGateOptions {
  // No section: the defaults, without building the schema.
  if (context.config.sections["merge-gate"] === undefined) {
    return { ...DEFAULT_MERGE_GATE_OPTIONS, protectedBranches: [] };
  }
  return guardrailOptions(context.config, "merge-gate", mergeGateOptionsSchema());
}

/** The facts every command needs; the current branch is filled in later, and only if it matters. */
export function gatherFacts(command: string, context: GuardrailContext, options: MergeGateOptions): MergeGateFacts {
  const protectedBranches = [...new Set([...context.config.protectedBranches, ...options.protectedBranches])];
  return { command, protectedBranches, currentBranch: null };
}

/** The checked-out branch; null when there is none or it cannot be told (the analysis then fails closed). */
export async function branchAt(cwd: string, env: NodeJS.ProcessEnv): Promise<string | null> {
  const checkout = readCheckout(cwd, env);
  if (checkout !== undefined) return checkout?.branch ?? null;
  // Something unusual (GIT_DIR in the environment, reftable refs, ...): ask git, as a push would.
  const { code, stdout } = await gitExec(cwd, ["symbolic-ref", "--quiet", "--short", "HEAD"], { env });
  return (code === 0 && stdout.trim()) || null;
}
