// Where a JSON file breaks strict JSON, every place with its line and column, from jsonc-parser's error list:
// what a CLI that reads its settings as strict JSON (Claude Code) or without trailing commas (Qwen Code)
// trips over. A comment and a trailing comma are named as such.
import { lineColumn } from "@hookrail/core";
import { createScanner, type ParseError, parse, printParseErrorCode } from "jsonc-parser";

// jsonc-parser's SyntaxKind (a const enum, which verbatimModuleSyntax cannot read): comments, and the end.
const LINE_COMMENT = 12;
const BLOCK_COMMENT = 13;
const EOF = 17;

export interface StrictJsonError {
  line: number;
  column: number;
  what: string;
}

const WORDS: Record<string, string> = {
  InvalidCommentToken: "a comment",
  CommaExpected: "a missing comma",
  ColonExpected: "a missing colon",
  ValueExpected: "a missing value",
  PropertyNameExpected: "a property name expected",
  CloseBraceExpected: "a missing }",
  CloseBracketExpected: "a missing ]",
  EndOfFileExpected: "text after the end of the JSON value",
  UnexpectedEndOfComment: "a comment that never ends",
  UnexpectedEndOfString: "a string that never ends",
  InvalidSymbol: "an unexpected character",
};

/** Every place `text` is not strict JSON (none when it is): comments, trailing commas, the rest by name. */
export function strictJsonErrors(text: string): StrictJsonError[] {
  const errors: ParseError[] = [];
  parse(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  // Comments blanked out, offsets kept: what stands before a } or ] is read without them.
  const bare = blankComments(text);
  const found = new Map<number, string>();
  for (const e of errors) {
    const code = printParseErrorCode(e.error);
    // A trailing comma: jsonc-parser stops at the } or ] after it; name the comma itself.
    const before = bare.slice(0, e.offset).trimEnd();
    if (
      (code === "PropertyNameExpected" || code === "ValueExpected") &&
      before.endsWith(",") &&
      /[}\]]/.test(text[e.offset] ?? "")
    )
      found.set(before.length - 1, "a trailing comma");
    else if (!found.has(e.offset)) found.set(e.offset, WORDS[code] ?? code);
  }
  return [...found.entries()]
    .sort(([a], [b]) => a - b)
    .map(([offset, what]) => ({ ...lineColumn(text, offset), what }));
}

/** `text` with every comment turned to spaces (line breaks kept), so offsets stay as they are. */
function blankComments(text: string): string {
  const scanner = createScanner(text, false);
  let out = "";
  for (let kind = scanner.scan(); kind !== EOF; kind = scanner.scan()) {
    const raw = text.slice(scanner.getTokenOffset(), scanner.getTokenOffset() + scanner.getTokenLength());
    const comment = kind === LINE_COMMENT || kind === BLOCK_COMMENT;
    out += comment ? raw.replace(/[^\n]/g, " ") : raw;
  }
  return out;
}

export const describeErrors = (errors: readonly StrictJsonError[]): string =>
  errors.map((e) => `${e.what} at line ${e.line}, column ${e.column}`).join("; ");
