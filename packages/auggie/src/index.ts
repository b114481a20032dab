export { auggieAdapter } from "./adapter.ts";
export { AUGGIE_EVENTS, auggieDialect } from "./dialect.ts";
export { AUGGIE_USER_DIR, auggieBundlePath, auggieHookFiles, auggieInstallDir, auggiePackaging } from "./packaging.ts";
export { normaliseAuggiePayload } from "./payload.ts";
export { auggieStyle } from "./render.ts";
