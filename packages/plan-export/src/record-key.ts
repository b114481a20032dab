// Stable ids for tracked plans: a draft by its session and path, an attempt by its session and content.
import { createHash } from "node:crypto";
import type { PlanRecord } from "./types.ts";

export const shortHash = (text: string): string => createHash("sha256").update(text).digest("hex").slice(0, 16);

/** Unique within a repository; the store prefixes the repository key. */
export function recordKey(record: Pick<PlanRecord, "kind" | "sessionId" | "path" | "hash" | "outcome">): string {
  if (record.kind === "decided") return `decided-${record.outcome}-${(record.hash ?? "").slice(0, 16)}`;
  const what = record.kind === "draft" ? shortHash(record.path) : (record.hash ?? shortHash(record.path)).slice(0, 16);
  return `${record.kind}-${shortHash(record.sessionId)}-${what}`;
}
