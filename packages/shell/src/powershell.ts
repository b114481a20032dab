// pwsh / powershell: `-Command code` (any unambiguous prefix, `-c`, `/Command`), `-EncodedCommand base64`, or
// code on standard input, read as PowerShell (powershell/), like the PowerShell tool's own command lines.
import { addUnprovable, type Ctx, type Invocation, unknownPart } from "./context.ts";
import { isSetupOutput } from "./env-printers.ts";
import { type Arg, joinArgs, literalArg } from "./shell-words.ts";

const VALUED =
  /^[-/](executionpolicy|ex|ep|workingdirectory|wd|configurationname|config|inputformat|inf|if|outputformat|of|o|windowstyle|w|settingsfile|settings|custompipename|version|v)$/i;

export function analyzePowershell(inv: Invocation, ctx: Ctx): void {
  for (let i = 1; i < inv.args.length; i++) {
    const arg = inv.args[i] as Arg;
    const v = arg.value;
    if (v === null || !/^[-/]/.test(v)) {
      // pwsh runs a script file here, Windows PowerShell a command: read it as code, which is the stricter answer.
      runPowershell(joinArgs(inv.args.slice(i)), inv, ctx);
      return;
    }
    // `pwsh -`: the code is on standard input.
    if (v === "-") break;
    const name = v.slice(1).toLowerCase().replace(/:.*$/, "");
    if (name.length >= 1 && "command".startsWith(name)) {
      const rest = inv.args.slice(i + 1);
      if (rest.length === 1 && rest[0]?.value === "-") runPowershellStdin(inv, ctx);
      else if (rest.length > 0) runPowershell(joinArgs(rest), inv, ctx);
      return;
    }
    if (VALUED.test(v)) {
      i++;
      continue;
    }
    if (name === "ec" || (name.length >= 1 && "encodedcommand".startsWith(name))) {
      const encoded = inv.args[i + 1];
      const code = encoded?.value ? decodeUtf16Base64(encoded.value) : null;
      if (code === null) addUnprovable(ctx, inv, "it runs PowerShell code encoded at run time");
      else runPowershell(literalArg(code), { ...inv, stdin: { kind: "none" } }, ctx);
      return;
    }
    if (name.length >= 1 && "file".startsWith(name)) return;
  }
  runPowershellStdin(inv, ctx);
}

/** Literal code is read; code that is all run-time text is unprovable; a mix is read and unprovable when plausible. */
function runPowershell(code: Arg, inv: Invocation, ctx: Ctx): void {
  if (code.value !== null) ctx.analyzeCode(code.value, ctx, inv.stdin, "powershell");
  else if (code.opaque) {
    if (!isSetupOutput(code.text)) addUnprovable(ctx, inv, "it runs PowerShell code known only at run time");
  } else {
    ctx.analyzeCode(code.text, ctx, inv.stdin, "powershell");
    unknownPart(ctx, inv, "it runs PowerShell code with parts known only at run time");
  }
}

/** PowerShell code on standard input (`echo … | pwsh -`, `pwsh` fed a here-doc). */
function runPowershellStdin(inv: Invocation, ctx: Ctx): void {
  const stdin = inv.stdin;
  if (stdin.kind === "text") ctx.analyzeCode(stdin.text, ctx, undefined, "powershell");
  else if (stdin.kind === "dynamic")
    runPowershell({ value: null, text: stdin.text, glob: false, opaque: stdin.opaque }, inv, ctx);
  else if (stdin.kind === "unknown")
    addUnprovable(ctx, inv, `it runs the PowerShell code \`${stdin.what.slice(0, 60)}\` prints`);
}

function decodeUtf16Base64(text: string): string | null {
  if (!/^[A-Za-z0-9+/]+=*$/.test(text)) return null;
  return Buffer.from(text, "base64").toString("utf16le");
}
