// A guardrail as a Codex hook: hooks.json (root: `hooks` and `description` only; timeouts in seconds) + the bundle.
import {
  type CliPackaging,
  type GuardrailManifest,
  type HookLoaderAnswer,
  isGate,
  manifestJson,
  nativeEventName,
  nativeHooks,
  nodeHookCommand,
  nodeHookCommandForCmd,
  type PackageFile,
  type PackagingOptions,
} from "@hookrail/core";
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

/**
 * A handler whose command loads the bundle through the hook loader: a file that has gone blocks a gate's tool hook
 * (exit 2 and the reason on stderr, in both commands) and says nothing elsewhere. Codex trusts a hook by a hash of
 * these bytes: `hookrail install` computes it from them.
 */
function handlerOf(manifest: GuardrailManifest, answer?: HookLoaderAnswer) {
  const file = `${codexInstallDir(manifest)}/${codexBundlePath(manifest)}`;
  return {
    type: "command",
    command: nodeHookCommand(`${CODEX_DIRS.user.posix}/${file}`, answer),
    commandWindows: nodeHookCommandForCmd(`require('path').join(${CODEX_DIRS.user.windows},'${file}')`, answer),
    timeout: manifest.timeoutSeconds,
  };
}

export function codexHookFiles(manifest: GuardrailManifest, options?: PackagingOptions): PackageFile[] {
  const handler = handlerOf(manifest);
  const hooks = nativeHooks(manifest, codexDialect, handler);
  const gate = nativeEventName(codexDialect, "before-tool");
  if (isGate(manifest, options) && gate && hooks[gate]) {
    const blocking = handlerOf(manifest, { guardrail: manifest.name, blocking: true });
    hooks[gate] = hooks[gate].map((group) => ({ ...(group as object), hooks: [blocking] }));
  }
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
