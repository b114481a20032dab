// A guardrail as a Gemini CLI extension: gemini-extension.json + hooks/hooks.json (timeouts in ms) + the bundle.
import { type CliPackaging, type GuardrailManifest, manifestJson, nativeHooks, type PackageFile } from "@hookrail/core";
import { geminiDialect } from "./dialect.ts";

export const geminiBundlePath = (manifest: GuardrailManifest) => `hooks/${manifest.bundle}`;

export function geminiExtensionFiles(manifest: GuardrailManifest): PackageFile[] {
  const handler = {
    name: manifest.name,
    type: "command",
    command: `node "\${extensionPath}/${geminiBundlePath(manifest)}"`,
    timeout: manifest.timeoutSeconds * 1000,
  };
  // Hooks must live in hooks/hooks.json; a `hooks` key in the manifest is silently ignored by Gemini CLI.
  const extension = { name: manifest.name, version: manifest.version, description: manifest.description };
  return [
    { path: "gemini-extension.json", content: manifestJson(extension) },
    {
      path: "hooks/hooks.json",
      content: manifestJson({ hooks: nativeHooks(manifest, geminiDialect, handler) }),
    },
  ];
}

export const geminiPackaging: CliPackaging = {
  cli: "gemini",
  files: geminiExtensionFiles,
  bundlePath: geminiBundlePath,
};
