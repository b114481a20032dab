// Approval mode "user", I/O: the approvals of each session's latest user prompt, in hookrail's state
// store (the per-user state folder, outside any repository). Each prompt replaces the session's
// approvals; an approval is used once and expires after APPROVAL_TTL_MS.
import type { GuardrailContext } from "@hookrail/core";
import { guardrailState } from "@hookrail/core/state";
import { type Approval, sameApproval } from "./user-approvals.ts";

export const APPROVAL_NAMESPACE = "merge-gate-approvals";
export const APPROVAL_TTL_MS = 30 * 60 * 1000;

interface Stored {
  grantedAt: number;
  approvals: Approval[];
}

type StateContext = Pick<GuardrailContext, "env" | "config" | "now">;

/** Records what the latest prompt of a session approved (nothing: the session's earlier approvals are dropped). */
export function recordPromptApprovals(context: StateContext, sessionId: string, approvals: Approval[]): void {
  const store = guardrailState(context);
  if (approvals.length === 0) {
    store.delete(APPROVAL_NAMESPACE, sessionId);
    return;
  }
  store.set(APPROVAL_NAMESPACE, sessionId, { grantedAt: context.now, approvals } satisfies Stored);
}

/** The session's unused, unexpired approvals. */
export function grantedApprovals(context: StateContext, sessionId: string): Approval[] {
  const value = guardrailState(context).get(APPROVAL_NAMESPACE, sessionId)?.value;
  return live(value, context.now)?.approvals ?? [];
}

/** Uses approvals up: true when every one was still there (another call may have used it first). */
export function consumeApprovals(context: StateContext, sessionId: string, used: readonly Approval[]): boolean {
  let complete = false;
  guardrailState(context).update(APPROVAL_NAMESPACE, sessionId, (entry) => {
    const stored = live(entry?.value, context.now);
    if (!stored) return undefined;
    const left = [...stored.approvals];
    complete = used.every((u) => {
      const at = left.findIndex((a) => sameApproval(a, u));
      return at >= 0 && left.splice(at, 1).length === 1;
    });
    if (!complete) return stored;
    return left.length ? { ...stored, approvals: left } : undefined;
  });
  return complete;
}

function live(value: unknown, now: number): Stored | undefined {
  const stored = value as Partial<Stored> | undefined;
  if (typeof stored?.grantedAt !== "number" || !Array.isArray(stored.approvals)) return undefined;
  if (now - stored.grantedAt > APPROVAL_TTL_MS || now < stored.grantedAt) return undefined;
  return { grantedAt: stored.grantedAt, approvals: stored.approvals.filter(isApproval) };
}

const isApproval = (a: unknown): a is Approval => {
  const x = a as Record<string, unknown> | null;
  return (x?.kind === "merge" && typeof x.pr === "string") || (x?.kind === "push" && typeof x.branch === "string");
};
