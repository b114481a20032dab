// Where this machine keeps what decides whether the gates run: hookrail's user config, state and compiled
// hook cache, and each CLI's hook registrations and installed hooks, from the environment the CLI gave the
// hook. I/O, for file tools only: symlinks are resolved, so a write to where a link leads is caught too.
import { lstatSync, readFileSync, realpathSync } from "node:fs";
import { dirname, join, normalize, resolve } from "node:path";
import type { ProtectedPaths, ProtectedPlace } from "./analysis/protected-paths.ts";
import { patchedText } from "./apply-patch.ts";
import {
  changesGitHooksPath,
  decidingKeysUnchanged,
  isGitConfigFile,
  settingsFileAt,
  textAfterTool,
} from "./settings-keys.ts";

const VARS = [
  "HOME",
  "XDG_CONFIG_HOME",
  "XDG_STATE_HOME",
  "XDG_CACHE_HOME",
  "XDG_DATA_HOME",
  "HOOKRAIL_CONFIG",
  "HOOKRAIL_STATE_DIR",
  "HOOKRAIL_CACHE_DIR",
  "CLAUDE_CONFIG_DIR",
  "GEMINI_CLI_HOME",
  "CODEX_HOME",
  "COPILOT_HOME",
  "USERPROFILE",
  "APPDATA",
  "LOCALAPPDATA",
  "ProgramData",
  "ProgramFiles",
  "QWEN_HOME",
  "CLINE_DIR",
  "FACTORY_HOME_OVERRIDE",
  "PI_CODING_AGENT_DIR",
];

/** The protected places for a command or file tool running in `cwd`. */
export function protectedPaths(env: NodeJS.ProcessEnv, cwd: string): ProtectedPaths {
  const home = env.HOME || env.USERPROFILE || "";
  const places: ProtectedPlace[] = [];
  // Plain string joins: path.join/resolve cost microseconds each on every call of a per-tool-call hook.
  const add = (raw: string | undefined, name: string, tree: boolean, what: string) => {
    // Windows folders (C:\Users\me) with forward slashes, as the analysis compares paths.
    const base = raw?.includes("\\") ? raw.replace(/\\/g, "/") : raw;
    if (!base?.startsWith("/") && !(base && /^[A-Za-z]:\//.test(base))) return;
    const clean = base.includes("/.") || base.includes("//") ? normalize(base) : base;
    const path = (clean.endsWith("/") ? clean.slice(0, -1) : clean) + (name ? `/${name}` : "");
    places.push({ path, tree, what });
  };
  const inHome = home ? (name: string) => `${home}/${name}` : () => undefined;
  const xdg = (value: string | undefined) => (value?.startsWith("/") ? value : undefined);
  // Windows keeps every CLI's user files under %USERPROFILE% (Claude Code, Gemini CLI, Codex, Copilot CLI and
  // hookrail alike); machine-wide ones under %ProgramFiles% (Claude Code) and %ProgramData% (Gemini CLI, Codex).
  const profile = env.USERPROFILE && env.USERPROFILE !== home ? env.USERPROFILE : undefined;

  const config = "hookrail's user config";
  add(env.HOOKRAIL_CONFIG, "", false, config);
  add(xdg(env.XDG_CONFIG_HOME), "hookrail", true, config);
  add(inHome(".config"), "hookrail", true, config);
  add(env.HOOKRAIL_STATE_DIR, "", true, "hookrail's state");
  add(xdg(env.XDG_STATE_HOME), "hookrail", true, "hookrail's state");
  add(inHome(".local/state"), "hookrail", true, "hookrail's state");
  // `hookrail install` keeps its copy of the hooks here (the live code of a user-scope install).
  add(xdg(env.XDG_DATA_HOME), "hookrail", true, "hookrail's installed hooks");
  add(inHome(".local/share"), "hookrail", true, "hookrail's installed hooks");
  const cache = "hookrail's compiled hook cache";
  add(env.HOOKRAIL_CACHE_DIR, "", true, cache);
  add(xdg(env.XDG_CACHE_HOME), "hookrail/v8", true, cache);
  add(inHome(".cache"), "hookrail/v8", true, cache);

  for (const base of new Set([env.CLAUDE_CONFIG_DIR || inHome(".claude"), inHome(".claude")])) {
    add(base, "settings.json", false, "Claude Code's hook settings");
    add(base, "settings.local.json", false, "Claude Code's hook settings");
    add(base, "plugins", true, "Claude Code's installed plugins");
  }
  add("/etc/claude-code", "", true, "Claude Code's managed settings");
  add(env.ProgramFiles, "ClaudeCode", true, "Claude Code's managed settings");
  // Older Claude Code versions read their managed settings here.
  add(env.ProgramData, "ClaudeCode", true, "Claude Code's managed settings");
  add("/Library/Application Support/ClaudeCode", "", true, "Claude Code's managed settings");

  const gemini = env.GEMINI_CLI_HOME || home ? `${env.GEMINI_CLI_HOME || home}/.gemini` : undefined;
  add(gemini, "settings.json", false, "Gemini CLI's hook settings");
  add(gemini, "extensions", true, "Gemini CLI's extensions");
  add(gemini, "trustedFolders.json", false, "Gemini CLI's trusted folders");
  add(env.GEMINI_CLI_TRUSTED_FOLDERS_PATH, "", false, "Gemini CLI's trusted folders");
  add(env.GEMINI_CLI_SYSTEM_SETTINGS_PATH, "", false, "Gemini CLI's system settings");
  add(env.GEMINI_CLI_SYSTEM_DEFAULTS_PATH, "", false, "Gemini CLI's system settings");
  add("/etc/gemini-cli", "", true, "Gemini CLI's system settings");
  add(env.ProgramData, "gemini-cli", true, "Gemini CLI's system settings");
  add("/Library/Application Support/GeminiCli", "", true, "Gemini CLI's system settings");

  const codex = env.CODEX_HOME || inHome(".codex");
  add(codex, "hooks.json", false, "Codex's hook registrations");
  add(codex, "config.toml", false, "Codex's config and hook trust");
  add(codex, "hookrail", true, "hookrail's installed Codex hooks");
  add("/etc/codex", "", true, "Codex's system config");
  add(env.ProgramData, "OpenAI/Codex", true, "Codex's system config");

  const copilot = env.COPILOT_HOME || inHome(".copilot");
  add(copilot, "hooks", true, "Copilot CLI's hooks");
  for (const file of ["settings.json", "settings.local.json", "config.json"]) {
    add(copilot, file, false, "Copilot CLI's settings and plugins");
  }
  add(copilot, "installed-plugins", true, "Copilot CLI's installed plugins");

  // With HOME set as well (Git Bash), %USERPROFILE% may differ from it: its CLI folders count too.
  if (profile) {
    for (const [dir, file, tree, what] of [
      [".claude", "settings.json", false, "Claude Code's hook settings"],
      [".claude", "settings.local.json", false, "Claude Code's hook settings"],
      [".claude", "plugins", true, "Claude Code's installed plugins"],
      [".gemini", "settings.json", false, "Gemini CLI's hook settings"],
      [".gemini", "extensions", true, "Gemini CLI's extensions"],
      [".codex", "hooks.json", false, "Codex's hook registrations"],
      [".codex", "config.toml", false, "Codex's config and hook trust"],
      [".codex", "hookrail", true, "hookrail's installed Codex hooks"],
      [".copilot", "hooks", true, "Copilot CLI's hooks"],
      [".qwen", "settings.json", false, "Qwen Code's hook settings"],
      [".qwen", "extensions", true, "Qwen Code's extensions"],
      [".qwen", "trustedFolders.json", false, "Qwen Code's trusted folders"],
      [".factory", "hooks.json", false, "Factory Droid's hooks"],
      [".factory", "settings.json", false, "Factory Droid's settings and hooks"],
      [".factory", "plugins", true, "Factory Droid's installed plugins"],
      [".config", "hookrail", true, "hookrail's user config"],
    ] as const) {
      add(`${profile}/${dir}`, file, tree, what);
    }
  }

  const cursor = inHome(".cursor");
  add(cursor, "hooks.json", false, "Cursor's hook registrations");
  add(cursor, "hookrail", true, "hookrail's installed Cursor hooks");
  add("/etc/cursor", "", true, "Cursor's enterprise hooks");
  add("/Library/Application Support/Cursor", "hooks.json", false, "Cursor's enterprise hooks");

  // Antigravity CLI keeps its customizations under ~/.gemini whatever GEMINI_CLI_HOME says.
  const agy = inHome(".gemini");
  add(agy, "config/hooks.json", false, "Antigravity CLI's hook registrations");
  add(agy, "config/hookrail", true, "hookrail's installed Antigravity CLI hooks");
  add(agy, "antigravity-cli/hooks.json", false, "Antigravity CLI's hook registrations");
  add(agy, "antigravity-cli/settings.json", false, "Antigravity CLI's settings and hooks");

  const qwen = env.QWEN_HOME || inHome(".qwen");
  add(qwen, "settings.json", false, "Qwen Code's hook settings");
  add(qwen, "extensions", true, "Qwen Code's extensions");
  add(qwen, "trustedFolders.json", false, "Qwen Code's trusted folders");
  add(env.QWEN_CODE_TRUSTED_FOLDERS_PATH, "", false, "Qwen Code's trusted folders");
  add(env.QWEN_CODE_SYSTEM_SETTINGS_PATH, "", false, "Qwen Code's system settings");
  add(env.QWEN_CODE_SYSTEM_DEFAULTS_PATH, "", false, "Qwen Code's system settings");
  add("/etc/qwen-code", "", true, "Qwen Code's system settings");
  add("/Library/Application Support/QwenCode", "", true, "Qwen Code's system settings");

  // Cline runs every hook file in these folders (and in a project's .cline/hooks and .clinerules/hooks).
  add(env.CLINE_DIR || inHome(".cline"), "hooks", true, "Cline's user hooks");
  add(inHome(".cline"), "hooks", true, "Cline's user hooks");
  add(inHome("Documents/Cline"), "Hooks", true, "Cline's user hooks");

  const factory = env.FACTORY_HOME_OVERRIDE || home ? `${env.FACTORY_HOME_OVERRIDE || home}/.factory` : undefined;
  add(factory, "hooks.json", false, "Factory Droid's hooks");
  for (const file of ["settings.json", "settings.local.json"])
    add(factory, file, false, "Factory Droid's settings and hooks");
  add(factory, "plugins", true, "Factory Droid's installed plugins");
  add(factory, "hookrail", true, "hookrail's installed Factory Droid hooks");
  add(env.FACTORY_ORG_MANAGED_SETTINGS_LOCAL_PATH, "", false, "Factory Droid's organization settings");
  add("/etc/factory", "", true, "Factory Droid's organization settings");
  add("/Library/Application Support/Factory", "", true, "Factory Droid's organization settings");
  // OpenCode and Kilo Code CLI load every plugin in these folders at start; Pi every extension in its own.
  for (const [cli, title] of [
    ["opencode", "OpenCode's plugins"],
    ["kilo", "Kilo Code CLI's plugins"],
  ] as const) {
    add(xdg(env.XDG_CONFIG_HOME), `${cli}/plugins`, true, title);
    add(inHome(".config"), `${cli}/plugins`, true, title);
  }
  add(inHome(".kilocode"), "plugins", true, "Kilo Code CLI's plugins");
  const pi = env.PI_CODING_AGENT_DIR || inHome(".pi/agent");
  add(pi, "extensions", true, "Pi's extensions");
  add(pi, "settings.json", false, "Pi's settings and extension lists");

  const vars: Record<string, string> = {};
  for (const name of VARS) if (env[name]) vars[name] = env[name] as string;
  const slashed = cwd.includes("\\") ? cwd.replace(/\\/g, "/") : cwd;
  const dir = slashed.startsWith("/") || /^[A-Za-z]:\//.test(slashed) ? slashed : "/";
  return { home, cwd: dir.includes("/.") || dir.includes("//") ? normalize(dir) : dir, places, vars };
}

/**
 * Each place also under its real path, when it or its folder is a symlink (dotfile managers link either).
 * Some dozens of file system calls: done for file tools only, never on a shell command's hot path.
 */
export function withRealPaths(paths: ProtectedPaths): ProtectedPaths {
  const out = [...paths.places];
  const seen = new Set<string>();
  for (const place of paths.places) {
    for (const link of [place.path, dirname(place.path)]) {
      if (seen.has(link)) continue;
      seen.add(link);
      const target = isSymlink(link) ? realPath(link) : undefined;
      if (target && target !== link) out.push({ ...place, path: target + place.path.slice(link.length) });
    }
  }
  return { ...paths, places: out };
}

function isSymlink(path: string): boolean {
  try {
    return lstatSync(path, { throwIfNoEntry: false })?.isSymbolicLink() === true;
  } catch {
    return false;
  }
}

function realPath(path: string): string | undefined {
  try {
    return realpathSync.native(path);
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
    const real = realPath(dir);
    if (real) return rest ? join(real, rest) : real;
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    rest = rest ? join(dir.slice(parent.length + 1), rest) : dir.slice(parent.length + 1);
    dir = parent;
  }
}

/**
 * A file tool's write to a CLI's settings file that leaves every hook-deciding key as it was (permissions, say):
 * the current file is read and the tool's edit (or patch) applied to it (settings-keys.ts).
 */
export function leavesHooksAlone(path: string, input: Record<string, unknown>, paths: ProtectedPaths): boolean {
  const file = settingsFileAt(path);
  if (!file) return false;
  const current = readIfThere(path);
  if (current === null) return false;
  const after = textAfter(path, input, current, paths);
  return typeof after === "string" && decidingKeysUnchanged(file, current, after);
}

/**
 * What a file tool leaves in `path`: a write's content, an edit applied to `current`, or an apply_patch text (Codex's
 * `command`, Droid's `input`, Copilot's `input` or `patch`, OpenCode's `patchText`) applied to it, a moved file's
 * text read from where it was.
 * null: the tool removes the file; undefined: it cannot be told (a patch that does not apply fails closed).
 */
function textAfter(
  path: string,
  input: Record<string, unknown>,
  current: string | undefined,
  paths: ProtectedPaths,
): string | null | undefined {
  const patch = [input.patchText, input.input, input.patch, input.command].find(
    (v): v is string => typeof v === "string" && v.includes("*** Begin Patch"),
  );
  if (patch === undefined) return textAfterTool(input, current);
  const named = (p: string) => fileToolTargets([p], paths).includes(path);
  const read = (p: string) => readIfThere(fileToolTargets([p], paths)[0] as string);
  return patchedText(patch, named, current, read);
}

/** The file's text; undefined when it does not exist; null when it cannot be read. */
function readIfThere(path: string): string | undefined | null {
  try {
    return readFileSync(path, "utf8");
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ENOENT" ? undefined : null;
  }
}

/**
 * A file tool's edit of one of git's config files (`~/.gitconfig`, `.git/config`…) that sets or changes
 * core.hooksPath or an include: the path, for the block reason; undefined for any other write.
 */
export function gitHooksPathWrite(
  targets: readonly string[],
  input: Record<string, unknown>,
  paths: ProtectedPaths,
): string | undefined {
  for (const path of targets) {
    if (!isGitConfigFile(path)) continue;
    const current = readIfThere(path);
    const after = current === null ? undefined : textAfter(path, input, current, paths);
    if (after === undefined || changesGitHooksPath(current ?? undefined, after ?? "")) return path;
  }
  return undefined;
}

// Folders whose files are a project's test data (`test/fixtures`, `__fixtures__`, `testdata`).
const FIXTURES = /^(?:__)?(?:test[-_]?)?fixtures(?:__)?$|^testdata$/i;

/**
 * A CLI's files copied into a project's test data, below the folder the session runs in: a CLI reads them only
 * when a session starts inside that folder (another agent, which no hook of this session can stop).
 */
export function inTestFixtures(path: string, cwd: string): boolean {
  if (!path.startsWith(`${cwd}/`)) return false;
  const segments = path
    .slice(cwd.length + 1)
    .split("/")
    .slice(0, -1);
  return segments.some((segment) => FIXTURES.test(segment));
}
