// The merge gate's one I/O file: the protected branches from config, and the current branch only when
// the command may push it (git is not started for ordinary commands; a hook runs on every tool call).
import { type GuardrailContext, guardrailOptions, type HookEvent } from "@hookrail/core";
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
  let currentBranch: string | null = null;
  if (mayPushCurrentBranch(command) && event.cwd) {
    const git = await import("@hookrail/core/git");
    currentBranch = await git.currentBranch(event.cwd);
  }
  return { command, protectedBranches, currentBranch };
}
