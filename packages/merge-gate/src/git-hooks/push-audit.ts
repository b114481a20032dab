// The pre-push hook's audit entries: a refused push, a push let through by its approval, a check that failed
// closed, each as one entry of the audit log (cli `git`, event `pre-push`), like every guardrail's decisions.
import { type AuditEntry, auditPlace, auditSettings, type Config, writeAudit } from "@hookrail/core";
import { parseUpdates } from "./refused-updates.ts";

export interface PushRecord {
  args: readonly string[];
  stdin: string;
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** Undefined when the config could not be read: the audit defaults apply. */
  config?: Config;
}

/** The push as git would take it: `git push <remote> <local>:<remote ref>…` (an empty local side deletes). */
export function pushCommand(args: readonly string[], stdin: string): string {
  const { updates } = parseUpdates(stdin);
  const specs = updates.map((u) => `${/^0+$/.test(u.localSha) ? "" : u.localRef}:${u.remoteRef}`);
  return ["git push", args[0] ?? "", ...specs].filter(Boolean).join(" ");
}

/** Writes the entry; never throws (the push's answer does not depend on it). */
export async function auditPush(
  run: PushRecord,
  outcome: Pick<AuditEntry, "decision" | "reason">,
  now: number = Date.now(),
): Promise<void> {
  try {
    const place = await auditPlace(run.cwd, run.env);
    const entry: AuditEntry = {
      time: new Date(now).toISOString(),
      cli: "git",
      guardrail: "merge-gate",
      event: "pre-push",
      ...place,
      command: pushCommand(run.args, run.stdin),
      ...outcome,
    };
    writeAudit(entry, run.env, run.config ? auditSettings(run.config) : undefined, now);
  } catch {
    // The audit log never changes an answer.
  }
}
