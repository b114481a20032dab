// A guardrail as Factory Droid hooks: hooks.json (the events at its top level: Droid ignores a Claude-style
// `{"hooks": …}` wrapper with only a log line; timeouts in seconds) + the bundle, both copied by `hookrail
// install` into a folder of its own, whose groups are merged into the scope's hooks file. The command finds
// the bundle under $HOME; the installer rewrites that folder for each scope.
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
import { droidDialect } from "./dialect.ts";

/** Where `hookrail install` puts a guardrail's Droid folder, relative to the scope's .factory folder. */
export const droidInstallDir = (manifest: GuardrailManifest) => `hookrail/${manifest.name}`;

export const droidBundlePath = (manifest: GuardrailManifest) => manifest.bundle;

/** How the shipped hooks.json names the user's .factory folder (rewritten per scope by the installer). */
export const DROID_USER_DIR = "$HOME/.factory";

export function droidHookFiles(manifest: GuardrailManifest, options?: PackagingOptions): PackageFile[] {
  const file = `${DROID_USER_DIR}/${droidInstallDir(manifest)}/${droidBundlePath(manifest)}`;
  const handler = { type: "command", command: nodeHookCommand(file), timeout: manifest.timeoutSeconds };
  let hooks = nativeHooks(manifest, droidDialect, handler);
  // A gate's tool hook whose file has gone blocks (exit 2 and the reason on stderr), naming the fix; node's own
  // exit 1 would let the call run.
  if (isGate(manifest, options))
    hooks = withEventCommand(
      hooks,
      nativeEventName(droidDialect, "before-tool"),
      nodeHookCommand(file, { guardrail: manifest.name, blocking: true }),
    );
  return [{ path: "hooks.json", content: manifestJson(hooks) }];
}

export const droidPackaging: CliPackaging = { cli: "droid", files: droidHookFiles, bundlePath: droidBundlePath };
