// A guardrail as a Qwen Code extension: qwen-extension.json + hooks/hooks.json + the bundle. Installed with
// `qwen extensions install <folder> --consent` (copied to ~/.qwen/extensions/<name>/). Qwen substitutes
// `${CLAUDE_PLUGIN_ROOT}` (the extension's folder) in an extension's hooks file; timeouts are in seconds.
import { type CliPackaging, type GuardrailManifest, manifestJson, nativeHooks, type PackageFile } from "@hookrail/core";
import { qwenDialect } from "./dialect.ts";

/** Where the bundle sits inside the extension folder. */
export const qwenBundlePath = (manifest: GuardrailManifest) => `hooks/${manifest.bundle}`;

/** How the shipped hooks file names the extension's folder (replaced by a real path outside an extension). */
export const QWEN_EXTENSION_ROOT = ["$", "{CLAUDE_PLUGIN_ROOT}"].join("");

export function qwenExtensionFiles(manifest: GuardrailManifest): PackageFile[] {
  const handler = {
    type: "command",
    command: `node "${QWEN_EXTENSION_ROOT}/${qwenBundlePath(manifest)}"`,
    name: manifest.name,
    timeout: manifest.timeoutSeconds,
  };
  const extension = { name: manifest.name, version: manifest.version, description: manifest.description };
  return [
    { path: "qwen-extension.json", content: manifestJson(extension) },
    { path: "hooks/hooks.json", content: manifestJson({ hooks: nativeHooks(manifest, qwenDialect, handler) }) },
  ];
}

export const qwenPackaging: CliPackaging = { cli: "qwen", files: qwenExtensionFiles, bundlePath: qwenBundlePath };
