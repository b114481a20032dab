// The runtime's audit entries, for every guardrail in every CLI: one for each answer that is more than a plain
// allow, one for each failure with the policy applied. The plain allow never comes here (runtime.ts checks
// `isPlainAllow` first), so the common path writes and reads nothing.
import { basename, dirname } from "node:path";
import type { Adapter } from "../adapter/adapter.ts";
import { type AuditDecision, type AuditEntry, auditSettings, writeAudit } from "../audit/audit.ts";
import type { Config } from "../config/config.ts";
import { askGitCheckout } from "../git/_git-exec.ts";
import { readCheckout } from "../git/git-fast.ts";
import type { Decision } from "../model/decision.ts";
import { describeError } from "../model/errors.ts";
import type { HookEvent } from "../model/event.ts";
import type { Guardrail } from "../model/guardrail.ts";

export interface AuditRun {
  guardrail: Guardrail;
  adapter: Adapter;
  env: NodeJS.ProcessEnv;
  now: number;
  /** Undefined when the failure came before the config was read: the defaults apply. */
  config?: Config;
  /** The folder the hook runs in, when the event did not say. */
  cwd?: string;
}

export const isPlainAllow = (decision: Decision): boolean => decision.type === "allow" && !decision.approved;

/** Records what the CLI does with `decision` (an ask it cannot put to the user is its fallback). */
export async function auditDecision(run: AuditRun, event: HookEvent, decision: Decision): Promise<void> {
  const shown =
    decision.type === "ask" && decision.fallback && run.adapter.asks?.(event) === false ? decision.fallback : decision;
  if (isPlainAllow(shown)) return;
  const fields = outcome(shown, run.adapter.notesReachModel(event.kind));
  write(run, { ...(await base(run, event)), ...fields });
}

/** Records a failure and the guardrail's policy (closed: blocked; open: let through in silence). */
export async function auditFailure(run: AuditRun, event: HookEvent | undefined, error: unknown): Promise<void> {
  const decision: AuditDecision = run.guardrail.failure === "closed" ? "failed-closed" : "failed-open";
  const where = event ? await base(run, event) : { ...common(run), ...(await place(run.cwd, run.env)) };
  write(run, { ...where, decision, reason: describeError(error) });
}

function write(run: AuditRun, entry: AuditEntry): void {
  const settings = run.config ? auditSettings(run.config) : undefined;
  writeAudit(entry, run.env, settings, run.now);
}

type Outcome = Pick<AuditEntry, "decision" | "reason" | "note" | "message">;

function outcome(decision: Decision, notesReachModel: boolean): Outcome {
  switch (decision.type) {
    case "allow":
      return { decision: "approved", reason: decision.approved };
    case "deny":
      return { decision: "block", reason: decision.reason };
    case "ask":
      return { decision: "ask", reason: decision.reason };
    case "note":
      return {
        decision: "note",
        ...(notesReachModel ? { note: decision.context } : {}),
        message: decision.userMessage,
      };
    case "message":
      return { decision: "message", message: decision.userMessage };
  }
}

const common = (run: AuditRun) => ({
  time: new Date(run.now).toISOString(),
  cli: run.adapter.cli,
  guardrail: run.guardrail.name,
});

async function base(run: AuditRun, event: HookEvent): Promise<Omit<AuditEntry, "decision">> {
  const tool = event.kind === "before-tool" || event.kind === "after-tool" ? event.tool : undefined;
  const command = tool?.command ?? (typeof tool?.input.command === "string" ? tool.input.command : undefined);
  return {
    ...common(run),
    event: event.nativeEvent,
    session: event.sessionId,
    ...(await place(event.cwd || run.cwd, run.env)),
    tool: tool?.name,
    command,
    files: tool && tool.kind !== "shell" && tool.filePaths.length ? tool.filePaths : undefined,
  };
}

// git is asked only where .git's files cannot tell (Copilot CLI, for one, runs its hooks with GIT_CONFIG_COUNT
// set), and not for longer than this: an entry without its branch is better than a late answer.
const GIT_WAIT_MS = 500;

/** The folder, its repository (the main folder, for a linked worktree too) and branch: also the pre-push hook's. */
export const auditPlace = (cwd: string | undefined, env: NodeJS.ProcessEnv) => place(cwd, env);

async function place(
  cwd: string | undefined,
  env: NodeJS.ProcessEnv,
): Promise<Pick<AuditEntry, "cwd" | "repo" | "worktree" | "branch">> {
  if (!cwd) return {};
  let checkout = readCheckout(cwd, env);
  if (checkout === undefined) {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), GIT_WAIT_MS);
      timer.unref?.();
    });
    // The timeout too: git run inline (a hook's own process) cannot be raced.
    checkout = await Promise.race([askGitCheckout(cwd, env, GIT_WAIT_MS), late]);
    clearTimeout(timer);
  }
  if (!checkout) return { cwd };
  const repo = basename(checkout.commonDir) === ".git" ? dirname(checkout.commonDir) : checkout.commonDir;
  return {
    cwd,
    repo,
    ...(checkout.topLevel !== repo ? { worktree: checkout.topLevel } : {}),
    ...(checkout.branch ? { branch: checkout.branch } : {}),
  };
}
