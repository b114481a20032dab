export { copilotAdapter } from "./adapter.ts";
export { COPILOT_EVENTS, copilotDialect, isCopilotFormat } from "./dialect.ts";
export { copilotBundlePath, copilotHookFile, copilotHookFiles, copilotPackaging } from "./packaging.ts";
export { normalisePayload } from "./payload.ts";
export { copilotStyle } from "./render.ts";
