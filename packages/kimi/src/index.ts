export { KIMI_SESSION_START_ARG, kimiAdapter } from "./adapter.ts";
export { kimiDialect } from "./dialect.ts";
export { KIMI_DISPATCHER_MARKER, KIMI_DISPATCHER_SOURCE } from "./dispatcher-source.ts";
export { KIMI_HOOK_EVENTS, type KimiHookEntry, type KimiHookEvent, kimiHooksIssues } from "./hook-entries.ts";
export {
  KIMI_DISPATCHER_FILE,
  KIMI_DISPATCHER_SH,
  KIMI_HOME_SH,
  KIMI_SETTINGS_FILE,
  type KimiBinding,
  type KimiSettings,
  kimiBindings,
  kimiBundlePath,
  kimiCommandFile,
  kimiEntryLines,
  kimiHookEntries,
  kimiHookFiles,
  kimiInstallDir,
  kimiPackaging,
  kimiScopeEntries,
  kimiSettings,
} from "./packaging.ts";
export { kimiStyle } from "./render.ts";
