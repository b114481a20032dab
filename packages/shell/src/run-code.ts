// Text that a shell parses and runs: `bash -c '…'`, eval, `ssh host …`, here-docs and pipes into a shell.
import { addUnprovable, type Ctx, type Invocation, unknownPart } from "./context.ts";
import { isSetupOutput, printsOnlySetup } from "./env-printers.ts";
import { positionalVars } from "./positional.ts";
import type { Arg } from "./shell-words.ts";
import type { ShellVar } from "./world.ts";

/**
 * Literal code is analysed; code that is all run-time text is unprovable; a mix is analysed and unprovable when
 * plausible. `vars`: what the shell that runs it starts with (see `childVars`).
 */
export function runCode(code: Arg, inv: Invocation, ctx: Ctx, vars?: ReadonlyMap<string, ShellVar>): void {
  if (code.value !== null) ctx.analyzeCode(code.value, ctx, inv.stdin, undefined, vars);
  else if (code.opaque) {
    // `eval "$(ssh-agent -s)"`: what such a program prints only sets up the shell.
    if (!isSetupOutput(code.text)) addUnprovable(ctx, inv, "it runs code known only at run time");
  } else {
    ctx.analyzeCode(code.text, ctx, inv.stdin);
    unknownPart(ctx, inv, "it runs code with parts known only at run time");
  }
}

/** Code a shell reads on standard input (`echo … | bash`, `bash <<EOF`, `bash <<<'…'`). */
export function runStdin(inv: Invocation, ctx: Ctx): void {
  const stdin = inv.stdin;
  switch (stdin.kind) {
    case "none":
    case "file":
      return;
    case "unknown":
      // `source <(kubectl completion bash)`: set-up code, as above.
      if (!printsOnlySetup(stdin.what)) addUnprovable(ctx, inv, `it runs whatever \`${shorten(stdin.what)}\` prints`);
      return;
    case "dynamic":
      runCode({ value: null, text: stdin.text, glob: false, opaque: stdin.opaque }, inv, ctx);
      return;
    case "text": {
      const found = ctx.analyzeCode(stdin.text, ctx);
      // printf and echo -e were replayed loosely: if that found nothing, a mention still counts.
      if (!stdin.exact && !found && ctx.rules.mentions.test(stdin.text)) {
        addUnprovable(ctx, inv, `it runs generated text that mentions ${ctx.rules.topic}`);
      }
    }
  }
}

/**
 * What a child shell started by this command starts with: the variables the command sets (`FOO=x sh -c …`,
 * `env FOO=x …`), exported, and, when `positional` is given, its $0 and arguments (`sh -c '…' name arg1 arg2`).
 */
export function childVars(inv: Invocation, positional?: readonly Arg[]): Map<string, ShellVar> {
  const vars = new Map<string, ShellVar>();
  for (const [name, value] of inv.env ?? []) vars.set(name, { value, exported: true });
  if (positional) {
    const [zero, ...args] = positional;
    for (const [k, v] of positionalVars(
      args.map((a) => a.value),
      zero?.value,
    ))
      vars.set(k, v);
  }
  return vars;
}

export function shorten(text: string, max = 60): string {
  const flat = text.replace(/\\\n/g, " ").replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
