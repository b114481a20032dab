// A guardrail as a Codex hook: hooks.json (root: `hooks` and `description` only; timeouts in seconds) + the bundle.
import { type CliPackaging, type GuardrailManifest, manifestJson, nativeHooks, type PackageFile } from "@hookrail/core";
import { codexDialect } from "./dialect.ts";

/** Where `hookrail install` puts a guardrail's Codex folder, relative to CODEX_HOME. */
export const codexInstallDir = (manifest: GuardrailManifest) => `hookrail/${manifest.name}`;

export const codexBundlePath = (manifest: GuardrailManifest) => manifest.bundle;

export function codexHookFiles(manifest: GuardrailManifest): PackageFile[] {
  // Codex trusts a hook by the hash of its exact definition, so the command names no machine path:
  // it resolves CODEX_HOME at run time (hooks run under `bash -c`).
  const handler = {
    type: "command",
    command: `node "\${CODEX_HOME:-$HOME/.codex}/${codexInstallDir(manifest)}/${codexBundlePath(manifest)}"`,
    timeout: manifest.timeoutSeconds,
  };
  const hooks = nativeHooks(manifest, codexDialect, handler);
  // Codex cuts SessionEnd hooks to 3 s (and warns at every start when the file asks for more).
  if (hooks.SessionEnd) hooks.SessionEnd = [{ hooks: [{ ...handler, timeout: Math.min(manifest.timeoutSeconds, 3) }] }];
  return [
    {
      path: "hooks.json",
      content: manifestJson({ description: `hookrail ${manifest.name}: ${manifest.description}`, hooks }),
    },
  ];
}

export const codexPackaging: CliPackaging = { cli: "codex", files: codexHookFiles, bundlePath: codexBundlePath };
