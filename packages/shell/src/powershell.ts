// pwsh / powershell: `-Command code` (any unambiguous prefix, `-c`, `/Command`), `-EncodedCommand base64`, or
// code on standard input. PowerShell runs simple commands (`gh pr merge 1`) as a POSIX shell would, so the code
// is analysed as shell code (what bash cannot parse is unprovable when it speaks of merging), and its text is
// also read like other interpreters' code (`rules.codeMatters`: for the merge gate, Invoke-RestMethod to a merge URL).
import { addUnprovable, type Ctx, type Invocation } from "./context.ts";
import { runCode, runStdin } from "./run-code.ts";
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
    const name = v.slice(1).toLowerCase().replace(/:.*$/, "");
    if (name.length >= 1 && "command".startsWith(name)) {
      const rest = inv.args.slice(i + 1);
      if (rest.length === 1 && rest[0]?.value === "-") runStdin(inv, ctx);
      else if (rest.length > 0) runPowershell(joinArgs(rest), inv, ctx);
      return;
    }
    if (VALUED.test(v)) {
      i++;
      continue;
    }
    if (name === "ec" || "encodedcommand".startsWith(name)) {
      const encoded = inv.args[i + 1];
      const code = encoded?.value ? decodeUtf16Base64(encoded.value) : null;
      if (code === null) addUnprovable(ctx, inv, "it runs PowerShell code encoded at run time");
      else runPowershell(literalArg(code), inv, ctx);
      return;
    }
    if (name.length >= 1 && "file".startsWith(name)) return;
  }
  runStdin(inv, ctx);
}

function runPowershell(code: Arg, inv: Invocation, ctx: Ctx): void {
  runCode(code, inv, ctx);
  if (ctx.rules.codeMatters(code.text, "pwsh")) {
    addUnprovable(ctx, inv, `it runs PowerShell code that mentions ${ctx.rules.topic}`);
  }
}

function decodeUtf16Base64(text: string): string | null {
  if (!/^[A-Za-z0-9+/]+=*$/.test(text)) return null;
  return Buffer.from(text, "base64").toString("utf16le");
}
