// Edits Codex's config.toml without rewriting it: toml-eslint-parser gives every table's exact
// source range, so a trust table is replaced, added or removed in place and every other byte
// (comments, order, formatting) stays. (Parse-and-stringify libraries drop comments.)
import { getStaticTOMLValue, parseTOML } from "toml-eslint-parser";
import { UserError } from "./errors.ts";

type Ast = ReturnType<typeof parseTOML>;

export function parseToml(text: string | null, file: string): { ast: Ast; value: Record<string, unknown> } {
  try {
    const ast = parseTOML(text ?? "");
    return { ast, value: getStaticTOMLValue(ast) as Record<string, unknown> };
  } catch (error) {
    const { lineNumber, column, message } = error as { lineNumber?: number; column?: number; message: string };
    const where = lineNumber ? ` at line ${lineNumber}, column ${(column ?? 0) + 1}` : "";
    throw new UserError(`${file} is not valid TOML${where} (${message}); fix it, then run again: nothing was changed`);
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

/** `text` with table `key` holding exactly these string values (or this body text); added at the end when absent. */
export function setTable(text: string, key: string[], values: Record<string, string> | string, file: string): string {
  const body =
    typeof values === "string"
      ? values
      : Object.entries(values)
          .map(([k, v]) => `${quote(k)} = ${JSON.stringify(v)}`)
          .join("\n");
  const table = `[${key.map(quote).join(".")}]\n${body}`;
  const range = tableRange(parseToml(text, file).ast, key);
  if (range) return text.slice(0, range[0]) + table + text.slice(range[1]);
  const sep = text === "" ? "" : text.endsWith("\n\n") ? "" : text.endsWith("\n") ? "\n" : "\n\n";
  return `${text}${sep}${table}\n`;
}

/** The body (the lines after its header) of every table whose key starts with `prefix`, by its last key part. */
export function tableBodies(text: string, prefix: string[], file: string): Map<string, string> {
  const bodies = new Map<string, string>();
  for (const node of parseToml(text, file).ast.body[0]?.body ?? []) {
    if (node.type !== "TOMLTable" || node.kind !== "standard" || node.resolvedKey.length !== prefix.length + 1)
      continue;
    if (!prefix.every((k, i) => node.resolvedKey[i] === k)) continue;
    const table = text.slice(node.range[0], node.range[1]);
    const header = table.indexOf("\n");
    bodies.set(String(node.resolvedKey[prefix.length]), header < 0 ? "" : table.slice(header + 1));
  }
  return bodies;
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

const literal = (value: string | boolean) => (typeof value === "string" ? JSON.stringify(value) : String(value));

/** `text` with `key = value` in table `table` (the table added at the end when absent); other keys stay. */
export function setKey(text: string, table: string[], key: string, value: string | boolean, file: string): string {
  const { ast } = parseToml(text, file);
  const node = (ast.body[0]?.body ?? []).find(
    (n) => n.type === "TOMLTable" && n.kind === "standard" && n.resolvedKey.join("\0") === table.join("\0"),
  );
  const line = `${quote(key)} = ${literal(value)}`;
  if (node?.type !== "TOMLTable") {
    const sep = text === "" ? "" : text.endsWith("\n\n") ? "" : text.endsWith("\n") ? "\n" : "\n\n";
    return `${text}${sep}[${table.map(quote).join(".")}]\n${line}\n`;
  }
  const existing = node.body.find((kv) => {
    const [only, ...more] = kv.key.keys;
    return !more.length && (only?.type === "TOMLBare" ? only.name : only?.value) === key;
  });
  if (existing) return text.slice(0, existing.range[0]) + line + text.slice(existing.range[1]);
  const at = node.key.range[1] + 1; // after the header's "]"
  return `${text.slice(0, at)}\n${line}${text.slice(at)}`;
}

/** `text` with `[[key]]` tables appended, one per body (each body: lines of that table). */
export function appendArrayTables(text: string, key: string[], bodies: string[][]): string {
  let out = text;
  for (const body of bodies) {
    const sep = out === "" ? "" : out.endsWith("\n\n") ? "" : out.endsWith("\n") ? "\n" : "\n\n";
    out = `${out}${sep}[[${key.map(quote).join(".")}]]\n${body.join("\n")}\n`;
  }
  return out;
}

/** `text` without the `[[a.b]]` tables (any key under `prefix`) whose source text contains `marker`. */
export function removeArrayTables(text: string, prefix: string[], marker: string, file: string): string {
  const { ast } = parseToml(text, file);
  const ranges = (ast.body[0]?.body ?? [])
    .filter(
      (n) =>
        n.type === "TOMLTable" &&
        n.kind === "array" &&
        prefix.every((k, i) => n.resolvedKey[i] === k) &&
        text.slice(n.range[0], n.range[1]).includes(marker),
    )
    .map((n) => n.range)
    .reverse();
  let out = text;
  for (let [start, end] of ranges) {
    if (out[end] === "\n") end++;
    if (start >= 2 && out.slice(start - 2, start) === "\n\n") start--;
    out = out.slice(0, start) + out.slice(end);
  }
  return out;
}
