// The approval marker: `NAME=1` (the gate's variable, e.g. MERGE_APPROVED) set for the very simple command it approves.
import type { Assignment, Redirection } from "unbash";
import { type Arg, argFromWord } from "./shell-words.ts";

/** Prefix assignments (`NAME=1 cmd`): the last one for the name wins, and only the exact value 1 approves. */
export function approvedByPrefix(prefix: readonly (Assignment | Redirection)[], name: string): boolean {
  let approved = false;
  for (const p of prefix) {
    if (p.type !== "Assignment" || p.name !== name) continue;
    approved = !p.append && !p.index && p.value.type === "Word" && argFromWord(p.value).value === "1";
  }
  return approved;
}

/** `NAME=value` as an argument of env or sudo: undefined when it is not an assignment at all. */
export function assignmentWord(arg: Arg | undefined, marker: string): { name: string; approves: boolean } | undefined {
  const m = arg && /^([A-Za-z_][A-Za-z0-9_]*)=/.exec(arg.text);
  if (!arg || !m?.[1]) return undefined;
  return { name: m[1], approves: m[1] === marker && arg.value === `${marker}=1` };
}

/** Does this assignment (or `env -u NAME`) change the approval, and to what? */
export function approvalAfter(current: boolean, name: string, approves: boolean, marker: string): boolean {
  return name === marker ? approves : current;
}
