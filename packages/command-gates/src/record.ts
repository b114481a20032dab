// What the command gates keep in hookrail's state store (the per-user state folder, outside any repository):
// in approval mode user, the gates each session's latest prompt approved, used once each.
import type { GuardrailContext } from "@hookrail/core";
import { consumeGrants, recordGrants } from "@hookrail/core/session-grants";
import { GATE_APPROVALS } from "./approval/user-approvals.ts";

/** The prompt's approvals replace the session's earlier ones (none: they are dropped). */
export function recordPromptApprovals(context: GuardrailContext, sessionId: string, gates: string[]): void {
  recordGrants(GATE_APPROVALS, context, sessionId, gates);
}

/** Uses approvals up: true when every one was still there (another call may have used it first). */
export function useApprovals(context: GuardrailContext, sessionId: string | undefined, gates: string[]): boolean {
  return consumeGrants(GATE_APPROVALS, context, sessionId, gates);
}
