// Interpreter one-liners (python -c, node -e, perl -e…): their code is not analysed, only read (`rules.codeMatters`)
// for a mention of what matters, which makes the command unprovable. With the merge gate's rules
// `python -c "print('ok')"` and `python -c "pd.merge(a, b)"` stay allowed.
import { addUnprovable, type Ctx, type Invocation, unknownPart, withArgs } from "./context.ts";
import { type InterpreterName, PYTHON_NAME } from "./followed.ts";
import { bunSubcommand } from "./package-runners.ts";
import { shorten } from "./run-code.ts";
import { type OptionSpec, scanOptions } from "./scan-options.ts";
import { literalArg, own } from "./shell-words.ts";

interface Interpreter {
  spec: OptionSpec;
  /** Options whose value is code. */
  code: readonly string[];
  /** Options after which no script or stdin code runs (`python -m mod`). */
  module?: readonly string[];
  /** The first operand is the program (awk), not a script file. */
  programOperand?: boolean;
}

const PYTHON: Interpreter = { spec: { short: "cmWX" }, code: ["-c"], module: ["-m"] };
const NODE: Interpreter = {
  spec: { short: "eprC", long: ["--eval", "--print", "--require", "--import", "--input-type", "--conditions"] },
  code: ["-e", "--eval", "-p", "--print"],
};
const E_FLAG: Interpreter = { spec: { short: "eErIMC" }, code: ["-e", "-E"] };
const AWK: Interpreter = {
  spec: { short: "Ffve", long: ["--source", "--file", "--assign"] },
  code: ["-e", "--source"],
  programOperand: true,
};

const INTERPRETERS: Readonly<Record<InterpreterName, Interpreter>> = {
  node: NODE,
  nodejs: NODE,
  bun: NODE,
  tsx: NODE,
  "ts-node": NODE,
  ruby: E_FLAG,
  perl: E_FLAG,
  lua: E_FLAG,
  rscript: E_FLAG,
  osascript: E_FLAG,
  php: { spec: { short: "rdcf" }, code: ["-r"] },

  awk: AWK,
  gawk: AWK,
  mawk: AWK,
  nawk: AWK,
};

export function interpreterOf(name: string): Interpreter | undefined {
  if (PYTHON_NAME.test(name)) return PYTHON;
  return own(INTERPRETERS, name);
}

export function analyzeInterpreter(name: string, inv: Invocation, ctx: Ctx): void {
  const it = interpreterOf(name);
  if (!it || (name === "bun" && bunSubcommand(inv, ctx))) return;
  if (it === PYTHON && pythonModule(inv, ctx)) return;
  // node reads `-pe` / `-ep` as --print --eval, not as -p with the value "e".
  const args =
    it === NODE ? inv.args.map((a) => (a.value === "-pe" || a.value === "-ep" ? literalArg("-e") : a)) : inv.args;
  const s = scanOptions(args, 1, it.spec);
  const codes = s.options.filter((o) => it.code.includes(o.name)).flatMap((o) => (o.value ? [o.value] : []));
  const operand = args[s.rest];
  if (codes.length === 0 && it.programOperand && operand) codes.push(operand);
  // awk reads a mention only as code when it can run commands: system() or a pipe.
  const judge = (text: string) => ctx.rules.codeMatters(text, name) && (!it.programOperand || /system|\|/.test(text));
  for (const code of codes) {
    if (code.opaque) unknownPart(ctx, inv, `it runs ${name} code known only at run time`);
    else if (judge(code.text)) addUnprovable(ctx, inv, `it runs ${name} code that mentions ${ctx.rules.topic}`);
  }
  const runsStdin = codes.length === 0 && !s.options.some((o) => it.module?.includes(o.name));
  if (!runsStdin || (operand && operand.value !== "-")) return;
  const stdin = inv.stdin;
  if (stdin.kind === "unknown") unknownPart(ctx, inv, `it runs ${name} code printed by \`${shorten(stdin.what)}\``);
  else if ((stdin.kind === "text" || stdin.kind === "dynamic") && judge(stdin.text)) {
    addUnprovable(ctx, inv, `it runs ${name} code that mentions ${ctx.rules.topic}`);
  }
}

// Python's options that take a value (the rest of the word, or the next word): code, a module, a warning filter, -X.
const PYTHON_VALUES = "cmWX";

/**
 * `python -m twine upload dist/*` runs the module's program: read as `twine upload dist/*` (a module named with `_` as
 * its program is, `ghp_import` → `ghp-import`). Python reads its own options only before the module; every word after
 * it is the module's. True when the line runs a module (judged here, as the program it is).
 */
function pythonModule(inv: Invocation, ctx: Ctx): boolean {
  const args = inv.args;
  for (let i = 1; i < args.length; i++) {
    const word = args[i]?.value;
    // A script, stdin, `--` before a script, or a word known only at run time: no module this can name.
    if (word === null || word === undefined || !word.startsWith("-") || word === "-" || word === "--") return false;
    if (word.startsWith("--")) {
      if (word === "--check-hash-based-pycs") i++;
      continue;
    }
    for (let c = 1; c < word.length; c++) {
      const letter = word[c] as string;
      if (!PYTHON_VALUES.includes(letter)) continue;
      // `-c code` ends Python's options: what follows is the code's.
      if (letter === "c") return false;
      if (letter !== "m") {
        // The option's value is the rest of the word, or the next word.
        if (c === word.length - 1) i++;
        break;
      }
      const inline = word.slice(c + 1);
      const module = inline ? literalArg(inline) : args[i + 1];
      if (!module) return false;
      if (module.value === null) {
        unknownPart(ctx, inv, "it runs a Python module named only at run time");
        return true;
      }
      const program = literalArg(module.value.replace(/_/g, "-"));
      ctx.analyzeInvocation(withArgs(inv, [program, ...args.slice(inline ? i + 1 : i + 2)]), ctx);
      return true;
    }
  }
  return false;
}

/** `deno eval 'code'`. */
export function analyzeDeno(inv: Invocation, ctx: Ctx): void {
  const at = inv.args.findIndex((a, i) => i > 0 && a.value === "eval");
  const code = at > 0 ? inv.args[at + 1] : undefined;
  if (code?.opaque) unknownPart(ctx, inv, "it runs deno code known only at run time");
  else if (code && ctx.rules.codeMatters(code.text, "deno"))
    addUnprovable(ctx, inv, `it runs deno code that mentions ${ctx.rules.topic}`);
}
