// Approvals a user gave in their own prompt, kept per session in hookrail's state store (the per-user state
// folder, outside any repository): each prompt replaces the session's grants; a grant is used once and expires.
// The merge gate's "approve merge 12" and the command gates' "approve publish" are kept this way.
import type { GuardrailContext } from "../model/guardrail.ts";
import { guardrailState } from "./state.ts";

export interface GrantKind<T> {
  /** The state store's namespace. */
  namespace: string;
  /** How long a grant lasts after the prompt that gave it. */
  ttlMs: number;
  same(a: T, b: T): boolean;
  /** Whether a stored value is a grant of this kind (the store is a file anyone can edit). */
  valid(value: unknown): value is T;
}

type StateContext = Pick<GuardrailContext, "env" | "config" | "now">;

interface Stored<T> {
  grantedAt: number;
  grants: T[];
}

/** What the latest prompt of a session granted (nothing: the session's earlier grants are dropped). */
export function recordGrants<T>(kind: GrantKind<T>, context: StateContext, sessionId: string, grants: T[]): void {
  const store = guardrailState(context);
  if (grants.length === 0) {
    store.delete(kind.namespace, sessionId);
    return;
  }
  store.set(kind.namespace, sessionId, { grantedAt: context.now, grants } satisfies Stored<T>);
}

/** The session's unused, unexpired grants. */
export function liveGrants<T>(kind: GrantKind<T>, context: StateContext, sessionId: string): T[] {
  const value = guardrailState(context).get(kind.namespace, sessionId)?.value;
  return live(kind, value, context.now)?.grants ?? [];
}

/** Uses grants up: true when every one was still there (another call may have used it first). */
export function consumeGrants<T>(
  kind: GrantKind<T>,
  context: StateContext,
  sessionId: string | undefined,
  used: readonly T[],
): boolean {
  if (!sessionId) return false;
  let complete = false;
  guardrailState(context).update(kind.namespace, sessionId, (entry) => {
    const stored = live(kind, entry?.value, context.now);
    if (!stored) return undefined;
    const left = [...stored.grants];
    complete = used.every((u) => {
      const at = left.findIndex((g) => kind.same(g, u));
      return at >= 0 && left.splice(at, 1).length === 1;
    });
    if (!complete) return stored;
    return left.length ? { ...stored, grants: left } : undefined;
  });
  return complete;
}

function live<T>(kind: GrantKind<T>, value: unknown, now: number): Stored<T> | undefined {
  const stored = value as Partial<Stored<T>> | undefined;
  if (typeof stored?.grantedAt !== "number" || !Array.isArray(stored.grants)) return undefined;
  if (now - stored.grantedAt > kind.ttlMs || now < stored.grantedAt) return undefined;
  return { grantedAt: stored.grantedAt, grants: stored.grants.filter((g) => kind.valid(g)) };
}
