// The approval marker: `MERGE_APPROVED=1` set for the very simple command that merges.
import type { Assignment, Redirection } from "unbash";
import { type Arg, argFromWord } from "./shell-words.ts";

const NAME = "MERGE_APPROVED";

/** Prefix assignments (`MERGE_APPROVED=1 gh pr merge 1`): the last one for the name wins, and only the exact value 1 approves. */
export function approvedByPrefix(prefix: readonly (Assignment | Redirection)[]): boolean {
  let approved = false;
  for (const p of prefix) {
    if (p.type !== "Assignment" || p.name !== NAME) continue;
    approved = !p.append && !p.index && p.value.type === "Word" && argFromWord(p.value).value === "1";
  }
  return approved;
}

/** `NAME=value` as an argument of env or sudo: undefined when it is not an assignment at all. */
export function assignmentWord(arg: Arg | undefined): { name: string; approves: boolean } | undefined {
  const m = arg && /^([A-Za-z_][A-Za-z0-9_]*)=/.exec(arg.text);
  if (!arg || !m?.[1]) return undefined;
  return { name: m[1], approves: m[1] === NAME && arg.value === `${NAME}=1` };
}

/** Does this assignment (or `env -u NAME`) change the approval, and to what? */
export function approvalAfter(current: boolean, name: string, approves: boolean): boolean {
  return name === NAME ? approves : current;
}
