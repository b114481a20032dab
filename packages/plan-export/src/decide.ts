// plan-export's pure decision: an event's signals and the plans tracked for the repository in,
// the exports to write and the tracking changes out. No I/O; table-tested.
import { PLANS } from "@hookrail/clis/places";
import { createBatch } from "./decide-batch.ts";
import { checkLink, openLink } from "./decide-links.ts";
import { present, resolve, retryDecided, settleOpen, sweepOtherSessions, trackDraft } from "./decide-moves.ts";
import type { PlanActions, PlanDecisionOptions, PlanFacts, Signal } from "./types.ts";

/** Signals that prove no approval dialog is open in this session any more. */
const DECISIVE = new Set<Signal["kind"]>(["turn-ended", "prompt", "session-ended"]);

export function decidePlanExport(facts: PlanFacts, options: PlanDecisionOptions): PlanActions {
  const batch = createBatch({ ...facts, options });
  retryDecided(batch);
  const decisive = facts.signals.some((s) => DECISIVE.has(s.kind));
  for (const { link, evidence } of facts.links) {
    checkLink(batch, link, evidence, link.sessionId === facts.sessionId && decisive);
  }
  for (const signal of facts.signals) {
    switch (signal.kind) {
      case "plan-written":
        trackDraft(batch, signal.path);
        break;
      case "plan-presented":
        if (signal.text !== undefined) present(batch, signal.paths[0] ?? "", signal.text);
        break;
      case "plan-resolved":
        resolve(batch, signal);
        break;
      case "turn-ended":
        // Claude: a dialog answered with feedback ends the turn; an approval would have fired PostToolUse.
        settleOpen(batch, "rejected", "feedback");
        break;
      case "prompt":
        settleOpen(batch, "rejected", "dismissed");
        break;
      case "session-started":
        if (signal.source === "resume") settleOpen(batch, "rejected", "dismissed");
        if (signal.source === "clear" && PLANS[facts.cli]?.clearContextContinues) openLink(batch);
        sweepOtherSessions(batch);
        break;
      case "session-ended":
        if (signal.reason === "clear") batch.mark(batch.mine(undefined, "open"), "cleared");
        else {
          const mine = batch.mine();
          batch.mark(mine, "ended");
          batch.settle(mine, "rejected", "abandoned");
        }
        break;
    }
  }
  return batch.actions;
}
