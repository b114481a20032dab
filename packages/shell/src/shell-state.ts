// Builtins that change the shell itself: cd, pushd, popd, assignments, export/declare/local/readonly, unset,
// read. Their effect lasts for the rest of this shell (not past a subshell's end).
import type { Command } from "unbash";
import type { Invocation } from "./context.ts";
import { changesPositional, withPositional } from "./positional.ts";
import { resolveDir } from "./resolve-dir.ts";
import { resolveWord } from "./resolve-words.ts";
import type { World } from "./world.ts";

const DECLARERS = new Set(["export", "declare", "typeset", "local", "readonly"]);
const READERS = new Set(["read", "mapfile", "readarray", "getopts"]);

/** Builtins that cannot fail here: where they are followed by `;`, only the worlds after them go on. */
export function cannotFail(inv: Invocation, node: Command): boolean {
  const name = inv.args.find((a) => a.value !== "command" && a.value !== "builtin")?.value;
  if (!node.name)
    return !node.prefix.some(
      (p) =>
        p.type === "Assignment" && p.value.type === "Word" && p.value.parts?.some((q) => q.type === "CommandExpansion"),
    );
  return (
    name === "popd" ||
    name === "unset" ||
    (name !== null && name !== undefined && (DECLARERS.has(name) || READERS.has(name)))
  );
}

/** The worlds after a builtin that changes the shell; undefined when the command is not one. */
export function shellBuiltin(
  inv: Invocation,
  node: Command,
  worlds: World[],
  home: string | undefined,
): World[] | undefined {
  let args = inv.args;
  while (args[0]?.value === "command" || args[0]?.value === "builtin") args = args.slice(1);
  const name = args[0]?.value;
  if (!node.name) return worlds.map((w) => assign(w, node, home, false));
  if (name === undefined || name === null) return undefined;
  const operand = args.slice(1).find((a) => a.value === null || a.value === "-" || !/^-[LPe@n]+$/.test(a.value));
  switch (name) {
    case "cd":
      return worlds.map((w) => {
        const to = !operand
          ? (home ?? null)
          : operand.value === "-"
            ? w.oldpwd === undefined
              ? null
              : w.oldpwd
            : operand.value;
        return { ...w, cwd: resolveDir(w.cwd, to, home), oldpwd: w.cwd };
      });
    case "pushd":
      return worlds.map((w) => {
        if (!operand) return { ...w, cwd: w.stack[0] ?? w.cwd, stack: [w.cwd, ...w.stack.slice(1)], oldpwd: w.cwd };
        const to = /^[+-]\d+$/.test(operand.value ?? "") ? null : resolveDir(w.cwd, operand.value, home);
        return { ...w, cwd: to, stack: [w.cwd, ...w.stack], oldpwd: w.cwd };
      });
    case "popd":
      return worlds.map((w) => {
        if (operand) return { ...w, stack: w.stack.map(() => null) };
        if (w.stack.length === 0) return w;
        return { ...w, cwd: w.stack[0] ?? null, stack: w.stack.slice(1), oldpwd: w.cwd };
      });
    case "unset":
      return worlds.map((w) => {
        const vars = new Map(w.vars);
        const functions = new Map(w.functions);
        for (const a of args.slice(1)) {
          if (a.value && !a.value.startsWith("-")) {
            vars.delete(a.value);
            functions.delete(a.value);
          }
        }
        return { ...w, vars, functions };
      });
    case "shift":
    case "set":
      // Where the line knew them (a child shell given its arguments), the positional parameters change.
      if (
        !changesPositional(
          name,
          args.slice(1).map((a) => a.value),
        )
      )
        return undefined;
      return worlds.map((w) => (w.vars.has("#") ? withPositional(w, null) : w));
    case "source":
    case ".":
      // A file it reads may set any variable: the line's own values are no longer known.
      return worlds.map((w) => ({ ...w, vars: new Map([...w.vars].map(([n, v]) => [n, { ...v, value: null }])) }));
    default:
      if (DECLARERS.has(name)) return worlds.map((w) => assign(w, node, home, name === "export"));
      if (READERS.has(name) || name === "printf") return worlds.map((w) => readInto(w, args.slice(1), name));
      return undefined;
  }
}

/** `X=1` alone, or the assignments of export/declare; `export X` marks X exported. */
function assign(w: World, node: Command, home: string | undefined, exported: boolean): World {
  const vars = new Map(w.vars);
  const items = node.name ? node.args : node.prefix;
  // `declare -n ref=name` makes a reference, not a value.
  const reference = items.some((i) => i.type === "Word" && /^-\w*n/.test(i.value));
  for (const item of items) {
    if (item.type === "Assignment") {
      const literal = item.value.type === "Word" && !item.append && !item.index && !reference;
      const value = literal && item.value.type === "Word" ? resolveWord(item.value, w, home).value : null;
      vars.set(item.name, { value, exported: exported || (vars.get(item.name)?.exported ?? false) });
    } else if (item.type === "Word" && exported && /^[A-Za-z_]\w*$/.test(item.value)) {
      const v = vars.get(item.value);
      vars.set(item.value, { value: v ? v.value : null, exported: true });
    }
  }
  return { ...w, vars };
}

/** `read a b`, `mapfile arr`, `printf -v x …`: the named variables get values known only at run time. */
function readInto(w: World, args: Invocation["args"], name: string): World {
  const vars = new Map(w.vars);
  const names =
    name === "printf"
      ? args.flatMap((a, i) => (args[i - 1]?.value === "-v" && a.value ? [a.value] : []))
      : args.flatMap((a) => (a.value && /^[A-Za-z_]\w*$/.test(a.value) ? [a.value] : []));
  for (const n of names) vars.set(n, { value: null, exported: vars.get(n)?.exported ?? false });
  if (name !== "printf" && names.length === 0)
    vars.set(name === "read" ? "REPLY" : "MAPFILE", { value: null, exported: false });
  return { ...w, vars };
}
