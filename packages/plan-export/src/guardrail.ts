// plan-export as a guardrail: advisory, so it fails open (silent, with a debug log line).
// route (by the CLI's kind of plan mode) → complete texts → facts → pure decision → files and tracking → one short
// message.
import {
  allow,
  builtin,
  type Decision,
  defineGuardrail,
  type GuardrailContext,
  type HookEvent,
  sectionOptions,
} from "@hookrail/core";
import { guardrailState } from "@hookrail/core/state";
import { announce } from "./announce.ts";
import { decidePlanExport } from "./decide.ts";
import { completeSignals, gatherFacts, needsRepository, withSessionDrafts } from "./facts.ts";
import { applyActions } from "./io/apply.ts";
import { planDirs } from "./io/plan-dirs.ts";
import { exportTarget, type RepoFacts, repoFacts } from "./io/repo.ts";
import { type PlanStore, planStore } from "./io/store.ts";
import { planExportOptions } from "./options.ts";
import { routeSignals } from "./routes/index.ts";
import type { ExportResult } from "./types.ts";

export const planExport = defineGuardrail({
  name: "plan-export",
  failure: "open",
  async decide(event, context) {
    const options = sectionOptions(context.config, planExportOptions);
    if (!options.enabled || !event.sessionId) return allow();
    const store = planStore(guardrailState(context));
    const routed = withSessionDrafts(routeSignals(event, planDirs(event, context.env)), store, event.sessionId);
    const signals = completeSignals(routed);
    const link = store.link(event.sessionId);
    if (!needsRepository(signals, link !== undefined, store, event.sessionId)) {
      return tell([], event, context, store, undefined);
    }
    const cwd = event.cwd || process.cwd();
    const repo = exportTarget(await repoFacts(cwd, context.env), cwd, store.repoKeysOf(event.sessionId));
    const facts = gatherFacts({ event, now: context.now, signals, repo, store, link });
    const actions = decidePlanExport(facts, options);
    context.log("plan-export actions", {
      signals: signals.map((s) => s.kind),
      exports: actions.exports.map((e) => `${e.outcome}/${e.resolution}`),
      put: actions.put.length,
      drop: actions.drop.length,
    });
    const results = await applyActions(actions, { repo, store, options, now: context.now, log: context.log });
    return tell(results, event, context, store, repo);
  },
  settings: (config) => sectionOptions(config, planExportOptions),
});

/** Tells the user and the model; what the model cannot get on this event waits for the next one that reaches it. */
function tell(
  results: ExportResult[],
  event: HookEvent,
  context: GuardrailContext,
  store: PlanStore,
  repo: RepoFacts | undefined,
): Decision {
  // A session start also delivers what was saved while the repository's previous session ended.
  const notices = context.notesReachModel
    ? store.notices(event.sessionId, event.kind === "session-start" ? repo?.key : undefined)
    : [];
  const cwd = event.cwd || process.cwd();
  const told = announce({ results, topLevel: repo?.topLevel, cwd, notices, notesReachModel: context.notesReachModel });
  for (const key of told.delivered) store.deleteNotice(key);
  const created = results.filter((r) => r.created);
  if (!repo || repo.held || !created.length) return told.decision;
  const id = builtin<typeof import("node:crypto")>("node:crypto").randomBytes(6).toString("hex");
  if (event.kind === "session-end") {
    // Nobody reads a session end's answer: the repository's next session tells both.
    store.addNotice(
      { repoKey: repo.key, results: created, topLevel: repo.topLevel, userSeen: false, at: context.now },
      id,
    );
    return allow();
  }
  if (told.queue) {
    const notice = { repoKey: repo.key, sessionId: event.sessionId, results: created, topLevel: repo.topLevel };
    store.addNotice({ ...notice, userSeen: true, at: context.now }, id);
  }
  return told.decision;
}
