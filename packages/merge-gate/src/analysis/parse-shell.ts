// The one place that knows the shell parser.
//
// Parser choice, measured by scripts/compare-parsers.mjs (NUMBERS_PLACEHOLDER)
import { type ParsedScript, parse } from "unbash";

/** Parses bash source; null when the parser itself fails (it normally recovers and lists `errors` instead). */
export function parseShell(source: string): ParsedScript | null {
  try {
    return parse(source);
  } catch {
    return null;
  }
}
