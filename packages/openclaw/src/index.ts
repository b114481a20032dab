export { openclawAdapter } from "./adapter.ts";
export { OPENCLAW_TOOLS, openclawDialect } from "./dialect.ts";
export { type OpenClawApi, openclawData, openclawHandlers, openclawPlugin } from "./hooks.ts";
export { openclawBundlePath, openclawPackaging, openclawPluginPath } from "./packaging.ts";
