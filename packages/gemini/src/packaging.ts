// A guardrail as a Gemini CLI extension: gemini-extension.json + hooks/hooks.json (timeouts in ms) + the bundle.
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
import { geminiDialect } from "./dialect.ts";

/** How the shipped hooks name their extension's folder; Gemini CLI fills it in when it runs them. */
export const GEMINI_EXTENSION_PATH = ["$", "{extensionPath}"].join("");

export const geminiBundlePath = (manifest: GuardrailManifest) => `hooks/${manifest.bundle}`;

export function geminiExtensionFiles(manifest: GuardrailManifest, options?: PackagingOptions): PackageFile[] {
  const file = `${GEMINI_EXTENSION_PATH}/${geminiBundlePath(manifest)}`;
  const handler = {
    name: manifest.name,
    type: "command",
    command: nodeHookCommand(file),
    timeout: manifest.timeoutSeconds * 1000,
  };
  let hooks = nativeHooks(manifest, geminiDialect, handler);
  // A gate's tool hook whose file has gone blocks (exit 2 and the reason on stderr), naming the fix; node's own
  // exit 1 would let the call run.
  if (isGate(manifest, options))
    hooks = withEventCommand(
      hooks,
      nativeEventName(geminiDialect, "before-tool"),
      nodeHookCommand(file, { guardrail: manifest.name, blocking: true }),
    );
  // Hooks must live in hooks/hooks.json; a `hooks` key in the manifest is silently ignored by Gemini CLI.
  const extension = { name: manifest.name, version: manifest.version, description: manifest.description };
  return [
    { path: "gemini-extension.json", content: manifestJson(extension) },
    {
      path: "hooks/hooks.json",
      content: manifestJson({ hooks }),
    },
  ];
}

export const geminiPackaging: CliPackaging = {
  cli: "gemini",
  files: geminiExtensionFiles,
  bundlePath: geminiBundlePath,
};
