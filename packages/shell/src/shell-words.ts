// Words as the analysis sees them: the decoded value when it is known before run time, else a skeleton.
import type { Assignment, Word, WordPart } from "unbash";

export interface Arg {
  /** Decoded value (quotes, escapes and `$'…'` resolved), or null when an expansion makes it known only at run time. */
  value: string | null;
  /** Decoded text with each expansion kept as written, e.g. `repos/o/r/pulls/$n/merge`. */
  text: string;
  /** Holds unquoted glob characters, so bash may swap it for file names. */
  glob: boolean;
  /** Nothing of it is known: the whole word is expansions (`"$cmd"`, `$(…)`). */
  opaque: boolean;
  /** The parsed word, for process substitutions (`<(…)`) and here-doc bodies. */
  node?: Word;
}

interface Acc {
  text: string;
  literal: string;
  dynamic: boolean;
  glob: boolean;
}

function decodeParts(parts: readonly WordPart[], acc: Acc): void {
  for (const part of parts) {
    switch (part.type) {
      case "Literal":
      case "SingleQuoted":
      case "AnsiCQuoted":
        acc.text += part.value;
        acc.literal += part.value;
        break;
      case "DoubleQuoted":
      case "LocaleString":
        decodeParts(part.parts, acc);
        break;
      case "Glob":
      case "ExtendedGlob":
        acc.text += part.text;
        acc.literal += part.text;
        acc.glob = true;
        break;
      default:
        // Parameter, command, arithmetic and process substitutions, and brace expansion (one word becomes many).
        acc.text += part.text;
        acc.dynamic = true;
    }
  }
}

/** Decodes word parts (also a here-doc body's parts). */
export function argFromParts(parts: readonly WordPart[] | undefined, plain: string, node?: Word): Arg {
  if (!parts) return { value: plain, text: plain, glob: false, opaque: false, node };
  const acc: Acc = { text: "", literal: "", dynamic: false, glob: false };
  decodeParts(parts, acc);
  return {
    value: acc.dynamic ? null : acc.text,
    text: acc.text,
    glob: acc.glob,
    opaque: acc.dynamic && acc.literal.trim() === "",
    node,
  };
}

export function argFromWord(word: Word): Arg {
  return argFromParts(word.parts, word.value, word);
}

/** `export A=$(x)` style arguments come as assignments: rebuild `name=value`. */
export function argFromAssignment(a: Assignment): Arg {
  const head = `${a.name}${a.append ? "+=" : "="}`;
  if (a.value.type !== "Word" || a.index) return { value: null, text: a.text, glob: false, opaque: false };
  const inner = argFromWord(a.value);
  return { ...inner, value: inner.value === null ? null : head + inner.value, text: head + inner.text, opaque: false };
}

/** A word made by the analysis itself (joined eval arguments, split strings). */
export function literalArg(value: string): Arg {
  return { value, text: value, glob: false, opaque: false };
}

/** Joins words the way eval and `ssh host cmd…` do: with single spaces. */
export function joinArgs(args: readonly Arg[]): Arg {
  const dynamic = args.some((a) => a.value === null);
  const text = args.map((a) => a.text).join(" ");
  return { value: dynamic ? null : text, text, glob: false, opaque: dynamic && args.every((a) => a.opaque) };
}

// Longer patterns are taken to match anything: keeps matching linear, and no real command word is that long.
const MAX_GLOB = 64;

/** Shell glob (`*`, `?`, `[…]`) as an anchored regular expression. */
export function globToRegExp(glob: string): RegExp {
  if (glob.length > MAX_GLOB) return /^/;
  let out = "";
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i] as string;
    if (c === "*") out += out.endsWith(".*") ? "" : ".*";
    else if (c === "?") out += ".";
    else if (c === "[" && glob.indexOf("]", i + 2) > 0) {
      const close = glob.indexOf("]", i + 2);
      const body = glob
        .slice(i + 1, close)
        .replace(/^!/, "^")
        .replace(/\\/g, "\\\\");
      out += `[${body}]`;
      i = close;
    } else out += c.replace(/[.+^${}()|[\]\\]/g, "\\$&");
  }
  try {
    return new RegExp(`^${out}$`, "s");
  } catch {
    return /^$/;
  }
}

/** Is the argument this literal keyword (or a glob that bash could expand to it)? */
// The parts of a word that bash never splits into several words: literals, quoted text, arithmetic.
const WHOLE: ReadonlySet<WordPart["type"]> = new Set([
  "Literal",
  "SingleQuoted",
  "DoubleQuoted",
  "AnsiCQuoted",
  "LocaleString",
  "ArithmeticExpansion",
]);

/**
 * An argument known only at run time that bash may split into several words: one with an unquoted expansion
 * (`-o x=$T`, not `-o "x=$T"`), or one whose parse is not at hand. Each word it splits into is an argument of its own.
 */
export function maySplit(arg: Arg): boolean {
  if (arg.value !== null) return false;
  const parts = arg.node?.parts;
  return parts === undefined || parts.some((p) => !WHOLE.has(p.type));
}

export function is(arg: Arg | undefined, keyword: string): boolean {
  if (!arg || arg.value === null) return false;
  return arg.value === keyword || (arg.glob && globToRegExp(arg.value).test(keyword));
}

/**
 * `/usr/bin/GH.exe`, `C:\Program Files\GitHub CLI\gh.exe` → `gh`: the name a command word runs (Windows runs
 * `.exe`, `.cmd`, `.bat` and `.com` files by their bare name), or null when it is known only at run time.
 */
export function commandName(arg: Arg | undefined): string | null {
  if (!arg || arg.value === null) return null;
  return arg.value
    .replace(/^.*[\\/]/, "")
    .replace(/\.(?:exe|cmd|bat|com)$/i, "")
    .toLowerCase();
}

/** A table entry by command name; never an inherited property (`constructor`, `toString` are command names too). */
export function own<T>(table: Readonly<Record<string, T>>, name: string): T | undefined {
  return Object.hasOwn(table, name) ? table[name] : undefined;
}
