// Carries out the pure decision: tracking changes in the state store and plan files in the worktree.
// A tracked plan is forgotten only after its file is safely written, so a failed export is retried.
import { isAbsolute, join } from "node:path";
import type { DebugLog } from "@hookrail/core";
import type { PlanExportOptions } from "../options.ts";
import { exportedDocument, exportFileName, planHash, planHeading } from "../plan-text.ts";
import { recordKey } from "../record-key.ts";
import type { ExportRequest, ExportResult, Outcome, PlanActions } from "../types.ts";
import { findExport, publishPlan } from "./publish.ts";
import type { RepoFacts } from "./repo.ts";
import type { PlanStore } from "./store.ts";

export interface ApplyContext {
  repo: RepoFacts;
  store: PlanStore;
  options: PlanExportOptions;
  now: number;
  log: DebugLog;
}

export async function applyActions(actions: PlanActions, context: ApplyContext): Promise<ExportResult[]> {
  const { store, repo, log } = context;
  for (const record of actions.put) store.putRecord(repo.key, record);
  for (const key of actions.drop) store.deleteRecord(repo.key, key);
  if (actions.setLink) store.setLink(actions.setLink);
  const results: ExportResult[] = [];
  let failed = false;
  for (const request of actions.exports) {
    try {
      const published = await exportPlan(request, context);
      for (const key of request.settles) store.deleteRecord(repo.key, key);
      results.push({ outcome: request.outcome, ...published });
    } catch (error) {
      failed = true;
      log("export failed; kept to retry", { error: String(error), outcome: request.outcome });
      keepToRetry(request, context);
    }
  }
  // A link settles with its export: keep it to decide again if that export failed.
  if (!failed) for (const sessionId of actions.removeLinks) store.deleteLink(sessionId);
  return results;
}

/** The outcome is known: keep it (not the records it settles), so a later event writes it as decided. */
function keepToRetry(request: ExportRequest, { store, repo }: ApplyContext): void {
  const record = {
    kind: "decided" as const,
    cli: request.cli,
    sessionId: request.sessionId,
    path: request.sourcePath,
    text: request.text,
    hash: planHash(request.text),
    status: "open" as const,
    at: request.plannedAt,
    outcome: request.outcome,
    resolution: request.resolution,
    ...(request.feedback ? { feedback: request.feedback } : {}),
  };
  store.putRecord(repo.key, record);
  const kept = recordKey(record);
  for (const key of request.settles) if (key !== kept) store.deleteRecord(repo.key, key);
}

/** The export folder for an outcome: relative settings are taken from the worktree's top folder. */
export function exportDir(options: PlanExportOptions, topLevel: string, outcome: Outcome): string {
  const dir = outcome === "accepted" ? options.acceptedDir : options.rejectedDir;
  return isAbsolute(dir) ? dir : join(topLevel, dir);
}

function exportPlan(request: ExportRequest, { options, repo, now }: ApplyContext) {
  const hash = planHash(request.text);
  const plannedAt = new Date(request.plannedAt);
  const title = planHeading(request.text);
  const fileName = exportFileName({
    pattern: options.fileName,
    text: request.text,
    sourcePath: request.sourcePath,
    cli: request.cli,
    outcome: request.outcome,
    sessionId: request.sessionId,
    hash,
    at: plannedAt,
  });
  const document = exportedDocument(
    {
      ...(title ? { title } : {}),
      outcome: request.outcome,
      resolution: request.resolution,
      cli: request.cli,
      session: request.sessionId,
      source: request.sourcePath,
      plannedAt,
      exportedAt: new Date(now),
      ...(request.feedback ? { feedback: request.feedback } : {}),
      hash,
    },
    request.text,
  );
  // A plan already accepted is not filed as rejected later (a leftover draft or backup of it).
  const accepted =
    request.outcome === "rejected"
      ? findExport(exportDir(options, repo.topLevel, "accepted"), hash, "accepted")
      : undefined;
  if (accepted) return { path: accepted, created: false };
  return publishPlan(exportDir(options, repo.topLevel, request.outcome), fileName, document, hash, request.outcome);
}
