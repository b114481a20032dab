// PowerShell values as the words a native command receives: an array gives one word per item, a hashtable
// its type name, a script block its text; and the Windows rules a program splits its command line by.
import type { Arg } from "../shell-words.ts";
import { stringOf, type Val } from "./ps-values.ts";

/** A word the analysis knows (a command name, an option). */
export const nameArg = (value: string, text = value): Arg => ({ value, text, glob: false, opaque: false });

/** The words a value becomes as a native command's argument (`bare`: an unquoted word, which may hold a wildcard). */
export function argsOf(val: Val, bare: boolean): Arg[] {
  if (val.k === "arr") return val.items.flatMap((i) => argsOf(i, bare));
  if (val.k === "hash") return [nameArg("System.Collections.Hashtable", val.text)];
  if (val.k === "block") return [nameArg(val.text)];
  const glob = bare && val.bare === true && val.v !== null && /[*?[]/.test(val.v);
  return [
    {
      value: val.v,
      text: val.text,
      glob,
      opaque: val.v === null && !/[^$]/.test(val.text.replace(/\$\(.*\)|\$\{?[\w:]+\}?/gs, "")),
    },
  ];
}

/** All the words of a value, flattened to strings (null: known only at run time). */
export function wordsOf(val: Val): (string | null)[] {
  return val.k === "arr" ? val.items.flatMap(wordsOf) : [stringOf(val)];
}

/**
 * A Windows command line split into words as programs built with the Microsoft C runtime do
 * (CommandLineToArgvW): blanks separate words, `"` groups, `\"` is a quote, backslashes are literal elsewhere.
 * `%NAME%` (cmd's variables) is known only at run time.
 */
export function splitCommandLine(line: string): Arg[] {
  const out: Arg[] = [];
  let i = 0;
  for (;;) {
    while (line[i] === " " || line[i] === "\t") i++;
    if (i >= line.length) return out;
    let word = "";
    let quoted = false;
    for (; i < line.length; i++) {
      const c = line[i] as string;
      if ((c === " " || c === "\t") && !quoted) break;
      if (c === "\\") {
        let n = 0;
        while (line[i + n] === "\\") n++;
        if (line[i + n] === '"') {
          word += "\\".repeat(Math.floor(n / 2));
          if (n % 2 === 1) word += '"';
          else quoted = !quoted;
          i += n;
        } else {
          word += "\\".repeat(n);
          i += n - 1;
        }
        continue;
      }
      if (c === '"') {
        if (quoted && line[i + 1] === '"') {
          word += '"';
          i++;
        } else quoted = !quoted;
        continue;
      }
      word += c;
    }
    const dynamic = /%[^%\s]+%/.test(word);
    out.push({ value: dynamic ? null : word, text: word, glob: false, opaque: false });
  }
}
