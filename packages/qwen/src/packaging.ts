// A guardrail as a Qwen Code extension: qwen-extension.json + hooks/hooks.json + the bundle. Installed with
// `qwen extensions install <folder> --consent` (copied to ~/.qwen/extensions/<name>/). Qwen substitutes
// `${CLAUDE_PLUGIN_ROOT}` (the extension's folder) in an extension's hooks file; timeouts are in seconds.
import {
  type CliPackaging,
  type GuardrailManifest,
  isGate,
  manifestJson,
  nativeEventName,
  nativeHooks,
  nodeHookCommand,
  type PackageFile,
  type PackagingOptions,
  withEventCommand,
} from "@hookrail/core";
import { qwenDialect } from "./dialect.ts";

/** Where the bundle sits inside the extension folder. */
export const qwenBundlePath = (manifest: GuardrailManifest) => `hooks/${manifest.bundle}`;

/** How the shipped hooks file names the extension's folder (replaced by a real path outside an extension). */
export const QWEN_EXTENSION_ROOT = ["$", "{CLAUDE_PLUGIN_ROOT}"].join("");

export function qwenExtensionFiles(manifest: GuardrailManifest, options?: PackagingOptions): PackageFile[] {
  const file = `${QWEN_EXTENSION_ROOT}/${qwenBundlePath(manifest)}`;
  const handler = {
    type: "command",
    command: nodeHookCommand(file),
    name: manifest.name,
    timeout: manifest.timeoutSeconds,
  };
  let hooks = nativeHooks(manifest, qwenDialect, handler);
  // A gate's tool hook whose file has gone blocks (exit 2 and the reason on stderr), naming the fix.
  if (isGate(manifest, options))
    hooks = withEventCommand(
      hooks,
      nativeEventName(qwenDialect, "before-tool"),
      nodeHookCommand(file, { guardrail: manifest.name, blocking: true }),
    );
  const extension = { name: manifest.name, version: manifest.version, description: manifest.description };
  return [
    { path: "qwen-extension.json", content: manifestJson(extension) },
    { path: "hooks/hooks.json", content: manifestJson({ hooks }) },
  ];
}

export const qwenPackaging: CliPackaging = { cli: "qwen", files: qwenExtensionFiles, bundlePath: qwenBundlePath };
