export { clineAdapter } from "./adapter.ts";
export {
  CLINE_EVENTS,
  CLINE_HOOK_NAMES,
  CLINE_REFUSE_FLAG,
  CLINE_SHELL_TOOL,
  clineDialect,
  DISPATCHER_MARKER,
} from "./dialect.ts";
export { DISPATCHER_SOURCE } from "./dispatcher-source.ts";
export {
  CLINE_DISPATCHER_FILE,
  CLINE_SETTINGS_FILE,
  type ClineSettings,
  clineBundlePath,
  clineEvents,
  clineHookFiles,
  clineInstallDir,
  clinePackaging,
  clineSettings,
} from "./packaging.ts";
export { normaliseClinePayload } from "./payload.ts";
export { clinePlaces } from "./places.ts";
export { type ClineRefusal, clineRefusal, shellQuote } from "./refusal.ts";
export { clineStyle, renderCline } from "./render.ts";
