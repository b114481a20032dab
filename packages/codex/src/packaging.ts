// A guardrail as a Codex hook: hooks.json (root: `hooks` and `description` only; timeouts in seconds) + the bundle.
import { type CliPackaging, type GuardrailManifest, manifestJson, nativeHooks, type PackageFile } from "@hookrail/core";
import { codexDialect } from "./dialect.ts";

/** Where `hookrail install` puts a guardrail's Codex folder, relative to CODEX_HOME. */
export const codexInstallDir = (manifest: GuardrailManifest) => `hookrail/${manifest.name}`;

export const codexBundlePath = (manifest: GuardrailManifest) => manifest.bundle;

/**
 * How each command names the folder that holds hookrail's Codex hooks, resolved when the hook runs (so the
 * definition, and with it its trust hash, names no machine path). `command` runs under `$SHELL -lc`;
 * `commandWindows` under `cmd.exe /C`, where it finds the folder in node itself: Codex passes the command as one
 * argument, quoted the Rust way (`\"`), which cmd does not read, so it holds no double quote, no space inside
 * a word and nothing cmd treats as syntax (`& | < > ^ %`).
 */
export const CODEX_DIRS = {
  user: {
    posix: ["$", "{CODEX_HOME:-$HOME/.codex}"].join(""),
    windows: "process.env.CODEX_HOME?process.env.CODEX_HOME:require('os').homedir()+'/.codex'",
  },
  project: {
    posix: "$(git rev-parse --show-toplevel)/.codex",
    windows: "require('child_process').execFileSync('git',['rev-parse','--show-toplevel']).toString().trim()+'/.codex'",
  },
} as const;

export function codexHookFiles(manifest: GuardrailManifest): PackageFile[] {
  const file = `${codexInstallDir(manifest)}/${codexBundlePath(manifest)}`;
  const handler = {
    type: "command",
    command: `node "${CODEX_DIRS.user.posix}/${file}"`,
    commandWindows: `node -e require(require('path').join(${CODEX_DIRS.user.windows},'${file}'))`,
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
