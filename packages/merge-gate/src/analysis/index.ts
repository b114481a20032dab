// Pure shell-command analysis for the merge gate.
export { analyzeCommand } from "./analyze-command.ts";
export { describeFindings, isBlocked } from "./describe-findings.ts";
export { FLOW_WORDS } from "./flow-words.ts";
export { mayTouchProtected, type ProtectedPaths, type ProtectedPlace } from "./protected-paths.ts";
export type { Analysis, AnalysisFacts, CheckoutFacts, Finding, GitConfig } from "./types.ts";
