export { geminiAdapter } from "./adapter.ts";
export { geminiDialect } from "./dialect.ts";
export { geminiBundlePath, geminiExtensionFiles, geminiPackaging } from "./packaging.ts";
export { geminiStyle } from "./render.ts";
