// The one refusal Cline honours without ending the run (measured, docs/cli-differences.md#cline): the call's
// commands replaced by one that prints the reason and fails (`overrideInput`), and the reason as hook context
// (`contextModification`). The model gets both and the session goes on. Cline stops a run after 5 identical
// calls, compared after the override, so the replacement names the call it replaces. Any other tool is refused
// with `cancel`, the only measured stop for it, which ends the run. The dispatcher (dispatcher-source.ts) writes
// the same answer when a gate's bundle fails; a test holds the two to one another.
import { CLINE_SHELL_TOOL } from "./dialect.ts";

/** A shell word that reads back as `text`. */
export const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

export interface ClineRefusal {
  overrideInput?: { commands: string[] };
  contextModification?: string;
  cancel?: true;
  errorMessage?: string;
}

/** The answer that refuses a call of `tool` (its id `callId`) for `reason`. */
export function clineRefusal(tool: string, callId: string, reason: string): ClineRefusal {
  if (tool !== CLINE_SHELL_TOOL) return { cancel: true, errorMessage: reason };
  const script = `printf '%s\\n' ${shellQuote(reason)} >&2; exit 1 # refused by hookrail: ${shellQuote(callId)}`;
  return { overrideInput: { commands: [script] }, contextModification: reason };
}
