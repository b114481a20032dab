export * from "./analysis/index.ts";
export { type Approval, approvalsInPrompt, checkUserApprovals } from "./approval/user-approvals.ts";
export {
  APPROVAL_MARKER,
  decideMergeGate,
  type MergeGateDecisionOptions,
  type MergeGateFacts,
  mergeGateDecision,
} from "./decide.ts";
export { mergeGate } from "./guardrail.ts";
export { manifest } from "./manifest.ts";
export {
  APPROVAL_MODES,
  type ApprovalMode,
  DEFAULT_MERGE_GATE_OPTIONS,
  type MergeGateOptions,
  mergeGateOptionsSchema,
} from "./options.ts";
