// Where this machine keeps what decides whether the gates run: hookrail's user config, state and compiled
// hook cache, and each CLI's hook registrations and installed hooks, from the environment the CLI gave the
// hook. I/O, for file tools only: symlinks are resolved, so a write to where a link leads is caught too.
import { lstatSync, readFileSync, realpathSync } from "node:fs";
import { dirname, join, normalize, resolve } from "node:path";
import type { ProtectedPaths, ProtectedPlace } from "./analysis/protected-paths.ts";
import { patchedText } from "./apply-patch.ts";
import { cliPlaces } from "./places/read-places.ts";
import {
  changesGitHooksPath,
  decidingKeysUnchanged,
  isGitConfigFile,
  settingsFileAt,
  textAfterTool,
} from "./settings-keys.ts";

// The variables a command may name a place by, beside the ones each CLI's places name.
const VARS = [
  "HOME",
  "XDG_CONFIG_HOME",
  "XDG_STATE_HOME",
  "XDG_CACHE_HOME",
  "XDG_DATA_HOME",
  "HOOKRAIL_CONFIG",
  "HOOKRAIL_STATE_DIR",
  "HOOKRAIL_CACHE_DIR",
  "USERPROFILE",
  "APPDATA",
  "LOCALAPPDATA",
  "ProgramData",
  "ProgramFiles",
];

/**
 * The protected places for a command or file tool running in `cwd`. The places and the variables are worked out on
 * first use: a line whose reading meets no path never asks (a blocked `gh pr merge 12`), and reading every CLI's
 * places into this machine's paths costs a call over a million instructions.
 */
export function protectedPaths(env: NodeJS.ProcessEnv, cwd: string): ProtectedPaths {
  const home = env.HOME || env.USERPROFILE || "";
  let machine: MachinePlaces | undefined;
  const read = () => (machine ??= machinePlaces(env, home));
  const slashed = cwd.includes("\\") ? cwd.replace(/\\/g, "/") : cwd;
  const dir = slashed.startsWith("/") || /^[A-Za-z]:\//.test(slashed) ? slashed : "/";
  return {
    home,
    cwd: dir.includes("/.") || dir.includes("//") ? normalize(dir) : dir,
    get places() {
      return read().places;
    },
    get vars() {
      return read().vars;
    },
  };
}

interface MachinePlaces {
  places: ProtectedPlace[];
  vars: Record<string, string>;
}

/** This machine's protected places, and the values of the variables a command may name them by. */
function machinePlaces(env: NodeJS.ProcessEnv, home: string): MachinePlaces {
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
  const profile = env.USERPROFILE && env.USERPROFILE !== home ? env.USERPROFILE : undefined;

  const config = "hookrail's user config";
  add(env.HOOKRAIL_CONFIG, "", false, config);
  add(xdg(env.XDG_CONFIG_HOME), "hookrail", true, config);
  add(inHome(".config"), "hookrail", true, config);
  add(profile, ".config/hookrail", true, config);
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

  // Each CLI's places (its package's places.ts). Windows keeps every CLI's user files under %USERPROFILE%; with
  // HOME set as well (Git Bash), it may differ from HOME: the CLI folders there count too.
  const read = cliPlaces();
  for (const place of read.env) {
    if (place.from === "~") {
      add(home || undefined, place.rest, place.tree, place.what);
      if (profile) add(profile, place.rest, place.tree, place.what);
    } else add(place.from ? env[place.from] : "/", place.rest, place.tree, place.what);
  }

  const vars: Record<string, string> = {};
  for (const name of VARS) if (env[name]) vars[name] = env[name] as string;
  for (const name of read.vars) if (env[name]) vars[name] = env[name] as string;
  return { places, vars };
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
