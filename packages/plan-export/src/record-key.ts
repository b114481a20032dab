// Stable ids for tracked plans: a draft by its session and path, an attempt by its session and content.
import { builtin } from "@hookrail/core";
import type { PlanRecord } from "./types.ts";

// node:crypto is loaded on first use (core's builtin): loaded with the bundle, it and the stream modules it needs cost
// every call of every guardrail that shares the bundle (a CLI's group) a few milliseconds.
export const shortHash = (text: string): string =>
  builtin<typeof import("node:crypto")>("node:crypto").createHash("sha256").update(text).digest("hex").slice(0, 16);

/** Unique within a repository; the store prefixes the repository key. */
export function recordKey(record: Pick<PlanRecord, "kind" | "sessionId" | "path" | "hash" | "outcome">): string {
  if (record.kind === "decided") return `decided-${record.outcome}-${(record.hash ?? "").slice(0, 16)}`;
  const what = record.kind === "draft" ? shortHash(record.path) : (record.hash ?? shortHash(record.path)).slice(0, 16);
  return `${record.kind}-${shortHash(record.sessionId)}-${what}`;
}
