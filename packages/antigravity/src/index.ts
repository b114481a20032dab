export { antigravityAdapter } from "./adapter.ts";
export { ANTIGRAVITY_EVENTS, antigravityDialect, KNOWN_EVENTS, TOOL_EVENTS } from "./dialect.ts";
export {
  ANTIGRAVITY_PROJECT_BASE,
  antigravityBundlePath,
  antigravityEvents,
  antigravityHookCommand,
  antigravityHookFiles,
  antigravityHookName,
  antigravityInstallDir,
  antigravityPackaging,
} from "./packaging.ts";
export { normaliseAntigravityPayload } from "./payload.ts";
export { antigravityStyle, blockAntigravity, renderAntigravity } from "./render.ts";
