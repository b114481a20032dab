export { opencodeAdapter } from "./adapter.ts";
export { opencodeDialect } from "./dialect.ts";
export { opencodeBundlePath, opencodePackaging, opencodePluginPath } from "./packaging.ts";
