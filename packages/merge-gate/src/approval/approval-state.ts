// Approval mode "user", I/O: the approvals of each session's latest user prompt, kept with core's session
// grants in hookrail's state store (the per-user state folder, outside any repository). Each prompt replaces
// the session's approvals; an approval is used once and expires after APPROVAL_TTL_MS.
import type { GuardrailContext } from "@hookrail/core";
import { consumeGrants, type GrantKind, liveGrants, recordGrants } from "@hookrail/core/session-grants";
import { type Approval, sameApproval } from "./user-approvals.ts";

export const APPROVAL_NAMESPACE = "merge-gate-approvals";
export const APPROVAL_TTL_MS = 30 * 60 * 1000;

type StateContext = Pick<GuardrailContext, "env" | "config" | "now">;

const APPROVALS: GrantKind<Approval> = {
  namespace: APPROVAL_NAMESPACE,
  ttlMs: APPROVAL_TTL_MS,
  same: sameApproval,
  valid: (a: unknown): a is Approval => {
    const x = a as Record<string, unknown> | null;
    return (x?.kind === "merge" && typeof x.pr === "string") || (x?.kind === "push" && typeof x.branch === "string");
  },
};

/** Records what the latest prompt of a session approved (nothing: the session's earlier approvals are dropped). */
export const recordPromptApprovals = (context: StateContext, sessionId: string, approvals: Approval[]): void =>
  recordGrants(APPROVALS, context, sessionId, approvals);

/** The session's unused, unexpired approvals. */
export const grantedApprovals = (context: StateContext, sessionId: string): Approval[] =>
  liveGrants(APPROVALS, context, sessionId);

/** Uses approvals up: true when every one was still there (another call may have used it first). */
export const consumeApprovals = (context: StateContext, sessionId: string, used: readonly Approval[]): boolean =>
  consumeGrants(APPROVALS, context, sessionId, used);
