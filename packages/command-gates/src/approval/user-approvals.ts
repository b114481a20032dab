// Approval mode "user", pure: which gates the user's own prompt approved. The grammar is one line of the
// prompt, alone on its line: `approve <gate name>` (any letter case, optionally ending with "." or "!"), for a
// gate in mode user. A line that says anything else approves nothing.
import type { GrantKind } from "@hookrail/core/session-grants";
import type { CommandGate } from "../options.ts";

const APPROVE_LINE = /^\s*approve\s+([A-Za-z0-9][A-Za-z0-9._-]*?)\s*[.!]?\s*$/i;

/** The gates in mode user a prompt approves (names lower-cased), in order, without duplicates. */
export function approvalsInPrompt(prompt: string, gates: readonly CommandGate[]): string[] {
  const userGates = new Set(gates.filter((g) => g.approval === "user").map((g) => g.name.toLowerCase()));
  const found: string[] = [];
  for (const line of prompt.split(/\r?\n/)) {
    const name = APPROVE_LINE.exec(line)?.[1]?.toLowerCase();
    if (name && userGates.has(name) && !found.includes(name)) found.push(name);
  }
  return found;
}

/** How long an approval lasts, and how the state store keeps them (one use each, per session). */
export const GATE_APPROVALS: GrantKind<string> = {
  namespace: "command-gates-approvals",
  ttlMs: 30 * 60 * 1000,
  same: (a, b) => a === b,
  valid: (g: unknown): g is string => typeof g === "string",
};

// The gates' own hook program, or `hookrail run command-gates`, started from a tool call: fed a made-up prompt
// event, it would record an approval the user never typed.
const GATE_HOOK = /command-gates\.c?js\b|\bhookrail(?:\.mjs)?\b[^\n;&|]*\brun\b[^\n;&|]*\bcommand-gates\b/;

/** Does a command line name the command gates' hook program (refused while a gate is in mode user)? */
export const runsGateHook = (command: string): boolean => GATE_HOOK.test(command);
