// The files that decide whether hookrail's gates run: where a path lands, and whether that is one of them.
// Pure: the places that depend on the environment (HOME, XDG_*, CODEX_HOME…) are worked out by facts.ts.
import { posix } from "node:path";
import { PROJECT_HOOKS_DIR } from "@hookrail/core";
import { PLACES_TABLE } from "../places/places-table.ts";
import { cliPlaces } from "../places/read-places.ts";
import { caseBlindTest } from "./case-blind.ts";

/** One protected file or folder of this user's machine, from the environment. */
export interface ProtectedPlace {
  /** Absolute and normalised, without a trailing slash. */
  path: string;
  /** Everything below it is protected too. */
  tree: boolean;
  /** What it is, for the block reason: "Claude Code's hook settings". */
  what: string;
}

export interface ProtectedPaths {
  /** The user's home folder ("" when unknown). */
  home: string;
  /** The folder relative paths are resolved against. */
  cwd: string;
  places: readonly ProtectedPlace[];
  /** Environment values a command may name them by (`$HOME`, `$CODEX_HOME`…). */
  vars: Readonly<Record<string, string>>;
}

interface Pattern {
  segments: readonly string[];
  tree: boolean;
  what: string;
}

const pattern = (path: string, what: string): Pattern => ({
  segments: (path.endsWith("/**") ? path.slice(0, -3) : path).toLowerCase().split("/"),
  tree: path.endsWith("/**"),
  what,
});

// hookrail's own files, protected wherever they sit: the same in every checkout and home folder.
const HOOKRAIL_ANYWHERE: readonly [string, string][] = [
  [".git/hooks/pre-push", "the repository's pre-push hook"],
  [".config/hookrail/**", "hookrail's user config"],
  [".local/state/hookrail/**", "hookrail's state"],
  [".local/share/hookrail/**", "hookrail's installed hooks"],
  [".cache/hookrail/v8/**", "hookrail's compiled hook cache"],
  // A project's one copy of each guardrail, which the CLIs' hook files in it run (core's project-hooks.ts).
  [`${PROJECT_HOOKS_DIR}/**`, "hookrail's guardrails in this project"],
];

// Wherever they sit (a project, the home folder, another user's home): the same files in every checkout.
// Built on first use, as the machine's places are (protectedPaths): so a line whose reading meets no path (a blocked
// `gh pr merge 12`) reads no CLI's places at all.
let patterns: readonly Pattern[] | undefined;
const patternsAnywhere = (): readonly Pattern[] =>
  (patterns ??= [
    // Every CLI's files as they sit in a home folder, and a project's own (each CLI's places.ts).
    ...cliPlaces().anywhere.map((p) => pattern(p.tree ? `${p.rest}/**` : p.rest, p.what)),
    ...HOOKRAIL_ANYWHERE.map(([path, what]) => pattern(path, what)),
  ]);

// The patterns' first folders, from the generated table: a path with none of them among its folders matches no
// pattern (each match starts at one), so the patterns are not built for it (a plain call's working folder).
const HEADS = new Set([
  ...PLACES_TABLE.anywhereHeads,
  ...HOOKRAIL_ANYWHERE.map(([path]) => (path.split("/")[0] ?? "").toLowerCase()),
]);

// Folders that belong to one CLI (each CLI's places.ts): removing one removes its hook settings (or its plugins, for
// the bridge CLIs).
const ownFolders = () => cliPlaces().ownFolders;

/** No environment known: only the patterns apply. */
export const NO_PLACES: ProtectedPaths = { home: "", cwd: "/", places: [], vars: {} };

/**
 * The absolute path a word names: `~` and the known variables expanded, relative to cwd, `..` resolved.
 * undefined when part of it is known only at run time.
 */
export function resolvePath(text: string, paths: ProtectedPaths): string | undefined {
  // Windows paths (a PowerShell line, Git Bash): `\` separates too, and a drive letter makes a path absolute.
  let path = text.includes("\\") ? text.replace(/\\/g, "/") : text;
  if (paths.home && (path === "~" || path.startsWith("~/"))) path = paths.home + path.slice(1);
  path = path.replace(/\$(?:\{(\w+)\}|(\w+))/g, (whole, braced, bare) => paths.vars[braced ?? bare] ?? whole);
  if (/[$`]/.test(path) || path === "") return undefined;
  const absolute = path.startsWith("/") || /^[A-Za-z]:\//.test(path) ? path : `${paths.cwd}/${path}`;
  // posix.normalize only when there is something to normalise: it costs microseconds per word.
  const clean = /\/\.|\/\/|\/$/.test(absolute) ? posix.normalize(absolute) : absolute;
  return clean.length > 1 && clean.endsWith("/") ? clean.slice(0, -1) : clean;
}

/**
 * The protected thing a change of `path` touches: the path itself, a file in a protected folder, or
 * (with `ancestors`, for removals, moves and recursive changes) a folder that holds one.
 */
export function protectedAt(path: string, paths: ProtectedPaths, ancestors: boolean): ProtectedPlace | undefined {
  for (const place of paths.places) {
    if (path === place.path || (place.tree && path.startsWith(`${place.path}/`))) return { ...place, path };
    if (ancestors && (path === "/" || place.path.startsWith(`${path}/`))) return { ...place, path };
  }
  // Windows file systems and the registry ignore letter case; matching so everywhere only errs towards a block.
  const segments = path.toLowerCase().split("/");
  if (!segments.some((segment) => HEADS.has(segment))) return undefined;
  for (const p of patternsAnywhere()) {
    if (matchesPattern(segments, p, ancestors)) return { path, tree: p.tree, what: p.what };
  }
  return undefined;
}

function matchesPattern(segments: readonly string[], p: Pattern, ancestors: boolean): boolean {
  const n = p.segments.length;
  for (let i = 0; i < segments.length; i++) {
    let k = 0;
    while (k < n && i + k < segments.length && segments[i + k] === p.segments[k]) k++;
    if (k === 0) continue;
    if (k === n && (i + k === segments.length || p.tree)) return true;
    // The path ends inside the pattern: it is a folder that holds the protected file (a bare `.cache`,
    // `.config` or `.git` folder is too common to tell: those count only from the machine's own paths).
    if (ancestors && i + k === segments.length && (k > 1 || ownFolders().has(p.segments[0] ?? ""))) return true;
  }
  return false;
}

/** A file name pattern (`~/.cla?de/settings.json`): could it name a protected path (or, with `ancestors`, a folder holding one)? */
export function globMayTouch(glob: RegExp, literalPrefix: string, paths: ProtectedPaths, ancestors: boolean): boolean {
  for (const place of paths.places) {
    if (glob.test(place.path) || (ancestors && prefixes(place.path).some((p) => glob.test(p)))) return true;
  }
  const base = literalPrefix.endsWith("/") ? literalPrefix : `${posix.dirname(literalPrefix)}/`;
  return patternsAnywhere().some((p) => {
    const full = base + p.segments.join("/");
    return glob.test(full) || (ancestors && prefixes(full).some((x) => x.length >= base.length && glob.test(x)));
  });
}

/** `/home` of `/home/me/.claude`; a path of one folder is its own. */
function firstFolder(path: string): string {
  const slash = path.indexOf("/", 1);
  return slash > 0 ? path.slice(0, slash) : path;
}

function prefixes(path: string): string[] {
  const out: string[] = [];
  for (let i = path.indexOf("/", 1); i > 0; i = path.indexOf("/", i + 1)) out.push(path.slice(0, i));
  return out;
}

// A line that names a protected place, as text: `.claude/settings.json`, `$CODEX_HOME`, `~/.gemini`…
// Used where the path itself is known only at run time (`rm -rf "$X"`) and for interpreter code.
// `.hookrail/config.json`, the project file, is not one; bounded quantifiers keep matching linear.
let mention: RegExp | undefined;
/** Built on first use: only the full analysis asks (a line the prefilters pass never does). */
const MENTION = (): RegExp =>
  (mention ??= new RegExp(
    [
      ...PLACES_TABLE.mentionSources,
      String.raw`\.git\W{1,6}hooks`,
      String.raw`(?:config|state|share|cache|HOME)\W{1,6}hookrail`,
      String.raw`\.hookrail\W{1,6}hooks`,
      String.raw`\b(?:XDG_DATA_HOME|HOOKRAIL_(?:CONFIG|STATE_DIR|CACHE_DIR))\b`,
    ].join("|"),
    "i",
  ));

/** Does the text name a protected place (by a telling fragment, or by one of this machine's paths)? */
export function mentionsProtected(text: string, paths: ProtectedPaths): boolean {
  if (MENTION().test(text)) return true;
  return paths.places.some((p) => text.includes(p.path));
}

// Words without one of which no command names a protected place or a hook CLI's subcommand.
// Case-blind, as the places are matched (macOS and Windows file systems ignore case: `rm -rf ~/.CLAUDE`).
const TRIGGER = caseBlindTest(
  [
    ...PLACES_TABLE.triggerWords,
    String.raw`hookrail|hooks|settings|config|trusted|plugins|extensions|pre-push|pre-commit|\.git|\.cache|\.local|\.\.|home|~|\/\s*(?:$|[;&|)])`,
  ].join("|"),
);

/**
 * Cheap pre-check for a prefilter: false only when the command cannot touch a protected place: no telling
 * word, no quoting, escapes, expansions or globs that could spell one, none of this machine's protected
 * paths, and a working folder that is not in or above one.
 */
export function mayTouchProtected(command: string, paths: ProtectedPaths): boolean {
  if (TRIGGER(command) || /[\\'"$`*?[{]/.test(command)) return true;
  // A protected path, or a folder above one (`rm -rf /home/me`): a line that holds either holds the path's first
  // folder (`/home`), which the path and every folder above it start with, so that one look is the whole test.
  if (paths.places.some((p) => command.includes(firstFolder(p.path)))) return true;
  return protectedAt(paths.cwd, paths, true) !== undefined;
}
