export { codexAdapter } from "./adapter.ts";
export { codexDialect } from "./dialect.ts";
export { CODEX_DIRS, codexBundlePath, codexHookFiles, codexInstallDir, codexPackaging } from "./packaging.ts";
export { codexStyle } from "./render.ts";
