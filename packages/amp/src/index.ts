export { ampAdapter } from "./adapter.ts";
export { type AmpApi, ampData, ampHandlers, ampPlugin, resultWithNote, workspaceFolder } from "./amp-plugin.ts";
export { AMP_TOOLS, ampDialect } from "./dialect.ts";
export { ampBundlePath, ampPackaging, ampPluginPath } from "./packaging.ts";
