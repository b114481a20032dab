// The git pre-push decision, pure: the ref updates git is about to send, and which of them land on a
// protected branch. Git writes one line per ref: `<local ref> <local sha> <remote ref> <remote sha>`.
import { matchesBranch } from "@hookrail/core";

export interface RefUpdate {
  localRef: string;
  localSha: string;
  remoteRef: string;
  remoteSha: string;
}

const ZERO = /^0+$/;

/** The updates on stdin; lines that are not four fields are kept as unreadable (the hook refuses them). */
export function parseUpdates(stdin: string): { updates: RefUpdate[]; unreadable: string[] } {
  const updates: RefUpdate[] = [];
  const unreadable: string[] = [];
  for (const line of stdin.split("\n")) {
    if (!line.trim()) continue;
    const [localRef, localSha, remoteRef, remoteSha, ...rest] = line.trim().split(/\s+/);
    if (!localRef || !localSha || !remoteRef || !remoteSha || rest.length) unreadable.push(line);
    else updates.push({ localRef, localSha, remoteRef, remoteSha });
  }
  return { updates, unreadable };
}

/** The protected branch an update changes (creates, moves or deletes), or undefined. */
export function protectedTarget(update: RefUpdate, protectedBranches: readonly string[]): string | undefined {
  const branch = update.remoteRef.startsWith("refs/heads/") ? update.remoteRef.slice("refs/heads/".length) : undefined;
  return branch !== undefined && matchesBranch(branch, protectedBranches) ? branch : undefined;
}

/** What the update does to the remote branch, for the message. */
export const describeUpdate = (update: RefUpdate): string =>
  ZERO.test(update.localSha) ? "delete" : ZERO.test(update.remoteSha) ? "create" : "update";

export type PrePushDecision =
  | { type: "allow" }
  | { type: "approved"; branches: string[] }
  | { type: "refuse"; lines: string[] };

/** Refuse every update of a protected branch unless the push carries the approval. */
export function decidePrePush(stdin: string, protectedBranches: readonly string[], approved: boolean): PrePushDecision {
  const { updates, unreadable } = parseUpdates(stdin);
  const hits = updates.flatMap((u) => {
    const branch = protectedTarget(u, protectedBranches);
    return branch === undefined ? [] : [`${describeUpdate(u)} of ${branch} (${u.localRef} -> ${u.remoteRef})`];
  });
  if (unreadable.length) return { type: "refuse", lines: unreadable.map((l) => `unreadable ref update: ${l}`) };
  if (hits.length === 0) return { type: "allow" };
  if (approved) return { type: "approved", branches: hits };
  return { type: "refuse", lines: hits };
}
