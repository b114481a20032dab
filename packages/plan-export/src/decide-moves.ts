// What each kind of signal does to the tracked plans. Pure; used only by decide.ts.
import { type Batch, newest } from "./decide-batch.ts";
import { normalizePlan, planHash } from "./plan-text.ts";
import type { Outcome, Resolution, Signal } from "./types.ts";

const MINUTE = 60_000;

/** Plans whose outcome was decided but whose file could not be written: tried again on every event. */
export function retryDecided(batch: Batch): void {
  for (const r of batch.live()) {
    if (r.kind !== "decided" || !r.outcome || !r.resolution || !r.text) continue;
    batch.exportPlan(
      {
        outcome: r.outcome,
        resolution: r.resolution,
        text: r.text,
        cli: r.cli,
        sessionId: r.sessionId,
        sourcePath: r.path,
        plannedAt: r.at,
        ...(r.feedback ? { feedback: r.feedback } : {}),
      },
      [r.key],
    );
  }
}

export function trackDraft(batch: Batch, path: string): void {
  const { cli, sessionId, now } = batch.facts;
  batch.put({ kind: "draft", cli, sessionId, path, status: "open", at: now });
}

export function present(batch: Batch, path: string, text: string): void {
  if (!normalizePlan(text)) return;
  const { cli, sessionId, now } = batch.facts;
  const hash = planHash(text);
  // An earlier plan of this session still waiting was replaced before anyone approved it.
  const replaced = batch.mine("attempt", "open").filter((r) => r.hash !== hash);
  batch.settle(replaced, "rejected", "revised");
  batch.forget(batch.mine("draft").filter((r) => r.path === path));
  batch.put({ kind: "attempt", cli, sessionId, path, text, hash, status: "open", at: now });
}

export function resolve(batch: Batch, signal: Extract<Signal, { kind: "plan-resolved" }>): void {
  const { facts } = batch;
  const hash = signal.text === undefined ? undefined : planHash(signal.text);
  const candidates = batch
    .live()
    .filter(
      (r) =>
        r.kind === "attempt" && (r.sessionId === facts.sessionId || (signal.anySession === true && r.hash === hash)),
    );
  const drafts = batch.mine("draft").filter((r) => signal.paths.includes(r.path));
  const backup = newest(candidates.filter((r) => r.hash === hash)) ?? newest(candidates);
  // Accepted: the text the CLI approved (the user may have edited it). Rejected: what the user saw.
  const text = signal.outcome === "accepted" ? (signal.text ?? backup?.text) : (backup?.text ?? signal.text);
  if (!text || !normalizePlan(text)) return;
  batch.exportPlan(
    {
      outcome: signal.outcome,
      resolution: signal.resolution,
      text,
      cli: facts.cli,
      sessionId: backup?.sessionId ?? facts.sessionId,
      sourcePath: signal.paths[0] ?? backup?.path ?? "",
      plannedAt: backup?.at ?? facts.now,
      ...(signal.feedback ? { feedback: signal.feedback } : {}),
    },
    [...candidates, ...drafts].map((r) => r.key),
  );
}

/** No dialog is open in this session any more: its waiting plans get `outcome`. */
export function settleOpen(batch: Batch, outcome: Outcome, resolution: Resolution): void {
  batch.settle(batch.mine("attempt", "open"), outcome, resolution);
}

/** Plans of other sessions whose session ended, or that nobody touched for too long, count as abandoned. */
export function sweepOtherSessions(batch: Batch): void {
  const { facts } = batch;
  const abandonMs = facts.options.abandonAfterMinutes * MINUTE;
  const stale = batch
    .live()
    .filter((r) => r.sessionId !== facts.sessionId && (r.status === "ended" || facts.now - r.at > abandonMs));
  batch.settle(stale, "rejected", "abandoned");
}
