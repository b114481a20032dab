export { announce, exportsText } from "./announce.ts";
export { decidePlanExport } from "./decide.ts";
export { planExport } from "./guardrail.ts";
export { manifest } from "./manifest.ts";
export { type PlanExportOptions, planExportOptions } from "./options.ts";
export * from "./plan-text.ts";
export { routeSignals } from "./routes/index.ts";
export type * from "./types.ts";
export type { PlanActions, PlanFacts } from "./types.ts";
