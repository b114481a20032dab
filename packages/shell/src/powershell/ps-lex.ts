// PowerShell's lexical rules that the parser (ps-parse.ts) reads with: blanks and line continuations,
// comments, quotes (typographic ones too), backtick escapes, variable names, keywords. Pure text functions.

/** Single quotes, the typographic ones included (PowerShell reads ‘ ’ ‚ ‛ as '). */
export const isSingleQuote = (c: string | undefined): boolean =>
  c === "'" || c === "\u2018" || c === "\u2019" || c === "\u201a" || c === "\u201b";
/** Double quotes, the typographic ones included (“ ” „). */
export const isDoubleQuote = (c: string | undefined): boolean =>
  c === '"' || c === "\u201c" || c === "\u201d" || c === "\u201e";
/** Dashes PowerShell reads as `-` (en dash, em dash, horizontal bar). */
export const isDash = (c: string | undefined): boolean =>
  c === "-" || c === "\u2013" || c === "\u2014" || c === "\u2015";

export const isNewline = (c: string | undefined): boolean => c === "\n" || c === "\r";
/** Blanks within a line (PowerShell also takes the no-break and other Unicode spaces). */
export const isBlank = (c: string | undefined): boolean =>
  c === " " ||
  c === "\t" ||
  c === "\f" ||
  c === "\v" ||
  c === "\u00a0" ||
  (c !== undefined && /[\u2000-\u200a\u3000]/.test(c));

/** Characters of a plain variable name (`$name`, `$env:NAME`, `$script:x`). */
export const isNameChar = (c: string | undefined): boolean => c !== undefined && /[\p{L}\p{N}_?]/u.test(c);

// Backtick escapes in double-quoted strings and bare words.
const ESCAPES: Readonly<Record<string, string>> = {
  "0": "\0",
  a: "\u0007",
  b: "\b",
  e: "\u001b",
  f: "\f",
  n: "\n",
  r: "\r",
  t: "\t",
  v: "\v",
};

/** The text of a backtick escape whose character is `c` (`` `n `` is a newline, `` `x `` is x). */
export const escaped = (c: string): string => (Object.hasOwn(ESCAPES, c) ? (ESCAPES[c] as string) : c);

/** `` `u{1F600} ``: the character, or undefined when `s` at `i` (after the backtick) is not one. */
export function unicodeEscape(s: string, i: number): { text: string; end: number } | undefined {
  const m = /^u\{([0-9a-fA-F]{1,6})\}/.exec(s.slice(i, i + 10));
  if (!m?.[1]) return undefined;
  const code = Number.parseInt(m[1], 16);
  return code > 0x10ffff ? undefined : { text: String.fromCodePoint(code), end: i + m[0].length };
}

/** Skips blanks, line continuations (a backtick at the end of a line) and, with `newlines`, line ends; returns the index. */
export function skipBlanks(s: string, i: number, newlines: boolean): number {
  for (;;) {
    const c = s[i];
    if (isBlank(c) || (newlines && isNewline(c))) i++;
    else if (c === "`" && isNewline(s[i + 1])) i += s[i + 1] === "\r" && s[i + 2] === "\n" ? 3 : 2;
    else if (c === "<" && s[i + 1] === "#") {
      const end = s.indexOf("#>", i + 2);
      i = end < 0 ? s.length : end + 2;
    } else if (c === "#") {
      while (i < s.length && !isNewline(s[i])) i++;
    } else return i;
  }
}

// Built on first use: most hook runs never read PowerShell.
let keywords: Set<string> | undefined;
const KEYWORDS = () =>
  (keywords ??= new Set(
    (
      "if elseif else switch foreach for while do until try catch finally trap function filter workflow " +
      "return exit throw break continue param begin process end dynamicparam class enum using data " +
      "configuration parallel sequence inlinescript in"
    ).split(" "),
  ));

/** The keyword at `i` (lower-cased) when a word there is one and ends there. */
export function keywordAt(s: string, i: number): string | undefined {
  const m = /^[A-Za-z]+/.exec(s.slice(i, i + 16));
  if (!m) return undefined;
  const word = m[0].toLowerCase();
  const after = s[i + m[0].length];
  if (!KEYWORDS().has(word) || (after !== undefined && /[\w\-.\\/:$]/.test(after))) return undefined;
  return word;
}
