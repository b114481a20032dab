export { droidAdapter } from "./adapter.ts";
export { droidDialect } from "./dialect.ts";
export { DROID_USER_DIR, droidBundlePath, droidHookFiles, droidInstallDir, droidPackaging } from "./packaging.ts";
export { droidStyle } from "./render.ts";
