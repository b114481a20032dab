export { claudeAdapter } from "./adapter.ts";
export { claudeDialect } from "./dialect.ts";
export { claudeBundlePath, claudePackaging, claudePluginFiles } from "./packaging.ts";
export { claudeStyle, fromCopilot } from "./render.ts";
