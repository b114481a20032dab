// What xargs reads on standard input, when the source text tells (`echo main | xargs git push origin --delete`):
// the words it appends to its command, or the lines it puts in the `-I` placeholder; and how it splits them
// among the command lines it runs (`-n N` words, `-L N` lines each).
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

/**
 * The words of each command line xargs runs: all the input at once, or `-n N` words / `-L N` non-blank lines
 * each (the last of the two given counts); with `-I` each item is one command line. Undefined as for xargsItems.
 */
export function xargsBatches(stdin: Stdin, scan: Scan, placeholder: boolean): string[][] | undefined {
  const items = xargsItems(stdin, scan);
  if (!items || placeholder) return items?.map((item) => [item]);
  const limit = scan.options.findLast((o) => /^(-n|--max-args|-L|--max-lines)$/.test(o.name));
  const size = Number(limit?.value?.value ?? Number.NaN);
  if (!limit || !Number.isSafeInteger(size) || size < 1) return [items];
  if (limit.name === "-n" || limit.name === "--max-args") return chunks(items, size);
  if (stdin.kind !== "text" || hasOption(scan, "-0", "--null", "-d", "--delimiter")) return [items];
  const lines: string[][] = [];
  for (const line of stdin.text.split("\n")) {
    const words = splitWords(line);
    if (words === undefined) return undefined;
    if (words.length > 0) lines.push(words);
  }
  return chunks(lines, size).map((group) => group.flat());
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
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
