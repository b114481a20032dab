// Edits Codex's config.toml without rewriting it: toml-eslint-parser gives every table's exact
// source range, so a trust table is replaced, added or removed in place and every other byte
// (comments, order, formatting) stays. (Parse-and-stringify libraries drop comments.)
import { getStaticTOMLValue, parseTOML } from "toml-eslint-parser";
import { UserError } from "../registry.ts";

type Ast = ReturnType<typeof parseTOML>;

export function parseToml(text: string | null, file: string): { ast: Ast; value: Record<string, unknown> } {
  try {
    const ast = parseTOML(text ?? "");
    return { ast, value: getStaticTOMLValue(ast) as Record<string, unknown> };
  } catch (error) {
    throw new UserError(
      `${file} is not valid TOML (${(error as Error).message}); fix it, then run again: nothing was changed`,
    );
  }
}

/** The `[a.b."c"]` table with exactly this key path: its source range (header to its last value). */
function tableRange(ast: Ast, key: string[]): [number, number] | undefined {
  for (const node of ast.body[0]?.body ?? []) {
    if (
      node.type === "TOMLTable" &&
      node.resolvedKey.length === key.length &&
      node.resolvedKey.every((k, i) => k === key[i])
    )
      return node.range;
  }
  return undefined;
}

const quote = (k: string) => (/^[A-Za-z0-9_-]+$/.test(k) ? k : JSON.stringify(k));

/** `text` with table `key` holding exactly these string values; added at the end when absent. */
export function setTable(text: string, key: string[], values: Record<string, string>, file: string): string {
  const body = Object.entries(values)
    .map(([k, v]) => `${quote(k)} = ${JSON.stringify(v)}`)
    .join("\n");
  const table = `[${key.map(quote).join(".")}]\n${body}`;
  const range = tableRange(parseToml(text, file).ast, key);
  if (range) return text.slice(0, range[0]) + table + text.slice(range[1]);
  const sep = text === "" ? "" : text.endsWith("\n\n") ? "" : text.endsWith("\n") ? "\n" : "\n\n";
  return `${text}${sep}${table}\n`;
}

/** `text` without table `key` (and the blank line that set it apart). */
export function removeTable(text: string, key: string[], file: string): string {
  const range = tableRange(parseToml(text, file).ast, key);
  if (!range) return text;
  let [start, end] = range;
  if (text[end] === "\n") end++;
  if (start >= 2 && text.slice(start - 2, start) === "\n\n") start--;
  else if (end < text.length && text[end] === "\n" && start === 0) end++;
  return text.slice(0, start) + text.slice(end);
}
