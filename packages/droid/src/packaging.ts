// A guardrail as Factory Droid hooks: hooks.json (the events at its top level: Droid ignores a Claude-style
// `{"hooks": …}` wrapper with only a log line; timeouts in seconds) + the bundle, both copied by `hookrail
// install` into a folder of its own, whose groups are merged into the scope's hooks file. The command finds
// the bundle under $HOME; the installer rewrites that folder for each scope.
import { type CliPackaging, type GuardrailManifest, manifestJson, nativeHooks, type PackageFile } from "@hookrail/core";
import { droidDialect } from "./dialect.ts";

/** Where `hookrail install` puts a guardrail's Droid folder, relative to the scope's .factory folder. */
export const droidInstallDir = (manifest: GuardrailManifest) => `hookrail/${manifest.name}`;

export const droidBundlePath = (manifest: GuardrailManifest) => manifest.bundle;

/** How the shipped hooks.json names the user's .factory folder (rewritten per scope by the installer). */
export const DROID_USER_DIR = "$HOME/.factory";

export function droidHookFiles(manifest: GuardrailManifest): PackageFile[] {
  const handler = {
    type: "command",
    command: `node "${DROID_USER_DIR}/${droidInstallDir(manifest)}/${droidBundlePath(manifest)}"`,
    timeout: manifest.timeoutSeconds,
  };
  return [{ path: "hooks.json", content: manifestJson(nativeHooks(manifest, droidDialect, handler)) }];
}

export const droidPackaging: CliPackaging = { cli: "droid", files: droidHookFiles, bundlePath: droidBundlePath };
