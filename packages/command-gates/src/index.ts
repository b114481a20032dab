export {
  analyzeCommandGates,
  analyzeGate,
  type GateFinding,
  type GatesAnalysis,
  type GateTrace,
  type LineStart,
} from "./analysis/analyze-gates.ts";
export { describeFinding } from "./analysis/describe.ts";
export { gatesToCheck } from "./analysis/prefilter.ts";
export { approvalsInPrompt } from "./approval/user-approvals.ts";
export { commandGatesSettings } from "./config/layer-gates.ts";
export { checkPattern, type PatternCheck } from "./config/patterns.ts";
export {
  type CommandGatesFacts,
  type CommandGatesResult,
  commandGatesDecision,
  decideCommandGates,
} from "./decide.ts";
export { gatherFacts } from "./facts.ts";
export { commandGates } from "./guardrail.ts";
export { manifest } from "./manifest.ts";
export {
  APPROVAL_MODES,
  type ApprovalMode,
  type CommandGate,
  type CommandGatesOptions,
  defaultMarker,
  gateEntrySchema,
} from "./options.ts";
