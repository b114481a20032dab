// A guardrail as an OpenClaw plugin: a folder hookrail-<g>/ with index.js (the plugin's entry, an ES module), the
// bundle, and the two files OpenClaw reads to find a plugin: package.json (`openclaw.extensions` names the entry)
// and openclaw.plugin.json (its id, which openclaw.json enables, and that it registers hooks).
import { bridgePackaging, type GuardrailManifest, type PackageFile } from "@hookrail/core";
import { openclawDialect } from "./dialect.ts";
import { openclawTitle } from "./places.ts";

export const openclawBundlePath = (manifest: GuardrailManifest) => `hookrail-${manifest.name}/${manifest.bundle}`;
export const openclawPluginPath = (manifest: GuardrailManifest) => `hookrail-${manifest.name}/index.js`;

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** package.json and openclaw.plugin.json beside the entry. */
function pluginFiles(manifest: GuardrailManifest): PackageFile[] {
  const id = `hookrail-${manifest.name}`;
  return [
    {
      path: `${id}/package.json`,
      content: json({
        name: id,
        version: manifest.version,
        private: true,
        description: manifest.description,
        type: "module",
        openclaw: { extensions: ["./index.js"] },
      }),
    },
    {
      path: `${id}/openclaw.plugin.json`,
      content: json({
        id,
        name: `hookrail ${manifest.name}`,
        description: manifest.description,
        version: manifest.version,
        // Loaded at the Gateway's start, for its hooks.
        activation: { onStartup: true, onCapabilities: ["hook"] },
        configSchema: { type: "object", additionalProperties: false },
      }),
    },
  ];
}

export const openclawPackaging = bridgePackaging({
  cli: "openclaw",
  title: openclawTitle,
  dialect: openclawDialect,
  entry: "@hookrail/openclaw/plugin",
  pluginPath: openclawPluginPath,
  bundlePath: openclawBundlePath,
  extraFiles: pluginFiles,
});
