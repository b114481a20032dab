export { KIMI_SESSION_START_ARG, kimiAdapter } from "./adapter.ts";
export { kimiDialect } from "./dialect.ts";
export { KIMI_HOOK_EVENTS, type KimiHookEntry, type KimiHookEvent, kimiHooksIssues } from "./hook-entries.ts";
export {
  KIMI_HOME_SH,
  kimiBundlePath,
  kimiEntryLines,
  kimiHookEntries,
  kimiHookFiles,
  kimiInstallDir,
  kimiPackaging,
} from "./packaging.ts";
export { kimiStyle } from "./render.ts";
