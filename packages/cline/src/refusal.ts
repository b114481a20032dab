// The refusals Cline honours without ending the run (measured, docs/cli-differences.md#cline): the call's input
// replaced (`overrideInput`) by one that does nothing but fail, and the reason as hook context
// (`contextModification`); the model gets both and the session goes on. A `run_commands` call gets one command that
// prints the reason and fails; an `editor` call an empty `path`, which the tool rejects before it touches a file.
// Cline stops a run after 5 identical calls, compared after the override, so each replacement names the call it
// replaces. An MCP tool runs whatever input it is given on its server, so no replacement keeps it from the server:
// MCP tools and any other tool are refused with `cancel`, which ends the run. The dispatcher
// (dispatcher-source.ts) writes the same answer when a gate's bundle fails; a test holds the two to one another.
import { CLINE_EDIT_TOOL, CLINE_SHELL_TOOL } from "./dialect.ts";

/** A shell word that reads back as `text`. */
export const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

export interface ClineRefusal {
  overrideInput?: { commands: string[] } | { path: string; new_text: string };
  contextModification?: string;
  cancel?: true;
  errorMessage?: string;
}

/** The answer that refuses a call of `tool` (its id `callId`) for `reason`. */
export function clineRefusal(tool: string, callId: string, reason: string): ClineRefusal {
  if (tool === CLINE_EDIT_TOOL) {
    return { overrideInput: { path: "", new_text: `refused by hookrail: ${callId}` }, contextModification: reason };
  }
  if (tool !== CLINE_SHELL_TOOL) return { cancel: true, errorMessage: reason };
  const script = `printf '%s\\n' ${shellQuote(reason)} >&2; exit 1 # refused by hookrail: ${shellQuote(callId)}`;
  return { overrideInput: { commands: [script] }, contextModification: reason };
}
