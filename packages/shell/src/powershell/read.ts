// Entry point of the PowerShell reading: one PowerShell code text, analysed in the engine's context like a
// shell's code (analyze-line.ts calls it for code in the PowerShell dialect). Returns whether it did not parse.
import type { Ctx, Stdin } from "../context.ts";
import { parsePowershell } from "./ps-parse.ts";
import { PsWalker } from "./ps-walk.ts";

export function readPowershell(code: string, ctx: Ctx, stdin: Stdin | undefined): boolean {
  const { script, errors } = parsePowershell(code);
  new PsWalker(ctx, code, stdin).block(script);
  return errors;
}
