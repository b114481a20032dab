// What xargs reads on standard input, when the source text tells (`echo main | xargs git push origin --delete`):
// the words it appends to its command, or the lines it puts in the `-I` placeholder.
import type { Stdin } from "./context.ts";
import type { Scan } from "./scan-options.ts";
import { hasOption, optionValue } from "./scan-options.ts";

// More input words than this are not replayed one by one: the command stays "open" (known only at run time).
const MAX_ITEMS = 64;

/** The input items, or undefined when they are not known exactly (a file, a command's output, a variable). */
export function xargsItems(stdin: Stdin, scan: Scan): string[] | undefined {
  if (stdin.kind !== "text" || !stdin.exact || optionValue(scan, "-a", "--arg-file")) return undefined;
  const text = stdin.text;
  let items: string[];
  const delimiter = optionValue(scan, "-d", "--delimiter")?.value;
  if (hasOption(scan, "-0", "--null")) items = text.split("\0");
  else if (delimiter !== undefined) {
    if (delimiter === null || delimiter.length !== 1) return undefined;
    items = text.split(delimiter);
  } else if (hasOption(scan, "-I", "-i", "--replace")) items = text.split("\n").map((l) => l.replace(/^[ \t]+/, ""));
  else {
    const words = splitWords(text);
    if (words === undefined) return undefined;
    items = words;
  }
  items = items.filter((i) => i !== "");
  return items.length <= MAX_ITEMS ? items : undefined;
}

/** xargs' own quoting: blanks separate, '…' and "…" group, a backslash escapes. Undefined on an unmatched quote. */
function splitWords(text: string): string[] | undefined {
  const out: string[] = [];
  let word: string | null = null;
  let quote: string | null = null;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (quote) {
      if (c === quote) quote = null;
      else if (c === "\n") return undefined;
      else word += c;
    } else if (c === "'" || c === '"') {
      quote = c;
      word ??= "";
    } else if (c === "\\") {
      word = (word ?? "") + (text[++i] ?? "");
    } else if (/\s/.test(c)) {
      if (word !== null) out.push(word);
      word = null;
    } else word = (word ?? "") + c;
  }
  if (quote) return undefined;
  if (word !== null) out.push(word);
  return out;
}
