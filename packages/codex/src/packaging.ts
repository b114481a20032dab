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

/** A folder's two spellings, as CODEX_DIRS gives them: for `command` and for `commandWindows`. */
export interface CodexDir {
  posix: string;
  windows: string;
}

/**
 * A handler whose command loads the bundle at `file` (relative to `dir`) through the hook loader: a file that has
 * gone blocks a gate's tool hook (exit 2 and the reason on stderr, in both commands) and says nothing elsewhere.
 * Codex trusts a hook by a hash of these bytes: `hookrail install` computes it from them.
 */
export function codexHandler(file: string, timeout: number, dir: CodexDir, answer?: HookLoaderAnswer) {
  return {
    type: "command",
    command: nodeHookCommand(`${dir.posix}/${file}`, answer),
    commandWindows: nodeHookCommandForCmd(`require('path').join(${dir.windows},'${file}')`, answer),
    timeout,
  };
}

/** The bundle's file, relative to the folder that holds hookrail's Codex hooks. */
export const codexBundleFile = (manifest: GuardrailManifest) =>
  `${codexInstallDir(manifest)}/${codexBundlePath(manifest)}`;

/** hooks.json for the guardrail, its commands finding hookrail's Codex folder as `dir` says. */
export function codexHooksJson(
  manifest: GuardrailManifest,
  options: PackagingOptions | undefined,
  dir: CodexDir,
): string {
  const handlerOf = (answer?: HookLoaderAnswer) =>
    codexHandler(codexBundleFile(manifest), manifest.timeoutSeconds, dir, answer);
  const handler = handlerOf();
  const hooks = nativeHooks(manifest, codexDialect, handler);
  const gate = nativeEventName(codexDialect, "before-tool");
  if (isGate(manifest, options) && gate && hooks[gate]) {
    const blocking = handlerOf({ guardrail: manifest.name, blocking: true });
    hooks[gate] = hooks[gate].map((group) => ({ ...(group as object), hooks: [blocking] }));
  }
  // Codex cuts SessionEnd hooks to 3 s (and warns at every start when the file asks for more).
  if (hooks.SessionEnd) hooks.SessionEnd = [{ hooks: [{ ...handler, timeout: Math.min(manifest.timeoutSeconds, 3) }] }];
  return manifestJson({ description: `hookrail ${manifest.name}: ${manifest.description}`, hooks });
}

/** The shipped files: hooks.json for the user's $CODEX_HOME (a project's handlers: codexHandler with CODEX_DIRS.project). */
export function codexHookFiles(manifest: GuardrailManifest, options?: PackagingOptions): PackageFile[] {
  return [{ path: "hooks.json", content: codexHooksJson(manifest, options, CODEX_DIRS.user) }];
}

export const codexPackaging: CliPackaging = { cli: "codex", files: codexHookFiles, bundlePath: codexBundlePath };
