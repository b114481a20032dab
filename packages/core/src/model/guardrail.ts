// What a guardrail is: a failure policy plus a decision for the events it handles.
import type { Config } from "../config/config.ts";
import type { DebugLog } from "./debug-log.ts";
import type { Decision } from "./decision.ts";
import type { HookEvent } from "./event.ts";
import type { TraceSink } from "./trace.ts";

/**
 * closed: a gate; anything it cannot read or finish blocks the action.
 * open: advisory; on any failure it says nothing and logs.
 */
export type FailurePolicy = "closed" | "open";

export interface GuardrailContext {
  env: NodeJS.ProcessEnv;
  config: Config;
  log: DebugLog;
  /** Whether a note on this event would really reach the model in the calling CLI. */
  notesReachModel: boolean;
  /** Milliseconds since the epoch; injectable for tests. */
  now: number;
  /** `hookrail explain`: where the guardrail's analysis records what it saw. Hooks never get one. */
  trace?: TraceSink;
}

export interface Guardrail {
  name: string;
  failure: FailurePolicy;
  /** Decides on one event. Events a guardrail does not care about should return allow. */
  decide(event: HookEvent, context: GuardrailContext): Promise<Decision> | Decision;
  /** The settings it runs with under this config, defaults filled in (what `hookrail doctor` shows). */
  settings?(config: Config): Record<string, unknown>;
}

export const defineGuardrail = (guardrail: Guardrail): Guardrail => guardrail;
