// A guardrail as a Claude Code plugin: .claude-plugin/plugin.json + hooks/hooks.json + the bundle.
import { type CliPackaging, type GuardrailManifest, manifestJson, nativeHooks, type PackageFile } from "@hookrail/core";
import { claudeDialect } from "./dialect.ts";

/** Where the bundle sits inside the plugin folder. */
export const claudeBundlePath = (manifest: GuardrailManifest) => `hooks/${manifest.bundle}`;

export function claudePluginFiles(manifest: GuardrailManifest): PackageFile[] {
  const handler = {
    type: "command",
    command: `node "\${CLAUDE_PLUGIN_ROOT}/${claudeBundlePath(manifest)}"`,
    timeout: manifest.timeoutSeconds,
  };
  const plugin = {
    name: manifest.name,
    version: manifest.version,
    description: manifest.description,
    author: { name: "hookrail" },
    license: "MIT",
    ...(manifest.homepage ? { homepage: manifest.homepage } : {}),
  };
  return [
    { path: ".claude-plugin/plugin.json", content: manifestJson(plugin) },
    {
      path: "hooks/hooks.json",
      content: manifestJson({ hooks: nativeHooks(manifest, claudeDialect, handler) }),
    },
  ];
}

export const claudePackaging: CliPackaging = { cli: "claude", files: claudePluginFiles, bundlePath: claudeBundlePath };
