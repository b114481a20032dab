// What `printf` and `echo -e` print, for the plain cases the line shows: backslash escapes, and printf's `%s`,
// `%b` and `%%` (its format used again while arguments remain). Other directives (`%d`, widths) are not replayed.

const SIMPLE: Readonly<Record<string, string>> = {
  "\\": "\\",
  '"': '"',
  a: "\u0007",
  b: "\b",
  e: "\u001b",
  E: "\u001b",
  f: "\f",
  n: "\n",
  r: "\r",
  t: "\t",
  v: "\v",
};

/**
 * Decodes backslash escapes. `echo`: `echo -e` and printf's `%b` (octal as `\0NNN`, `\c` ends all output);
 * else printf's format (octal as `\NNN`). Returns the text and whether `\c` stopped it.
 */
export function backslashEscapes(text: string, echo: boolean): { text: string; stopped: boolean } {
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    const next = text[i + 1];
    if (c !== "\\" || next === undefined) {
      out += c;
      continue;
    }
    const octal = (echo ? /^0([0-7]{0,3})/ : /^([0-7]{1,3})/).exec(text.slice(i + 1, i + 5));
    const hex = /^x([0-9a-fA-F]{1,2})/.exec(text.slice(i + 1, i + 4));
    if (Object.hasOwn(SIMPLE, next)) {
      out += SIMPLE[next];
      i++;
    } else if (echo && next === "c") return { text: out, stopped: true };
    else if (octal) {
      out += String.fromCharCode(Number.parseInt(octal[1] || "0", 8) & 0xff);
      i += octal[0].length;
    } else if (hex?.[1]) {
      out += String.fromCharCode(Number.parseInt(hex[1], 16));
      i += hex[0].length;
    } else out += c;
  }
  return { text: out, stopped: false };
}

/** What `printf format args…` prints, or undefined when the format holds a directive other than %s, %b, %%. */
export function printfOutput(format: string, args: readonly string[]): string | undefined {
  const pieces = format.split(/(%.)/s);
  if (pieces.some((p, i) => i % 2 === 1 && !/^%[sb%]$/.test(p))) return undefined;
  let out = "";
  let next = 0;
  do {
    for (const [i, piece] of pieces.entries()) {
      if (i % 2 === 0) {
        out += backslashEscapes(piece, false).text;
        continue;
      }
      if (piece === "%%") {
        out += "%";
        continue;
      }
      const arg = args[next++] ?? "";
      if (piece === "%s") out += arg;
      else {
        const decoded = backslashEscapes(arg, true);
        out += decoded.text;
        if (decoded.stopped) return out;
      }
    }
  } while (next > 0 && next < args.length);
  return out;
}
