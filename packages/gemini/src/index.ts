export { geminiAdapter } from "./adapter.ts";
export { geminiDialect, geminiEventNames } from "./dialect.ts";
export { geminiBundlePath, geminiExtensionFiles } from "./packaging.ts";
export { renderGemini } from "./render.ts";
