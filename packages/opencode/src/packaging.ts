// A guardrail as an OpenCode plugin: hookrail-<g>.js, which OpenCode loads from the top of a plugins folder,
// and the bundle in hookrail-<g>/ beside it (a sub-folder, so OpenCode never takes the bundle for a plugin).
import { bridgePackaging, type GuardrailManifest } from "@hookrail/core";
import { openCodeGuardFiles } from "@hookrail/core/opencode-plugin";
import { opencodeDialect } from "./dialect.ts";

export const opencodeBundlePath = (manifest: GuardrailManifest) => `hookrail-${manifest.name}/${manifest.bundle}`;
export const opencodePluginPath = (manifest: GuardrailManifest) => `hookrail-${manifest.name}.js`;

export const opencodePackaging = bridgePackaging({
  cli: "opencode",
  title: "OpenCode",
  dialect: opencodeDialect,
  entry: "@hookrail/opencode/plugin",
  pluginPath: opencodePluginPath,
  bundlePath: opencodeBundlePath,
  // A gate also gets a guard, which blocks what it watches when the gate's plugin did not load.
  extraFiles: openCodeGuardFiles(opencodePluginPath),
});
