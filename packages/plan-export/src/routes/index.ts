// Which route reads an event: one per kind of plan mode, chosen by the CLI's plans (its package's places.ts).
import { PLANS } from "@hookrail/clis/places";
import type { HookEvent } from "@hookrail/core";
import type { CliPlans, PlanRoute } from "@hookrail/core/cli-places";
import type { Signal } from "../types.ts";
import { planAgentSignals } from "./plan-agent.ts";
import { exitChoiceSignals } from "./plan-exit-choice.ts";
import { answerSignals } from "./plan-in-answer.ts";
import { toolAndBatchSignals } from "./plan-tool-and-batch.ts";
import { toolCallSignals } from "./plan-tool-call.ts";
import { toolDialogSignals } from "./plan-tool-dialog.ts";
import { namedFileSignals } from "./plan-tool-names-file.ts";
import { toolResultSignals } from "./plan-tool-result.ts";
import { sessionFileSignals } from "./session-plan-file.ts";

export { codexPlanFromRollout } from "./answer-transcript.ts";
export { continuationEvidence } from "./clear-context-transcript.ts";

type Route = (event: HookEvent, planDirs: readonly string[], plans: CliPlans) => Signal[];

const ROUTES: Readonly<Record<PlanRoute, Route>> = {
  "plan-tool-and-batch": toolAndBatchSignals,
  "plan-tool-names-file": namedFileSignals,
  "plan-in-answer": answerSignals,
  "session-plan-file": sessionFileSignals,
  "plan-agent": planAgentSignals,
  "plan-tool-dialog": toolDialogSignals,
  "plan-tool-call": toolCallSignals,
  "plan-tool-result": toolResultSignals,
  "plan-exit-choice": exitChoiceSignals,
};

export function routeSignals(event: HookEvent, planDirs: readonly string[]): Signal[] {
  // Session starts and ends mean the same in every CLI; the rest is read by the CLI's route.
  if (event.kind === "session-start") return [{ kind: "session-started", source: event.source }];
  if (event.kind === "session-end") return [{ kind: "session-ended", reason: event.reason ?? "other" }];
  // A CLI without plans has no plan mode hooks can follow (the guardrail's manifest refuses it): no route.
  const plans = PLANS[event.cli];
  return plans ? ROUTES[plans.route](event, planDirs, plans) : [];
}
