// Pure shell-command analysis for the merge gate.
export { analyzeCommand, mayPushCurrentBranch } from "./analyze-command.ts";
export { describeFindings, isBlocked } from "./describe-findings.ts";
export { mayTouchProtected, type ProtectedPaths, type ProtectedPlace } from "./protected-paths.ts";
export type { Analysis, AnalysisFacts, Finding } from "./types.ts";
