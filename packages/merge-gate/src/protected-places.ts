// Where this machine keeps what decides whether the gates run: hookrail's user config, state and compiled
// hook cache, and each CLI's hook registrations and installed hooks, from the environment the CLI gave the
// hook. I/O: symlinked folders are resolved, so a write through the link's target is caught too.
import { realpathSync } from "node:fs";
import { dirname, isAbsolute, join, resolve } from "node:path";
import { userConfigPath } from "@hookrail/core";
import type { ProtectedPaths, ProtectedPlace } from "./analysis/protected-paths.ts";

const VARS = [
  "HOME",
  "XDG_CONFIG_HOME",
  "XDG_STATE_HOME",
  "XDG_CACHE_HOME",
  "HOOKRAIL_CONFIG",
  "HOOKRAIL_STATE_DIR",
  "HOOKRAIL_CACHE_DIR",
  "CLAUDE_CONFIG_DIR",
  "GEMINI_CLI_HOME",
  "CODEX_HOME",
  "COPILOT_HOME",
];

/** The protected places for a command or file tool running in `cwd`. */
export function protectedPaths(env: NodeJS.ProcessEnv, cwd: string): ProtectedPaths {
  const home = env.HOME || env.USERPROFILE || "";
  const places: ProtectedPlace[] = [];
  const add = (path: string | undefined, tree: boolean, what: string) => {
    if (path && isAbsolute(path)) places.push({ path: resolve(path), tree, what });
  };
  const inHome = (...parts: string[]) => (home ? join(home, ...parts) : undefined);
  const absolute = (value: string | undefined) => (value && isAbsolute(value) ? value : undefined);

  const config = "hookrail's user config";
  add(env.HOOKRAIL_CONFIG ? userConfigPath(env) : undefined, false, config);
  add(env.XDG_CONFIG_HOME && join(env.XDG_CONFIG_HOME, "hookrail"), true, config);
  add(inHome(".config", "hookrail"), true, config);
  add(env.HOOKRAIL_STATE_DIR, true, "hookrail's state");
  add(absolute(env.XDG_STATE_HOME) && join(env.XDG_STATE_HOME as string, "hookrail"), true, "hookrail's state");
  add(inHome(".local", "state", "hookrail"), true, "hookrail's state");
  const cache = "hookrail's compiled hook cache";
  add(env.HOOKRAIL_CACHE_DIR, true, cache);
  add(env.XDG_CACHE_HOME && join(env.XDG_CACHE_HOME, "hookrail", "v8"), true, cache);
  add(inHome(".cache", "hookrail", "v8"), true, cache);

  const claude = env.CLAUDE_CONFIG_DIR || inHome(".claude");
  for (const base of new Set([claude, inHome(".claude")])) {
    if (!base) continue;
    add(join(base, "settings.json"), false, "Claude Code's hook settings");
    add(join(base, "settings.local.json"), false, "Claude Code's hook settings");
    add(join(base, "plugins"), true, "Claude Code's installed plugins");
  }
  add("/etc/claude-code", true, "Claude Code's managed settings");
  add("/Library/Application Support/ClaudeCode", true, "Claude Code's managed settings");

  const gemini = join(env.GEMINI_CLI_HOME || home, ".gemini");
  add(join(gemini, "settings.json"), false, "Gemini CLI's hook settings");
  add(join(gemini, "extensions"), true, "Gemini CLI's extensions");
  add(join(gemini, "trustedFolders.json"), false, "Gemini CLI's trusted folders");
  add(env.GEMINI_CLI_TRUSTED_FOLDERS_PATH, false, "Gemini CLI's trusted folders");
  add(env.GEMINI_CLI_SYSTEM_SETTINGS_PATH, false, "Gemini CLI's system settings");
  add(env.GEMINI_CLI_SYSTEM_DEFAULTS_PATH, false, "Gemini CLI's system settings");
  add("/etc/gemini-cli", true, "Gemini CLI's system settings");
  add("/Library/Application Support/GeminiCli", true, "Gemini CLI's system settings");

  const codex = env.CODEX_HOME || inHome(".codex");
  if (codex) {
    add(join(codex, "hooks.json"), false, "Codex's hook registrations");
    add(join(codex, "config.toml"), false, "Codex's config and hook trust");
    add(join(codex, "hookrail"), true, "hookrail's installed Codex hooks");
  }
  add("/etc/codex", true, "Codex's system config");

  const copilot = env.COPILOT_HOME || inHome(".copilot");
  if (copilot) {
    add(join(copilot, "hooks"), true, "Copilot CLI's hooks");
    for (const file of ["settings.json", "settings.local.json", "config.json"]) {
      add(join(copilot, file), false, "Copilot CLI's settings and plugins");
    }
    add(join(copilot, "installed-plugins"), true, "Copilot CLI's installed plugins");
  }

  const vars: Record<string, string> = {};
  for (const name of VARS) if (env[name]) vars[name] = env[name] as string;
  return { home, cwd: resolve(cwd || "/"), places: withRealPaths(places), vars };
}

/** Each place also under its folder's real path, when a symlink leads there (dotfile managers do this). */
function withRealPaths(places: ProtectedPlace[]): ProtectedPlace[] {
  const real = new Map<string, string | undefined>();
  const out = [...places];
  for (const place of places) {
    const folder = place.tree ? place.path : dirname(place.path);
    if (!real.has(folder)) real.set(folder, realFolder(folder));
    const target = real.get(folder);
    if (target && target !== folder) out.push({ ...place, path: target + place.path.slice(folder.length) });
  }
  return out;
}

function realFolder(folder: string): string | undefined {
  try {
    return realpathSync.native(folder);
  } catch {
    return undefined;
  }
}

/** A file tool's paths as absolute paths (`~` and relative ones resolved), plus where a symlink really leads. */
export function fileToolTargets(files: readonly string[], paths: ProtectedPaths): string[] {
  const out: string[] = [];
  for (const file of files) {
    const expanded = paths.home && /^~(?:\/|$)/.test(file) ? paths.home + file.slice(1) : file;
    const absolute = resolve(paths.cwd, expanded);
    out.push(absolute);
    const real = realTarget(absolute);
    if (real && real !== absolute) out.push(real);
  }
  return out;
}

/** The real path of a file, or of its nearest existing folder joined with the rest. */
function realTarget(path: string): string | undefined {
  for (let dir = path, rest = ""; ; ) {
    const real = realFolder(dir);
    if (real) return rest ? join(real, rest) : real;
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    rest = rest ? join(dir.slice(parent.length + 1), rest) : dir.slice(parent.length + 1);
    dir = parent;
  }
}
