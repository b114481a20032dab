// Pure shell-command analysis for the merge gate.
export { analyzeCommand } from "./analyze-command.ts";
export { describeFindings, isBlocked } from "./describe-findings.ts";
export type { Analysis, AnalysisFacts, CheckoutFacts, Finding, GitConfig } from "./types.ts";
