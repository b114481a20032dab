// The pre-push program's work, with its inputs injectable: read the protected branches from hookrail's
// config (user file, then the project's), decide, and say why on stderr. Exit 1 refuses the push.
import { guardrailOptions, loadConfig } from "@hookrail/core";
import { mergeGateOptionsSchema, mergeGateProjectPolicy } from "../options.ts";
import { decidePrePush } from "./refused-updates.ts";

export const PUSH_APPROVAL = "MERGE_APPROVED=1";

export interface PrePushRun {
  /** git's arguments: remote name and URL. */
  args: readonly string[];
  stdin: string;
  env: NodeJS.ProcessEnv;
  cwd: string;
}

/** The protected branches for a checkout: the top-level list plus the merge gate's own. */
export function protectedBranchesAt(cwd: string, env: NodeJS.ProcessEnv): string[] {
  const config = loadConfig(cwd, env);
  const options = guardrailOptions(config, "merge-gate", mergeGateOptionsSchema(), mergeGateProjectPolicy);
  return [...new Set([...config.protectedBranches, ...options.protectedBranches])];
}

export function runPrePush(run: PrePushRun): { exitCode: number; stderr: string } {
  const remote = run.args[0] ?? "the remote";
  let decision: ReturnType<typeof decidePrePush>;
  try {
    decision = decidePrePush(run.stdin, protectedBranchesAt(run.cwd, run.env), run.env.MERGE_APPROVED === "1");
  } catch (error) {
    return { exitCode: 1, stderr: `hookrail merge-gate: push refused: could not check it (${String(error)})\n` };
  }
  switch (decision.type) {
    case "allow":
      return { exitCode: 0, stderr: "" };
    case "approved":
      return {
        exitCode: 0,
        stderr: `hookrail merge-gate: ${PUSH_APPROVAL} set; allowing ${decision.branches.join(", ")}\n`,
      };
    case "refuse":
      return {
        exitCode: 1,
        stderr:
          `hookrail merge-gate: push to ${remote} refused:\n${decision.lines.map((l) => `  ${l}\n`).join("")}` +
          `Landing work on a protected branch is the project owner's call. If they approved it, push again with ${PUSH_APPROVAL} in the push's environment (${PUSH_APPROVAL} git push ...).\n`,
      };
  }
}
