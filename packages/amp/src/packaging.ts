// A guardrail as an Amp plugin: a folder hookrail-<g>/ with index.js (Amp loads a plugin folder's index.js) and
// the bundle beside it.
import { bridgePackaging, type GuardrailManifest } from "@hookrail/core";
import { ampDialect } from "./dialect.ts";

export const ampBundlePath = (manifest: GuardrailManifest) => `hookrail-${manifest.name}/${manifest.bundle}`;
export const ampPluginPath = (manifest: GuardrailManifest) => `hookrail-${manifest.name}/index.js`;

export const ampPackaging = bridgePackaging({
  cli: "amp",
  title: "Amp",
  dialect: ampDialect,
  entry: "@hookrail/amp/plugin",
  pluginPath: ampPluginPath,
  bundlePath: ampBundlePath,
});
