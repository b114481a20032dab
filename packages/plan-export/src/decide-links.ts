// Claude's "clear context": a session started by clear is linked to the plan waiting before it, and
// settled by what its transcript shows. Pure; used only by decide.ts.
import { type Batch, newest } from "./decide-batch.ts";
import { normalizePlan, planHash } from "./plan-text.ts";
import type { ContinuationEvidence, ContinuationLink } from "./types.ts";

const MINUTE = 60_000;

export function openLink(batch: Batch): void {
  const { sessionId, repoKey, now, transcriptPath } = batch.facts;
  batch.actions.setLink = { sessionId, repoKey, startedAt: now, ...(transcriptPath ? { transcriptPath } : {}) };
}

/**
 * Accepted once the transcript shows the injected plan; a manual /clear once the session's first
 * prompt, turn end or session end comes without it (`decisive`), or when nobody settled it in time.
 */
export function checkLink(
  batch: Batch,
  link: ContinuationLink,
  evidence: ContinuationEvidence,
  decisive: boolean,
): void {
  const { facts } = batch;
  const from = evidence.fromSessionId;
  const candidates = batch
    .live()
    .filter(
      (r) =>
        r.kind !== "decided" &&
        (from
          ? r.sessionId === from
          : r.sessionId !== link.sessionId && r.status === "cleared" && r.at <= link.startedAt),
    );
  if (evidence.planText && normalizePlan(evidence.planText)) {
    const hash = planHash(evidence.planText);
    const attempts = candidates.filter((r) => r.kind === "attempt");
    const origin = attempts.find((r) => r.hash === hash) ?? newest(attempts);
    // The approved text wins: a backup that differs was edited before the approval.
    batch.exportPlan(
      {
        outcome: "accepted",
        resolution: "approved-clear-context",
        text: evidence.planText,
        cli: facts.cli,
        sessionId: origin?.sessionId ?? from ?? link.sessionId,
        sourcePath: origin?.path ?? link.transcriptPath ?? "",
        plannedAt: origin?.at ?? link.startedAt,
        ...(evidence.feedback ? { feedback: evidence.feedback } : {}),
      },
      candidates.map((r) => r.key),
    );
    batch.actions.removeLinks.push(link.sessionId);
    return;
  }
  if (!decisive && facts.now - link.startedAt <= facts.options.abandonAfterMinutes * MINUTE) return;
  batch.settle(candidates, "rejected", "dismissed");
  batch.actions.removeLinks.push(link.sessionId);
}
