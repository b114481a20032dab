export {
  ancestryQuestions,
  type BranchDriftFacts,
  type DriftOutcome,
  decideBranchDrift,
  type Found,
  findMoves,
  type LiveCheckout,
  type Move,
  type Phase,
  REFRESH_AFTER_MS,
} from "./decide.ts";
export { branchDrift } from "./guardrail.ts";
export { manifest } from "./manifest.ts";
export { DRIFT_HEADLINE, driftText, quote, type WorktreeAdvice } from "./note.ts";
export { type BranchDriftOptions, branchDriftOptions } from "./options.ts";
export { ownMoveText } from "./own-move.ts";
