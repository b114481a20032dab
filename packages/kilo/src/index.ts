export { kiloAdapter } from "./adapter.ts";
export { kiloDialect } from "./dialect.ts";
export { kiloBundlePath, kiloPackaging, kiloPluginPath } from "./packaging.ts";
