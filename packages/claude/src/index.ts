export { claudeAdapter } from "./adapter.ts";
export { claudeDialect } from "./dialect.ts";
export { claudeBundlePath, claudePluginFiles } from "./packaging.ts";
export { claudeStyle } from "./render.ts";
