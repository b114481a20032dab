// The working set behind the pure decision: tracked records as this event changes them, and the
// actions collected on the way. Pure; the moves that use it are in decide-moves.ts and decide-links.ts.
import { normalizePlan, planHash } from "./plan-text.ts";
import { recordKey } from "./record-key.ts";
import type {
  BatchInput,
  ExportRequest,
  Outcome,
  PlanActions,
  PlanRecord,
  RecordStatus,
  Resolution,
  TrackedRecord,
} from "./types.ts";

export type Batch = ReturnType<typeof createBatch>;

export function createBatch(facts: BatchInput) {
  const records = new Map(facts.records.map((r) => [r.key, r]));
  const settled = new Set<string>();
  const actions: PlanActions = { exports: [], put: [], drop: [], removeLinks: [] };
  const live = () => [...records.values()].filter((r) => !settled.has(r.key));

  const batch = {
    facts,
    actions,
    /** Records not settled yet by this event. */
    live,

    /** This session's live records, optionally of one kind and status. */
    mine(kind?: PlanRecord["kind"], status?: RecordStatus): TrackedRecord[] {
      return live().filter(
        (r) => r.sessionId === facts.sessionId && (!kind || r.kind === kind) && (!status || r.status === status),
      );
    },

    /** Writes a plan (unless its outcome is not configured) and settles the records it stands for. */
    exportPlan(request: Omit<ExportRequest, "settles">, settles: string[]): void {
      for (const key of settles) settled.add(key);
      if (!facts.options.outcomes.includes(request.outcome)) {
        actions.drop.push(...settles);
        return;
      }
      const hash = planHash(request.text);
      const same = actions.exports.find((e) => e.outcome === request.outcome && planHash(e.text) === hash);
      if (same) same.settles.push(...settles);
      else actions.exports.push({ ...request, settles: [...settles] });
    },

    /** Stops tracking without writing anything. */
    forget(list: TrackedRecord[]): void {
      for (const r of list) {
        if (settled.has(r.key)) continue;
        settled.add(r.key);
        actions.drop.push(r.key);
      }
    },

    put(record: PlanRecord): void {
      const key = recordKey(record);
      records.set(key, { ...record, key, file: { state: "ok", text: record.text ?? "" } });
      settled.delete(key);
      actions.put.push(record);
    },

    /** Settles plans known only from tracking: a vanished or empty plan file means the user dropped it. */
    settle(list: TrackedRecord[], outcome: Outcome, resolution: Resolution): void {
      for (const r of list) {
        if (settled.has(r.key) || r.kind === "decided") continue;
        const text = r.kind === "attempt" ? r.text : r.file.state === "ok" ? r.file.text : undefined;
        if (r.file.state !== "ok" || !text || !normalizePlan(text)) {
          batch.forget([r]);
          continue;
        }
        const how = r.kind === "draft" ? "abandoned" : resolution;
        batch.exportPlan(
          { outcome, resolution: how, text, cli: r.cli, sessionId: r.sessionId, sourcePath: r.path, plannedAt: r.at },
          [r.key],
        );
      }
    },

    /** Records the new status, so that a failed export is retried by the next session's sweep. */
    mark(list: TrackedRecord[], status: RecordStatus): void {
      for (const r of list) {
        const { key: _key, file: _file, ...record } = r;
        actions.put.push({ ...record, status });
        records.set(r.key, { ...r, status });
      }
    },
  };
  return batch;
}

/** The most recently written or presented of `list`. */
export const newest = (list: TrackedRecord[]) =>
  list.reduce<TrackedRecord | undefined>((a, r) => (a && a.at >= r.at ? a : r), undefined);
