export { auggieAdapter } from "./adapter.ts";
export { AUGGIE_EVENTS, auggieDialect } from "./dialect.ts";
export { AUGGIE_DISPATCHER_MARKER, AUGGIE_DISPATCHER_SOURCE } from "./dispatcher-source.ts";
export {
  AUGGIE_DISPATCHER_FILE,
  AUGGIE_SETTINGS_FILE,
  AUGGIE_USER_DIR,
  type AuggieGroup,
  type AuggieSettings,
  auggieBindings,
  auggieBundlePath,
  auggieCommandFile,
  auggieDispatcherText,
  auggieHookFiles,
  auggieInstallDir,
  auggiePackaging,
  auggieScopeGroups,
  auggieSettings,
} from "./packaging.ts";
export { normaliseAuggiePayload } from "./payload.ts";
export { auggieStyle } from "./render.ts";
