// Edits JSON-with-comments files the way an editor would: jsonc-parser computes minimal edits, so
// comments, key order and indentation outside the edited values stay as they were.

import { jsonErrorMessage } from "@hookrail/core";
import { applyEdits, modify, type ParseError, parse, printParseErrorCode } from "jsonc-parser";
import { UserError } from "./errors.ts";

export type JsonPath = (string | number)[];

/** The file's value; a file that does not parse is an error naming it (and nothing is written). */
export function parseJsonc(text: string | null, file: string): Record<string, unknown> {
  if (text === null || text.trim() === "") return {};
  const errors: ParseError[] = [];
  const value = parse(text, errors, { allowTrailingComma: true });
  if (errors.length || value === null || typeof value !== "object" || Array.isArray(value)) {
    const first = errors[0];
    const why = first
      ? jsonErrorMessage(file, text, {
          commentsAllowed: true,
          trailingCommasAllowed: true,
          offset: first.offset,
          reason: printParseErrorCode(first.error),
        })
      : `${file} is not a JSON object`;
    throw new UserError(`${why}; fix it, then run again: nothing was changed`);
  }
  return value as Record<string, unknown>;
}

/** `text` with the value at `path` set (undefined: removed), indented like the rest of the file. */
export function setJsonc(text: string | null, path: JsonPath, value: unknown): string {
  const base = text === null || text.trim() === "" ? "{}\n" : text;
  const indent = /\n(\t| +)"/.exec(base)?.[1] ?? "  ";
  const edits = modify(base, path, value, {
    formattingOptions: { insertSpaces: indent !== "\t", tabSize: indent === "\t" ? 1 : indent.length, eol: "\n" },
  });
  return applyEdits(base, edits);
}

/** Removes the value at `path`, then every object on the way up that this left empty (up to `keep`). */
export function removeJsonc(text: string, path: JsonPath, keep = 0): string {
  let out = setJsonc(text, path, undefined);
  for (let depth = path.length - 1; depth > keep; depth--) {
    const parent = path.slice(0, depth);
    const value = getPath(parseJsonc(out, ""), parent);
    const empty =
      value !== null &&
      typeof value === "object" &&
      (Array.isArray(value) ? value.length === 0 : Object.keys(value).length === 0);
    if (!empty) break;
    out = setJsonc(out, parent, undefined);
  }
  return out;
}

export function getPath(value: unknown, path: JsonPath): unknown {
  let at = value;
  for (const key of path) {
    if (at === null || typeof at !== "object") return undefined;
    at = (at as Record<string | number, unknown>)[key];
  }
  return at;
}
