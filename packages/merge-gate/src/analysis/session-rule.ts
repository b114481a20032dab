// A program's rule for the session check: from the words after its name, does it sit waiting for typed input? The
// common shape: a session unless it is given something to run, or asked for its version.
import { type Arg, hasOption, scanInterspersed, scanOptions } from "@hookrail/shell/words";

/** The words after the program's name → does it start a session? `inner` judges a command it runs (`-m pdb`). */
export type SessionRule = (args: readonly Arg[], inner: (args: readonly Arg[]) => boolean) => boolean;

export const HELP = ["--version", "--help", "-?", "-version", "-help"];

export interface Repl {
  /** Short options that take a value (getopt style). */
  short?: string;
  long?: readonly string[];
  /** Options that give it something to run, or make it print and exit. */
  runs: readonly string[];
  /** Options that keep it interactive whatever else it is given (`python -i script.py`). */
  interactive?: readonly string[];
  /** Options stop at the first operand (`python script.py -c` passes -c to the script). */
  stopsAtOperand?: boolean;
  /** An operand is what it connects to or opens, not something to run (`psql mydb`, `vim notes.md`). */
  operandIsTarget?: boolean;
  /** What it is given to run wins over the interactive options (`bash -ic 'cmd'` runs cmd and leaves). */
  runsFirst?: boolean;
}

/** A session unless it is given code, a script or a file to run (or asked for its version). */
export function repl(spec: Repl): SessionRule {
  return (args) => {
    const s = spec.stopsAtOperand
      ? (() => {
          const scan = scanOptions(args, 0, spec);
          return { options: scan.options, operands: args.slice(scan.rest) };
        })()
      : scanInterspersed(args, spec);
    const runs = hasOption(s, ...spec.runs, ...HELP);
    if (spec.runsFirst && runs) return false;
    if (spec.interactive && hasOption(s, ...spec.interactive)) return true;
    if (runs) return false;
    // `-` is the terminal itself: what is typed is the program.
    if (s.operands.length === 0 || s.operands[0]?.value === "-" || spec.operandIsTarget) return true;
    return false;
  };
}

// Only help and version make it print and leave.
export const ALWAYS = repl({ runs: ["-v", "-h"], operandIsTarget: true });
