export { claudeAdapter } from "./adapter.ts";
export { claudeDialect, claudeEventNames } from "./dialect.ts";
export { claudeBundlePath, claudePluginFiles } from "./packaging.ts";
export { renderClaude } from "./render.ts";
