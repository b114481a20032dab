// PowerShell's parameter binding for the cmdlets the analysis follows: `-Name value`, `-Name:value`, any
// unambiguous prefix or alias of a name (case-insensitive), switches, splatted hashtables, then positions.
import type { Val } from "./ps-values.ts";

export interface ParamSpec {
  /** Lower-case name, then aliases. */
  names: readonly string[];
  switch?: boolean;
  position?: number;
}

/** A command element as binding sees it: a parameter name, a value, or both (`-Name:value`). */
export type BindItem = { param: string; value?: Val } | { value: Val };

export interface Bound {
  /** Values by the spec's first name; a switch without a value is `true`. */
  named: Map<string, Val | true>;
  /** Values no parameter took. */
  rest: Val[];
}

// Every cmdlet's common parameters: the valued ones take the next element.
const COMMON: readonly ParamSpec[] = [
  ..."erroraction:ea warningaction:wa informationaction:infa errorvariable:ev warningvariable:wv informationvariable:iv outvariable:ov outbuffer:ob pipelinevariable:pv progressaction:proga"
    .split(" ")
    .map((n) => ({ names: n.split(":") })),
  ..."verbose:vb debug:db whatif:wi confirm:cf".split(" ").map((n) => ({ names: n.split(":"), switch: true })),
];

function lookup(name: string, specs: readonly ParamSpec[]): ParamSpec | undefined {
  const n = name.toLowerCase();
  const all = [...specs, ...COMMON];
  return all.find((s) => s.names.includes(n)) ?? all.find((s) => s.names.some((x) => x.startsWith(n)) && n.length > 0);
}

export function bind(items: readonly BindItem[], specs: readonly ParamSpec[]): Bound {
  const named = new Map<string, Val | true>();
  const loose: Val[] = [];
  for (let i = 0; i < items.length; i++) {
    const item = items[i] as BindItem;
    if (!("param" in item)) {
      loose.push(item.value);
      continue;
    }
    const spec = lookup(item.param, specs);
    if (!spec) {
      // Not one of its parameters: PowerShell refuses the call; a value after it is not bound either.
      continue;
    }
    const key = spec.names[0] as string;
    if (item.value) named.set(key, item.value);
    else if (spec.switch) named.set(key, true);
    else {
      const next = items[i + 1];
      if (next && !("param" in next)) {
        named.set(key, next.value);
        i++;
      }
    }
  }
  const positional = specs
    .filter((s) => s.position !== undefined && !named.has(s.names[0] as string))
    .sort((a, b) => (a.position ?? 0) - (b.position ?? 0));
  const rest: Val[] = [];
  for (const value of loose) {
    const spec = positional.shift();
    if (spec) named.set(spec.names[0] as string, value);
    else rest.push(value);
  }
  return { named, rest };
}

/** Shorthand for a spec list: `"path:0 literalpath/lp recurse!"` (`:n` position, `/` aliases, `!` switch). */
export function params(list: string): ParamSpec[] {
  return list.split(" ").map((word) => {
    const sw = word.endsWith("!");
    const [names = "", position] = (sw ? word.slice(0, -1) : word).split(":");
    return {
      names: names.split("/"),
      ...(sw ? { switch: true } : {}),
      ...(position ? { position: Number(position) } : {}),
    };
  });
}
