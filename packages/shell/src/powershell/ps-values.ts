// Values a PowerShell line gives its words and variables, as far as the source tells: strings, arrays and
// hashtables of them, script blocks; a part computed at run time has no value, only its text. Variables live
// in the flow worlds: `ps:<name>` for PowerShell's own (case-insensitive), the plain name for environment
// variables (`$env:NAME`, exported, so child processes see them), `alias:<name>` for aliases the line defines.
import type { ShellVar, World } from "../world.ts";
import type { Block, Expr, Part, Word } from "./ps-ast.ts";

export type Val =
  /** `v` null: known only at run time; `text` is what the source says (expansions as `$name`, `${NAME}`, `$(…)`). */
  | { k: "str"; v: string | null; text: string; bare?: boolean; code?: string }
  | { k: "arr"; items: Val[]; text: string }
  | { k: "hash"; entries: [string, Val][]; text: string }
  | { k: "block"; body: Block; text: string };

export const str = (v: string | null, text = v ?? ""): Val => ({ k: "str", v, text });
export const unknown = (text: string): Val => ({ k: "str", v: null, text });

/** The text of a value as one string: arrays joined by spaces (as PowerShell does when it makes them a string). */
export function textOf(val: Val): string {
  return val.k === "arr" ? val.items.map(textOf).join(" ") : val.text;
}

/** The value as one string, or null when part of it is known only at run time. */
export function stringOf(val: Val): string | null {
  if (val.k === "str") return val.v;
  if (val.k === "arr") {
    const parts = val.items.map(stringOf);
    return parts.some((p) => p === null) ? null : parts.join(" ");
  }
  return val.k === "block" ? val.text : null;
}

/** A variable's key in a world: PowerShell's own, case-insensitive, without its scope; environment ones by name. */
export function variableKey(name: string): string {
  const scoped = /^(?:global|script|local|private|using|variable):(.*)$/i.exec(name);
  if (scoped) return `ps:${(scoped[1] ?? "").toLowerCase()}`;
  const alias = /^alias:(.*)$/i.exec(name);
  if (alias) return `alias:${(alias[1] ?? "").toLowerCase()}`;
  const env = /^env:(.*)$/i.exec(name);
  if (env) return env[1] ?? "";
  return `ps:${name.toLowerCase()}`;
}

export const isEnvKey = (key: string): boolean => !key.startsWith("ps:") && !key.startsWith("alias:");

// Arrays, hashtables and blocks are kept in a world's string-valued variables as JSON behind this mark.
const MARK = "\u0001";

/** A value as a world keeps it. */
export function encode(val: Val): string | null {
  if (val.k === "str") return val.v;
  return MARK + JSON.stringify(toJson(val));
}

function toJson(val: Val): unknown {
  if (val.k === "str") return val.v === null ? { u: val.text } : val.v;
  if (val.k === "arr") return val.items.map(toJson);
  if (val.k === "hash") return { h: val.entries.map(([k, v]) => [k, toJson(v)]) };
  return { b: val.text };
}

function fromJson(json: unknown, text: string): Val {
  if (typeof json === "string") return str(json);
  if (Array.isArray(json)) return { k: "arr", items: json.map((j) => fromJson(j, text)), text };
  const o = json as { u?: string; h?: [string, unknown][]; b?: string };
  if (o.h) return { k: "hash", entries: o.h.map(([k, v]) => [k, fromJson(v, text)]), text };
  // A script block read back from a variable: its code, to be read again where it is called (`& $block`).
  if (o.b !== undefined) return { k: "str", v: null, text: o.b, code: o.b };
  return unknown(o.u ?? text);
}

/** A variable's value in a world; `$HOME`, `$PWD` and `~`'s home as PowerShell sets them. */
export function readVariable(world: World, name: string, home: string | undefined, text: string): Val {
  const key = variableKey(name);
  let v: ShellVar | undefined = world.vars.get(key);
  if (!v && isEnvKey(key)) {
    const lower = key.toLowerCase();
    for (const [k, value] of world.vars) if (isEnvKey(k) && k.toLowerCase() === lower) v = value;
  }
  if (v) {
    if (v.value === null) return unknown(text);
    return v.value.startsWith(MARK) ? fromJson(JSON.parse(v.value.slice(1)), text) : str(v.value, text);
  }
  if (key === "ps:home" && home) return str(home, text);
  if (key === "ps:pwd" && world.cwd) return str(world.cwd, text);
  if (key === "ps:true" || key === "ps:false") return str(key === "ps:true" ? "True" : "False", text);
  if (key === "ps:null") return str("", text);
  return unknown(text);
}

/** How a variable reference reads in a value's text: environment variables as `${NAME}`, as a POSIX shell spells them. */
export function variableText(name: string, source: string): string {
  const key = variableKey(name);
  return isEnvKey(key) ? `\${${key}}` : source;
}

/** A word's value: literal parts, known variables; a subexpression is known only at run time. */
export function wordValue(word: Word, world: World, home: string | undefined, src: string): Val {
  return partsValue(word.parts, world, home, src, !word.quoted);
}

export function partsValue(
  parts: readonly Part[],
  world: World,
  home: string | undefined,
  src: string,
  bare: boolean,
): Val {
  let v: string | null = "";
  let text = "";
  for (const part of parts) {
    if (part.t === "lit") {
      text += part.text;
      if (v !== null) v += part.text;
    } else if (part.t === "var") {
      const val = readVariable(world, part.name, home, variableText(part.name, part.text));
      const s = stringOf(val);
      text += s ?? val.text;
      v = v === null || s === null ? null : v + s;
    } else {
      text += `$(${src.slice(part.body.pos + 2, part.body.end - 1)})`;
      v = null;
    }
  }
  return { k: "str", v, text, ...(bare ? { bare: true } : {}) };
}

/** An expression's value without running anything: strings, variables, arrays, hashtables, `+` and `-join` of known strings. */
export function exprValue(e: Expr, world: World, home: string | undefined, src: string): Val {
  const text = src.slice(e.pos, e.end);
  switch (e.t) {
    case "word":
      return wordValue(e.word, world, home, src);
    case "num":
      return str(e.text);
    case "var":
      return readVariable(world, e.name, home, variableText(e.name, text));
    case "array":
      return { k: "arr", items: e.items.map((i) => exprValue(i, world, home, src)), text };
    case "hash":
      return {
        k: "hash",
        entries: e.entries.map(({ key, value }) => [
          stringOf(exprValue(key, world, home, src))?.toLowerCase() ?? "",
          value.t === "chain" &&
          value.pipelines.length === 1 &&
          value.pipelines[0]?.elements.length === 1 &&
          value.pipelines[0].elements[0]?.t === "expr"
            ? exprValue(value.pipelines[0].elements[0].expr, world, home, src)
            : unknown(src.slice(value.pos, value.end)),
        ]),
        text,
      };
    case "block":
      return { k: "block", body: e.body, text: src.slice(e.pos + 1, e.end - 1) };
    case "sub": {
      // `@('a','b')` of plain values is that array; anything that runs is known only at run time.
      const only = e.body.statements.length === 1 ? e.body.statements[0] : undefined;
      const el = only?.t === "chain" && only.pipelines.length === 1 ? only.pipelines[0]?.elements : undefined;
      if (el?.length === 1 && el[0]?.t === "expr") return exprValue(el[0].expr, world, home, src);
      return unknown(`$(${src.slice(e.body.pos + 2, e.body.end - 1)})`);
    }
    case "paren": {
      const b = e.body;
      const el = b.t === "chain" && b.pipelines.length === 1 ? b.pipelines[0]?.elements : undefined;
      if (el?.length === 1 && el[0]?.t === "expr") return exprValue(el[0].expr, world, home, src);
      return unknown(`$(${src.slice(e.pos + 1, e.end - 1)})`);
    }
    case "binary": {
      const left = exprValue(e.left, world, home, src);
      const right = exprValue(e.right, world, home, src);
      if (e.op === "+" && left.k === "str" && right.k === "str") {
        return {
          k: "str",
          v: left.v === null || right.v === null ? null : left.v + right.v,
          text: left.text + right.text,
        };
      }
      if (e.op === "+" && left.k === "arr")
        return { k: "arr", items: [...left.items, ...(right.k === "arr" ? right.items : [right])], text };
      if (e.op === "-join" && left.k === "arr" && right.k === "str" && right.v !== null) {
        const parts = left.items.map(stringOf);
        const joined = parts.some((p) => p === null) ? null : parts.join(right.v);
        return { k: "str", v: joined, text: left.items.map(textOf).join(right.v) };
      }
      return unknown(text);
    }
    case "unary":
      if (e.op === ",") return { k: "arr", items: [exprValue(e.operand, world, home, src)], text };
      if (/^\[(?:string|System\.String)\]$/i.test(e.op)) return exprValue(e.operand, world, home, src);
      return unknown(text);
    default:
      return unknown(text);
  }
}

/** Sets a variable in each world. */
export function assign(worlds: readonly World[], name: string, values: (w: World) => Val | null): World[] {
  const key = variableKey(name);
  return worlds.map((w) => {
    const vars = new Map(w.vars);
    const val = values(w);
    if (val === null) vars.delete(key);
    else vars.set(key, { value: encode(val), exported: isEnvKey(key) });
    return { ...w, vars };
  });
}
