export * from "./analysis/index.ts";
export { APPROVAL_MARKER, decideMergeGate, type MergeGateFacts, mergeGateDecision } from "./decide.ts";
export { mergeGate } from "./guardrail.ts";
export { manifest } from "./manifest.ts";
export { type MergeGateOptions, mergeGateOptionsSchema } from "./options.ts";
