// One way to say why a settings or config file is not valid JSON, used by every command and hook:
// the file, line and column, and the two causes people hit most, a comment or a trailing comma, by name.

export interface JsonErrorOptions {
  /** The file's reader accepts comments (JSON with comments): a comment is then not the cause. */
  commentsAllowed?: boolean;
  /** The reader accepts a comma before `}` or `]`. */
  trailingCommasAllowed?: boolean;
  /** Where a parser stopped (character offset) and why, when it says so; else JSON.parse is asked. */
  offset?: number;
  reason?: string;
}

/** Line and column (1-based) of a character offset. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, Math.max(0, Math.min(offset, text.length)));
  const lastBreak = before.lastIndexOf("\n");
  return { line: before.split("\n").length, column: before.length - lastBreak };
}

/** The first comment and the first trailing comma outside strings (character offsets). */
function scan(text: string): { comment?: number; trailingComma?: number } {
  const found: { comment?: number; trailingComma?: number } = {};
  let comma: number | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      comma = undefined;
      for (i++; i < text.length && text[i] !== '"'; i++) if (text[i] === "\\") i++;
    } else if (c === "/" && (text[i + 1] === "/" || text[i + 1] === "*")) {
      found.comment ??= i;
      const end = text[i + 1] === "/" ? text.indexOf("\n", i) : text.indexOf("*/", i + 2) + 1;
      i = end <= 0 ? text.length : end;
    } else if (c === ",") comma = i;
    else if ((c === "}" || c === "]") && comma !== undefined) {
      found.trailingComma ??= comma;
      comma = undefined;
    } else if (c !== undefined && !/\s/.test(c)) comma = undefined;
    if (found.comment !== undefined && found.trailingComma !== undefined) break;
  }
  return found;
}

/** Where strict JSON first goes wrong in `text`, and why (undefined when it is valid). */
export function firstJsonError(text: string): { offset: number; reason: string } | undefined {
  let i = 0;
  const show = () => (i < text.length ? `'${text[i]}'` : "the end of the file");
  const fail = (reason: string): never => {
    throw { offset: i, reason };
  };
  const space = () => {
    while (i < text.length && " \t\n\r".includes(text[i] ?? "")) i++;
  };
  const string = () => {
    for (i++; text[i] !== '"'; i++) {
      if (i >= text.length) fail("a string that never ends");
      if (text[i] === "\\") i++;
      else if ((text[i] ?? "") < " ") fail("a line break or control character inside a string");
    }
    i++;
  };
  const value = (): void => {
    space();
    const c = text[i];
    if (c === "{" || c === "[") {
      const close = c === "{" ? "}" : "]";
      i++;
      space();
      if (text[i] === close) {
        i++;
        return;
      }
      for (;;) {
        space();
        if (c === "{") {
          if (text[i] !== '"') fail(`expected a property name in double quotes, found ${show()}`);
          string();
          space();
          if (text[i] !== ":") fail(`expected ':' after the property name, found ${show()}`);
          i++;
        }
        value();
        space();
        if (text[i] === close) {
          i++;
          return;
        }
        if (text[i] !== ",") fail(`expected ',' or '${close}', found ${show()}`);
        i++;
      }
    }
    if (c === '"') {
      string();
      return;
    }
    const literal = /^(-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?|true|false|null)/.exec(text.slice(i, i + 64));
    if (!literal) fail(`unexpected ${show()}`);
    i += literal?.[0].length ?? 0;
  };
  try {
    value();
    space();
    if (i < text.length) fail(`unexpected ${show()} after the end of the JSON value`);
    return undefined;
  } catch (error) {
    return error as { offset: number; reason: string };
  }
}

const at = (text: string, offset: number) => {
  const { line, column } = lineColumn(text, offset);
  return `line ${line}, column ${column}`;
};

/**
 * Why `text`, the content of `file`, is not valid JSON, in one sentence that names the file and the
 * place: "comments are not allowed in <file> (line 2, column 3)", "<file> has a trailing comma at
 * line 4, column 18", or "<file> is not valid JSON at line 1, column 9 (Unexpected token …)".
 */
export function jsonErrorMessage(file: string, text: string, options: JsonErrorOptions = {}): string {
  const found = scan(text);
  if (!options.commentsAllowed && found.comment !== undefined)
    return `comments are not allowed in ${file} (${at(text, found.comment)})`;
  if (!options.trailingCommasAllowed && found.trailingComma !== undefined)
    return `${file} has a trailing comma at ${at(text, found.trailingComma)}, which JSON does not allow`;
  const stop =
    options.offset !== undefined ? { offset: options.offset, reason: options.reason ?? "" } : firstJsonError(text);
  const where = stop?.offset !== undefined ? ` at ${at(text, stop.offset)}` : "";
  const why = stop?.reason || options.reason;
  return `${file} is not valid JSON${where}${why ? ` (${why})` : ""}`;
}
