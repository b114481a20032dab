// A guardrail as a Pi extension: a folder hookrail-<g>/ with index.js (Pi loads a folder's index.js as one
// extension) and the bundle beside it.
import { bridgePackaging, type GuardrailManifest } from "@hookrail/core";
import { piDialect } from "./dialect.ts";

export const piBundlePath = (manifest: GuardrailManifest) => `hookrail-${manifest.name}/${manifest.bundle}`;
export const piPluginPath = (manifest: GuardrailManifest) => `hookrail-${manifest.name}/index.js`;

export const piPackaging = bridgePackaging({
  cli: "pi",
  title: "Pi",
  dialect: piDialect,
  entry: "@hookrail/pi/plugin",
  pluginPath: piPluginPath,
  bundlePath: piBundlePath,
});
