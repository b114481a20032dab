// getopt-style option scanning over analysed words, shared by every command table.
import { type Arg, literalArg } from "./shell-words.ts";

export interface OptionSpec {
  /** Short options that take a value, attached (`-uroot`) or as the next word. */
  short?: string;
  /** Long options that take a value, as `--name=v` or `--name v`. */
  long?: readonly string[];
  /** Go's pflag (gh): `-h=false` gives a flag its value, `-X=PUT` is `-X PUT`. */
  pflag?: boolean;
}

export interface ScannedOption {
  /** `-u` or `--user`. */
  name: string;
  value: Arg | undefined;
}

export interface Scan {
  options: ScannedOption[];
  /** Index of the first operand (the first word that is not an option). */
  rest: number;
}

// `--name=…` with a value known only at run time (`--push-option=$T`) is that option all the same: bash hands the
// command a word that starts `--name=` (or more words, the first one so). The name, before the first expansion, is
// as written. So is `-o$T` (`-uo$T`): flags up to the one that takes a value, which takes the rest.
const DYNAMIC_LONG = /^(--[A-Za-z0-9][\w.-]*)=/;
const DYNAMIC_CLUSTER = /^-[A-Za-z0-9]+/;

/** Such a word as options, the last one's value the rest of the word with the word's parse (it holds every expansion). */
function dynamicOptions(a: Arg, spec: OptionSpec): ScannedOption[] | undefined {
  if (a.value !== null) return undefined;
  const rest = (from: number): Arg => ({
    value: null,
    text: a.text.slice(from),
    glob: a.glob,
    opaque: false,
    node: a.node,
  });
  const long = DYNAMIC_LONG.exec(a.text);
  if (long) return [{ name: long[1] as string, value: rest(long[0].length) }];
  const cluster = DYNAMIC_CLUSTER.exec(a.text)?.[0] ?? "";
  const out: ScannedOption[] = [];
  for (let j = 1; j < cluster.length; j++) {
    const c = cluster[j] as string;
    if ((spec.short ?? "").includes(c)) return [...out, { name: `-${c}`, value: rest(j + 1) }];
    out.push({ name: `-${c}`, value: undefined });
  }
  // Flags known only in part (`-u$X`) are not read.
  return undefined;
}

/**
 * Reads options from `args[start]` on, up to `--`, a lone `-`, a plain word or a word known only at run time
 * (but `--name=$value` and `-o$value`).
 */
export function scanOptions(args: readonly Arg[], start: number, spec: OptionSpec): Scan {
  const options: ScannedOption[] = [];
  let i = start;
  for (; i < args.length; i++) {
    const v = args[i]?.value;
    const dynamic = v === null ? dynamicOptions(args[i] as Arg, spec) : undefined;
    if (dynamic) {
      options.push(...dynamic);
      continue;
    }
    if (v === null || v === undefined || v === "-" || !v.startsWith("-")) break;
    if (v === "--") return { options, rest: i + 1 };
    if (v.startsWith("--")) {
      const eq = v.indexOf("=");
      const name = eq < 0 ? v : v.slice(0, eq);
      if (eq >= 0) options.push({ name, value: literalArg(v.slice(eq + 1)) });
      else if (spec.long?.includes(name)) options.push({ name, value: args[++i] });
      else options.push({ name, value: undefined });
      continue;
    }
    i = scanCluster(args, i, v, spec, options);
  }
  return { options, rest: i };
}

/** `-xvf file`: flags up to the first one that takes a value, which takes the rest of the word or the next word. */
function scanCluster(args: readonly Arg[], i: number, word: string, spec: OptionSpec, out: ScannedOption[]): number {
  const valued = spec.short ?? "";
  for (let j = 1; j < word.length; j++) {
    const c = word[j] as string;
    const eq = spec.pflag === true && word[j + 1] === "=";
    if (!valued.includes(c) && !eq) {
      out.push({ name: `-${c}`, value: undefined });
      continue;
    }
    if (eq) out.push({ name: `-${c}`, value: literalArg(word.slice(j + 2)) });
    else if (j + 1 < word.length) out.push({ name: `-${c}`, value: literalArg(word.slice(j + 1)) });
    else out.push({ name: `-${c}`, value: args[++i] });
    return i;
  }
  return i;
}

export function hasOption(scan: { options: readonly ScannedOption[] }, ...names: string[]): boolean {
  return scan.options.some((o) => names.includes(o.name));
}

/**
 * A boolean flag after every spelling of it, the last one winning: `--help`, `--help=false`, `--no-help` (when
 * `negations` lists it), `-h`. A value that is not a clear true/false, or known only at run time, gives
 * `undefined`: the caller decides which side is safe.
 */
export function flagState(
  scan: { options: readonly ScannedOption[] },
  names: readonly string[],
  negations: readonly string[] = [],
): boolean | undefined {
  let state: boolean | undefined = false;
  for (const o of scan.options) {
    if (negations.includes(o.name)) state = o.value === undefined ? false : undefined;
    else if (names.includes(o.name)) state = o.value === undefined ? true : boolValue(o.value.value);
  }
  return state;
}

// pflag's and most CLIs' spellings of a boolean value.
function boolValue(v: string | null): boolean | undefined {
  if (v === null) return undefined;
  if (/^(1|t|true|y|yes|on)$/i.test(v)) return true;
  if (/^(0|f|false|n|no|off)$/i.test(v)) return false;
  return undefined;
}

/** The value of the last occurrence of any of the names. */
export function optionValue(scan: { options: readonly ScannedOption[] }, ...names: string[]): Arg | undefined {
  return scan.options.findLast((o) => names.includes(o.name))?.value;
}

/** For commands that mix options and operands freely (gh, curl, httpie): every option, every operand. */
export interface Interspersed {
  options: ScannedOption[];
  operands: Arg[];
}

export function scanInterspersed(args: readonly Arg[], spec: OptionSpec): Interspersed {
  const options: ScannedOption[] = [];
  const operands: Arg[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i] as Arg;
    const v = a.value;
    if (v === "--") {
      operands.push(...args.slice(i + 1));
      break;
    }
    const dynamic = v === null ? dynamicOptions(a, spec) : undefined;
    if (dynamic) options.push(...dynamic);
    else if (v === null || v === "-" || !v.startsWith("-")) operands.push(a);
    else if (v.startsWith("--")) {
      const eq = v.indexOf("=");
      const name = eq < 0 ? v : v.slice(0, eq);
      if (eq >= 0) options.push({ name, value: literalArg(v.slice(eq + 1)) });
      else options.push({ name, value: spec.long?.includes(name) ? args[++i] : undefined });
    } else i = scanCluster(args, i, v, spec, options);
  }
  return { options, operands };
}

/**
 * git's parse-options takes any unambiguous prefix of a long option (`--mirr`, `--dry`), also negated
 * (`--no-dry`): each such option under its full name. Ambiguous prefixes make git fail, so they stay as written.
 */
export function expandAbbreviations<T extends { options: ScannedOption[] }>(scan: T, longNames: readonly string[]): T {
  const full = (name: string): string => {
    if (!name.startsWith("--") || longNames.includes(name)) return name;
    const negated = name.startsWith("--no-") ? `--${name.slice(5)}` : undefined;
    const hits = longNames.filter((n) => n.startsWith(name));
    const negHits = negated ? longNames.filter((n) => n.startsWith(negated)).map((n) => `--no-${n.slice(2)}`) : [];
    const all = [...new Set([...hits, ...negHits])];
    return all.length === 1 ? (all[0] as string) : name;
  };
  return { ...scan, options: scan.options.map((o) => ({ ...o, name: full(o.name) })) };
}
