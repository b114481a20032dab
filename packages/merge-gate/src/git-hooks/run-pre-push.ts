// The pre-push program's work, with its inputs injectable: read the protected branches from hookrail's
// config (user file, then the project's), decide, say why on stderr, and keep a refusal, an approved push
// or a failed check in the audit log. Exit 1 refuses the push.
import { type Config, loadConfig, sectionOptions } from "@hookrail/core";
import { mergeGateOptions } from "../options.ts";
import { auditPush } from "./push-audit.ts";
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
  return protectedBranchesIn(loadConfig(cwd, env));
}

function protectedBranchesIn(config: Config): string[] {
  const options = sectionOptions(config, mergeGateOptions);
  return [...new Set([...config.protectedBranches, ...options.protectedBranches])];
}

export async function runPrePush(run: PrePushRun): Promise<{ exitCode: number; stderr: string }> {
  const remote = run.args[0] ?? "the remote";
  let config: Config | undefined;
  let decision: ReturnType<typeof decidePrePush>;
  try {
    config = loadConfig(run.cwd, run.env);
    decision = decidePrePush(run.stdin, protectedBranchesIn(config), run.env.MERGE_APPROVED === "1");
  } catch (error) {
    const reason = `push refused: could not check it (${String(error)})`;
    await auditPush({ ...run, config }, { decision: "failed-closed", reason });
    return { exitCode: 1, stderr: `hookrail merge-gate: ${reason}\n` };
  }
  switch (decision.type) {
    case "allow":
      return { exitCode: 0, stderr: "" };
    case "approved":
      await auditPush(
        { ...run, config },
        { decision: "approved", reason: `${PUSH_APPROVAL}: ${decision.branches.join(", ")}` },
      );
      return {
        exitCode: 0,
        stderr: `hookrail merge-gate: ${PUSH_APPROVAL} set; allowing ${decision.branches.join(", ")}\n`,
      };
    case "refuse":
      await auditPush(
        { ...run, config },
        { decision: "block", reason: `push to ${remote} refused: ${decision.lines.join("; ")}` },
      );
      return {
        exitCode: 1,
        stderr:
          `hookrail merge-gate: push to ${remote} refused:\n${decision.lines.map((l) => `  ${l}\n`).join("")}` +
          `Landing work on a protected branch is the project owner's call. If they approved it, push again with ${PUSH_APPROVAL} in the push's environment (${PUSH_APPROVAL} git push ...).\n`,
      };
  }
}
