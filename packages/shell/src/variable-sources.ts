// Where a script gives variables their values: does any of them mention what matters?
import type { ParsedScript, SyntaxNode } from "unbash";
import { forEachChild } from "./parse-shell.ts";

// Builtins that set variables from their input or arguments in ways not visible as assignments.
const READERS = new Set(["read", "mapfile", "readarray", "getopts", "printf"]);

/**
 * True if an assignment (also in export/declare/local) or a for/select list matches `mentions`, or, when
 * the script reads variables from input (read, mapfile…), if `inputMentions`.
 */
export function variablesMayMention(script: ParsedScript, inputMentions: boolean, mentions: RegExp): boolean {
  let found = false;
  const visit = (node: SyntaxNode): void => {
    if (found) return;
    if (node.type === "Assignment") found = mentions.test(node.text);
    else if (node.type === "For" || node.type === "Select") {
      found = node.wordlist?.some((w) => mentions.test(w.text)) ?? false;
    } else if (node.type === "Command" && inputMentions) {
      found = READERS.has(node.name?.value ?? "");
    }
    forEachChild(node, visit);
  };
  visit(script);
  return found;
}
