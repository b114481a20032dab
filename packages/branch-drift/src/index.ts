export {
  type BranchDriftFacts,
  type DriftOutcome,
  decideBranchDrift,
  findMoves,
  type LiveCheckout,
  type Move,
  needsAncestry,
  REFRESH_AFTER_MS,
} from "./decide.ts";
export { branchDrift } from "./guardrail.ts";
export { manifest } from "./manifest.ts";
export { DRIFT_HEADLINE, driftNote } from "./note.ts";
export { type BranchDriftOptions, branchDriftOptions } from "./options.ts";
