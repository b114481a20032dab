// getopt-style option scanning over analysed words, shared by every command table.
import { type Arg, literalArg } from "./shell-words.ts";

export interface OptionSpec {
  /** Short options that take a value, attached (`-uroot`) or as the next word. */
  short?: string;
  /** Long options that take a value, as `--name=v` or `--name v`. */
  long?: readonly string[];
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

/** Reads options from `args[start]` on, up to `--`, a lone `-`, a plain word or a word known only at run time. */
export function scanOptions(args: readonly Arg[], start: number, spec: OptionSpec): Scan {
  const options: ScannedOption[] = [];
  let i = start;
  for (; i < args.length; i++) {
    const v = args[i]?.value;
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
    i = scanCluster(args, i, v, spec.short ?? "", options);
  }
  return { options, rest: i };
}

/** `-xvf file`: flags up to the first one that takes a value, which takes the rest of the word or the next word. */
function scanCluster(args: readonly Arg[], i: number, word: string, valued: string, out: ScannedOption[]): number {
  for (let j = 1; j < word.length; j++) {
    const c = word[j] as string;
    if (!valued.includes(c)) {
      out.push({ name: `-${c}`, value: undefined });
      continue;
    }
    if (j + 1 < word.length) out.push({ name: `-${c}`, value: literalArg(word.slice(j + 1)) });
    else out.push({ name: `-${c}`, value: args[++i] });
    return i;
  }
  return i;
}

export function hasOption(scan: { options: readonly ScannedOption[] }, ...names: string[]): boolean {
  return scan.options.some((o) => names.includes(o.name));
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
    if (v === null || v === "-" || !v.startsWith("-")) operands.push(a);
    else if (v.startsWith("--")) {
      const eq = v.indexOf("=");
      const name = eq < 0 ? v : v.slice(0, eq);
      if (eq >= 0) options.push({ name, value: literalArg(v.slice(eq + 1)) });
      else options.push({ name, value: spec.long?.includes(name) ? args[++i] : undefined });
    } else i = scanCluster(args, i, v, spec.short ?? "", options);
  }
  return { options, operands };
}
