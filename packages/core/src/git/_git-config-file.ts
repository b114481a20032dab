// git config files read without git: the repository's config, config.worktree, the user's and the system's.
// Plain `include.path` is followed; anything git would decide by its own state (`includeIf`) is not read.
import { readFileSync } from "node:fs";
import { dirname, isAbsolute, join, resolve } from "node:path";

/** Keys lower-cased except subsections (`remote.Origin.push`), every value in file order. */
export type GitConfigEntries = Map<string, string[]>;

// Included files are followed this deep (git's own limit is 10).
const MAX_INCLUDE_DEPTH = 10;

/**
 * Reads config files in order into one map, as `git config --list` would list them. A missing file adds
 * nothing. undefined: something here cannot be read the way git reads it (a conditional include, a syntax
 * error, an unreadable file): ask git. Never throws.
 */
export function readGitConfig(files: readonly string[], home: string): GitConfigEntries | undefined {
  const out: GitConfigEntries = new Map();
  try {
    for (const file of files) if (!readInto(file, home, out, 0)) return undefined;
    return out;
  } catch {
    return undefined;
  }
}

function readInto(file: string, home: string, out: GitConfigEntries, depth: number): boolean {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === "ENOENT" || code === "ENOTDIR";
  }
  const entries = parseGitConfig(text);
  if (!entries) return false;
  for (const [key, value] of entries) {
    if (key.startsWith("includeif.")) return false;
    if (key === "include.path") {
      if (depth >= MAX_INCLUDE_DEPTH) return false;
      const path = value.startsWith("~/") ? join(home, value.slice(2)) : value;
      if (!readInto(isAbsolute(path) ? path : resolve(dirname(file), path), home, out, depth + 1)) return false;
      continue;
    }
    const values = out.get(key);
    if (values) values.push(value);
    else out.set(key, [value]);
  }
  return true;
}

/** The key/value pairs of one config file's text, in order; undefined on a syntax error. */
export function parseGitConfig(text: string): [string, string][] | undefined {
  const entries: [string, string][] = [];
  let section: string | undefined;
  let i = 0;
  const n = text.length;
  const skipBlank = () => {
    while (i < n && (text[i] === " " || text[i] === "\t" || text[i] === "\r")) i++;
  };
  const skipLine = () => {
    while (i < n && text[i] !== "\n") i++;
  };
  while (i < n) {
    skipBlank();
    const c = text[i];
    if (c === "\n") {
      i++;
      continue;
    }
    if (c === "#" || c === ";") {
      skipLine();
      continue;
    }
    if (c === "[") {
      const end = text.indexOf("]", i);
      if (end < 0) return undefined;
      section = sectionName(text.slice(i + 1, end));
      if (section === undefined) return undefined;
      i = end + 1;
      continue;
    }
    const name = /^[A-Za-z][A-Za-z0-9-]*/.exec(text.slice(i, i + 256))?.[0];
    if (!name || section === undefined) return undefined;
    i += name.length;
    skipBlank();
    let value = "true";
    if (text[i] === "=") {
      i++;
      const read = readValue(text, i);
      if (!read) return undefined;
      [value, i] = read;
    } else if (i < n && text[i] !== "\n" && text[i] !== "#" && text[i] !== ";") return undefined;
    else skipLine();
    entries.push([`${section}.${name.toLowerCase()}`, value]);
  }
  return entries;
}

/** `core`, `remote "origin"` (subsection kept as written), or the old `branch.Name` (lower-cased). */
function sectionName(header: string): string | undefined {
  const quoted = /^\s*([A-Za-z0-9.-]+)\s+"((?:[^"\\]|\\.)*)"\s*$/.exec(header);
  if (quoted) return `${quoted[1]?.toLowerCase()}.${quoted[2]?.replace(/\\(.)/g, "$1")}`;
  const plain = /^\s*([A-Za-z0-9.-]+)\s*$/.exec(header);
  return plain ? plain[1]?.toLowerCase() : undefined;
}

/** A value up to the end of its line: quotes, escapes, comments and continued lines as git reads them. */
function readValue(text: string, start: number): [string, number] | undefined {
  let value = "";
  let pending = "";
  let quoted = false;
  let i = start;
  for (; i < text.length; i++) {
    const c = text[i] as string;
    if (c === "\n" && !quoted) break;
    if (c === "\n") return undefined;
    if (!quoted && (c === "#" || c === ";")) {
      while (i < text.length && text[i] !== "\n") i++;
      break;
    }
    if (c === " " || c === "\t" || c === "\r") {
      if (quoted) value += c;
      else if (value !== "") pending += c;
      continue;
    }
    value += pending;
    pending = "";
    if (c === '"') quoted = !quoted;
    else if (c === "\\") {
      const next = text[++i];
      if (next === "\n") continue;
      if (next === "\r" && text[i + 1] === "\n") {
        i++;
        continue;
      }
      const escaped = next === "n" ? "\n" : next === "t" ? "\t" : next === "b" ? "\b" : next;
      if (escaped !== "\\" && escaped !== '"' && escaped !== "\n" && escaped !== "\t" && escaped !== "\b") {
        return undefined;
      }
      value += escaped;
    } else value += c;
  }
  if (quoted) return undefined;
  return [value, i + 1];
}
