export { codexAdapter } from "./adapter.ts";
export { codexDialect, codexEventNames, patchFiles } from "./dialect.ts";
export { codexBundlePath, codexHookFiles, codexInstallDir } from "./packaging.ts";
export { renderCodex } from "./render.ts";
