// A shell's positional parameters ($0, $1…, $#, $@, $*), kept as variables of the world: known where the line gives
// them (`bash -c 'eval "$1"' _ 'git status'`, a call of a function it defines), else known only at run time.
import type { ShellVar, World } from "./world.ts";

// $1…$9 are the parameters a word reads without braces; past them (`${10}`) they stay known only at run time.
const DIGITS = ["1", "2", "3", "4", "5", "6", "7", "8", "9"];
const NAMES = [...DIGITS, "#", "@", "*"];

/**
 * The positional parameters of a shell given these arguments (`$1` first; null entries: run-time words); `$0` too
 * when given. Parameters past the last argument are empty. `$@` and `$*` hold a value for one argument (or none);
 * `"$@"` with more is spliced where it stands alone as a word (see `splicedAll`).
 */
export function positionalVars(args: readonly (string | null)[], zero?: string | null): Map<string, ShellVar> {
  const vars = new Map<string, ShellVar>();
  const set = (name: string, value: string | null) => vars.set(name, { value, exported: false });
  if (zero !== undefined) set("0", zero);
  DIGITS.forEach((d, i) => {
    set(d, i < args.length ? (args[i] ?? null) : "");
  });
  set("#", String(args.length));
  const all = args.length === 0 ? "" : args.length === 1 ? (args[0] ?? null) : null;
  set("@", all);
  set("*", all);
  // Each argument, for "$@" (JSON, as only this file reads it).
  vars.set("\u0000@", { value: args.every((a) => a !== null) ? JSON.stringify(args) : null, exported: false });
  return vars;
}

/** The world with its positional parameters replaced (null: every one known only at run time). */
export function withPositional(world: World, vars: ReadonlyMap<string, ShellVar> | null): World {
  const next = new Map(world.vars);
  for (const name of [...NAMES, "\u0000@"]) {
    const v = vars?.get(name);
    if (v) next.set(name, v);
    else next.set(name, { value: null, exported: false });
  }
  return { ...world, vars: next };
}

/** The world's positional parameters, to put back when a function call returns. */
export function positionalOf(world: World): Map<string, ShellVar> {
  const out = new Map<string, ShellVar>();
  for (const name of [...NAMES, "\u0000@"]) {
    const v = world.vars.get(name);
    if (v) out.set(name, v);
  }
  return out;
}

/** Puts back positional parameters saved with `positionalOf` (names it did not hold are removed). */
export function restorePositional(world: World, saved: ReadonlyMap<string, ShellVar>): World {
  const next = new Map(world.vars);
  for (const name of [...NAMES, "\u0000@"]) {
    const v = saved.get(name);
    if (v) next.set(name, v);
    else next.delete(name);
  }
  return { ...world, vars: next };
}

/** `"$@"` as the words it stands for, when every argument is known; undefined otherwise. */
export function splicedAll(world: World): string[] | undefined {
  const list = world.vars.get("\u0000@")?.value;
  if (list === undefined || list === null) return undefined;
  return JSON.parse(list) as string[];
}

/** `shift`, `set -- …` (and `set a b`): the positional parameters change (`set -e`, `set -o x` do not). */
export function changesPositional(name: string, args: readonly (string | null)[]): boolean {
  if (name === "shift") return true;
  if (name !== "set") return false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === null || a === undefined || a === "--" || a === "-") return true;
    if (!/^[-+]/.test(a)) return true;
    // Each `o` of a cluster (`-euo pipefail`) takes the next word as an option name.
    i += (a.match(/o/g) ?? []).length;
  }
  return false;
}
