// A guardrail as a Kilo Code CLI plugin: hookrail-<g>.js, which Kilo loads from the top of a plugins folder,
// and the bundle in hookrail-<g>/ beside it (a sub-folder, so Kilo never takes the bundle for a plugin).
import { bridgePackaging, type GuardrailManifest } from "@hookrail/core";
import { openCodeGuardFiles } from "@hookrail/core/opencode-plugin";
import { kiloDialect } from "./dialect.ts";

export const kiloBundlePath = (manifest: GuardrailManifest) => `hookrail-${manifest.name}/${manifest.bundle}`;
export const kiloPluginPath = (manifest: GuardrailManifest) => `hookrail-${manifest.name}.js`;

export const kiloPackaging = bridgePackaging({
  cli: "kilo",
  title: "Kilo Code CLI",
  dialect: kiloDialect,
  entry: "@hookrail/kilo/plugin",
  pluginPath: kiloPluginPath,
  bundlePath: kiloBundlePath,
  // A gate also gets a guard, which blocks what it watches when the gate's plugin did not load.
  extraFiles: openCodeGuardFiles(kiloPluginPath),
});
