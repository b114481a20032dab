// Shells and shell builtins that run code given as text: `bash -c`, `sh <<EOF`, `… | bash`, eval, source, alias.
// Approval does not pass into that code: the marker must sit on the simple command that merges, inside it.
import type { Ctx, Invocation } from "./context.ts";
import { childVars, runCode, runStdin } from "./run-code.ts";
import { type Arg, joinArgs } from "./shell-words.ts";
import { fromProcessSubstitution } from "./stdin-source.ts";
import { runWrittenFile } from "./written-files.ts";

export function analyzeShell(inv: Invocation, ctx: Ctx): void {
  let command = false;
  let stdinFlag = false;
  let i = 1;
  for (; i < inv.args.length; i++) {
    const v = inv.args[i]?.value;
    if (v === null || v === undefined || !/^[-+]/.test(v)) break;
    if (v === "--" || v === "-") {
      i++;
      break;
    }
    if (v === "--rcfile" || v === "--init-file") i++;
    if (v.startsWith("--")) continue;
    for (const c of v.slice(1)) {
      if (c === "o" || c === "O") i++;
      command ||= c === "c" && v.startsWith("-");
      stdinFlag ||= c === "s";
    }
  }
  const operand = inv.args[i];
  if (command) {
    // `bash -c 'eval "$1"' _ 'git status'`: the words after the code are its $0, $1, …
    if (operand) runCode(operand, inv, ctx, childVars(inv, inv.args.slice(i + 1)));
    return;
  }
  if (operand && !stdinFlag) runScriptFile(operand, inv.args.slice(i + 1), inv, ctx);
  else runStdin(inv, ctx);
}

/**
 * A script file is not read here, except one made on the spot: `bash <(echo …)`, `source /dev/stdin`, or a file
 * the line itself wrote (`echo … > run.sh; bash run.sh`). `args`: its $1… (undefined for `source`).
 */
function runScriptFile(file: Arg, args: readonly Arg[] | undefined, inv: Invocation, ctx: Ctx): void {
  const made = fromProcessSubstitution(file, inv.source);
  if (made) runStdin({ ...inv, stdin: made }, ctx);
  else if (file.value === "/dev/stdin" || file.value === "/proc/self/fd/0") runStdin(inv, ctx);
  else runWrittenFile(file, args, inv, ctx);
}

export function analyzeEval(inv: Invocation, ctx: Ctx): void {
  const args = inv.args.slice(1);
  if (args[0]?.value === "--") args.shift();
  // eval runs in this shell: a `cd` in it moves the commands that follow.
  if (args.length > 0) runCode(joinArgs(args), inv, { ...ctx, sameShell: true });
}

export function analyzeSource(inv: Invocation, ctx: Ctx): void {
  const file = inv.args[1];
  if (file) runScriptFile(file, undefined, inv, { ...ctx, sameShell: true });
}

/** `alias m='gh pr merge'` defines code that later runs: analyse it as such. */
export function analyzeAlias(inv: Invocation, ctx: Ctx): void {
  for (const a of inv.args.slice(1)) {
    const eq = a.text.indexOf("=");
    if (eq <= 0) continue;
    const value = a.value === null ? null : a.value.slice(eq + 1);
    runCode({ ...a, value, text: a.text.slice(eq + 1), opaque: false }, inv, ctx);
  }
}
