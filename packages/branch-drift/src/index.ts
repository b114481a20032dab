export { ancestryQuestions, decideBranchDrift, findMoves, REFRESH_AFTER_MS } from "./decide.ts";
export { branchDrift } from "./guardrail.ts";
export { manifest } from "./manifest.ts";
export { DRIFT_HEADLINE, driftText, quote } from "./note.ts";
export { type BranchDriftOptions, branchDriftOptions } from "./options.ts";
export { ownMoveText } from "./own-move.ts";
export type { BranchDriftFacts, DriftOutcome, Found, LiveCheckout, Move, Phase, WorktreeAdvice } from "./types.ts";
