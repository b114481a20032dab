// A CLI's settings file holds what decides whether hooks run and much else besides (permissions, models, UI). A
// file tool's edit there is the user's to make only when it changes a key that decides about hooks; everything
// else (`"Bash(npm test)"` added to permissions) is everyday work. Pure: the texts before and after come in.
import { PLACES } from "@hookrail/clis/places";
import { parse as parseToml } from "smol-toml";

/** One CLI settings file: where it is, and its keys that decide whether hooks (and the gate) run. */
export interface SettingsFile {
  cli: string;
  /** Matches the file's absolute path. */
  path: RegExp;
  /**
   * Keys (a dotted path for a nested one) whose value decides whether hooks run, or that name commands the CLI
   * runs outside any hook (a status line, a key helper): a change to one is the user's to make.
   */
  keys: readonly string[];
  /** JSON unless said (Codex's config.toml). */
  format?: "toml";
}

/** Built on first use: only a file tool's edit asks (most calls are shell commands). */
let table: readonly SettingsFile[] | undefined;

/**
 * Every CLI's settings files (each CLI's places.ts). Files not listed there (hooks.json files, plugin folders) are
 * blocked whole: every key in them decides about hooks.
 */
export function settingsFiles(): readonly SettingsFile[] {
  table ??= Object.entries(PLACES).flatMap(([cli, places]) =>
    (places.settingsFiles ?? []).map((file) => ({ cli, ...file, keys: file.keys.flat() })),
  );
  return table;
}

/** The settings file a path is, if it is one in the table. */
export function settingsFileAt(path: string): SettingsFile | undefined {
  return settingsFiles().find((f) => f.path.test(path));
}

/**
 * Does going from `before` to `after` leave every deciding key as it was? `before` undefined: the file does not
 * exist yet. Unreadable JSON (comments included) answers false: the edit stays the user's to make.
 */
export function decidingKeysUnchanged(file: SettingsFile, before: string | undefined, after: string): boolean {
  const a = before === undefined || before.trim() === "" ? {} : parseObject(before, file.format);
  const b = parseObject(after, file.format);
  if (!a || !b) return false;
  return file.keys.every((k) => canonical(at(a, k)) === canonical(at(b, k)));
}

function at(value: unknown, path: string): unknown {
  let v = value;
  for (const part of path.split(".")) {
    v = v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>)[part] : undefined;
  }
  return v;
}

function parseObject(text: string, format?: "toml"): Record<string, unknown> | undefined {
  try {
    const value: unknown = format === "toml" ? parseToml(text) : JSON.parse(text);
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** A value's JSON with object keys sorted: the same for equal values written in any order. */
function canonical(value: unknown): string {
  if (value === undefined) return "undefined";
  return JSON.stringify(value, (_k, v: unknown) =>
    typeof v === "bigint"
      ? `${v}n`
      : v && typeof v === "object" && !Array.isArray(v)
        ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([x], [y]) => (x < y ? -1 : 1)))
        : v,
  );
}

/**
 * The text a file tool leaves in the file: a write's content, or an edit (or a list of edits) applied to what the
 * file holds. undefined when it cannot be told (an edit whose text is not found, an input of unknown shape).
 * Claude Code's `old_string`, Droid's `old_str`, Pi's `oldText`, OpenCode's and Kilo's `oldString` (an empty one
 * writes the whole file).
 */
export function textAfterTool(input: Record<string, unknown>, current: string | undefined): string | undefined {
  for (const key of ["content", "file_text"]) {
    if (typeof input[key] === "string") return input[key] as string;
  }
  const edits = Array.isArray(input.edits) ? (input.edits as Record<string, unknown>[]) : [input];
  let text = current;
  for (const e of edits) {
    const from = e.old_string ?? e.old_str ?? e.oldText ?? e.oldString;
    const to = e.new_string ?? e.new_str ?? e.newText ?? e.newString;
    if (e.oldString === "" && typeof to === "string") {
      text = to;
      continue;
    }
    if (typeof from !== "string" || typeof to !== "string" || text === undefined) return undefined;
    if (from === "") {
      if (text !== "") return undefined;
      text = to;
      continue;
    }
    if (!text.includes(from)) return undefined;
    const all = e.replace_all === true || e.replaceAll === true;
    text = all ? text.split(from).join(to) : text.replace(from, () => to);
  }
  return text;
}

// git's config files: where core.hooksPath (or an include that may set it) switches the pre-push layer off.
const GIT_CONFIG =
  /(?:\/\.gitconfig|\/\.git\/config|\/\.git\/config\.worktree|\/\.config\/git\/config|^\/etc\/gitconfig)$/;
const HOOKS_LINE = /hookspath|^\s*\[\s*include|^\s*path\s*=/i;

/** Is this one of git's config files? */
export const isGitConfigFile = (path: string): boolean => GIT_CONFIG.test(path);

/** Does going from `before` to `after` touch core.hooksPath or an include (lines that name them)? */
export function changesGitHooksPath(before: string | undefined, after: string): boolean {
  const lines = (text: string | undefined) =>
    (text ?? "")
      .split(/\r?\n/)
      .filter((l) => HOOKS_LINE.test(l))
      .map((l) => l.trim().replace(/\s+/g, " "))
      .join("\n");
  return lines(before) !== lines(after);
}
