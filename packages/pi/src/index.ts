export { piAdapter } from "./adapter.ts";
export { PI_TOOLS, piDialect } from "./dialect.ts";
export { type PiApi, piData, piExtension, piHandlers } from "./extension.ts";
export { piBundlePath, piPackaging, piPluginPath } from "./packaging.ts";
