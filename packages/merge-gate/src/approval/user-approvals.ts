// Approval mode "user", pure: what the user's own prompt approved, and whether those approvals cover
// every approved merge a command takes. The grammar is one line of the prompt, alone on its line:
//   approve merge <PR number>       (also `approve merge #12`)
//   approve push to <branch>
// in any letter case, optionally ending with "." or "!". A line that says anything else approves nothing.
import type { Finding } from "../analysis/index.ts";

export type Approval = { kind: "merge"; pr: string } | { kind: "push"; branch: string };

const MERGE_LINE = /^\s*approve\s+merge\s+#?(\d+)\s*[.!]?\s*$/i;
const PUSH_LINE = /^\s*approve\s+push\s+to\s+([A-Za-z0-9._/-]+)\s*[.!]?\s*$/i;

/** The approvals a prompt gives, in order, without duplicates. */
export function approvalsInPrompt(prompt: string): Approval[] {
  const found: Approval[] = [];
  for (const line of prompt.split(/\r?\n/)) {
    const merge = MERGE_LINE.exec(line);
    const push = PUSH_LINE.exec(line);
    const approval: Approval | undefined = merge?.[1]
      ? { kind: "merge", pr: String(Number(merge[1])) }
      : push?.[1]
        ? { kind: "push", branch: push[1] }
        : undefined;
    if (approval && !found.some((a) => sameApproval(a, approval))) found.push(approval);
  }
  return found;
}

export const sameApproval = (a: Approval, b: Approval): boolean =>
  a.kind === "merge" ? b.kind === "merge" && a.pr === b.pr : b.kind === "push" && a.branch === b.branch;

export const describeApproval = (a: Approval): string =>
  a.kind === "merge" ? `approve merge ${a.pr}` : `approve push to ${a.branch}`;

/** The approval a merge finding needs, or undefined when the command does not name one PR or branch. */
export function neededApproval(finding: Finding): Approval | undefined {
  if (finding.kind !== "merge") return undefined;
  const push = /^git push to (.+)$/.exec(finding.route);
  if (push?.[1]) return { kind: "push", branch: push[1] };
  if (finding.route === "gh pr merge") return onePr(prsAfterMerge(finding.command));
  if (finding.route.endsWith(" merge endpoint")) {
    return onePr([...finding.command.matchAll(/\/pulls\/(\d+)\/merge\b/g)].map((m) => m[1] as string));
  }
  return undefined;
}

function prsAfterMerge(command: string): string[] {
  const words = command.split(/\s+/);
  const at = words.indexOf("merge");
  return words.slice(at + 1).flatMap((w) => {
    const m = /^["']?(?:#?(\d+)|https?:\/\/\S+\/pull\/(\d+)\/?)["']?$/.exec(w);
    return m ? [(m[1] ?? m[2]) as string] : [];
  });
}

function onePr(numbers: string[]): Approval | undefined {
  const distinct = [...new Set(numbers.map((n) => String(Number(n))))];
  return distinct.length === 1 ? { kind: "merge", pr: distinct[0] as string } : undefined;
}

export type UserCheck =
  | { ok: true; used: Approval[] }
  /** `missing`: what the user would type for each merge not covered (undefined: no single PR or branch named). */
  | { ok: false; missing: (Approval | undefined)[] };

/** Every merge finding (all carry the marker) must match a distinct approval the user gave. */
export function checkUserApprovals(findings: readonly Finding[], granted: readonly Approval[]): UserCheck {
  const left = [...granted];
  const used: Approval[] = [];
  const missing: (Approval | undefined)[] = [];
  for (const finding of findings) {
    const need = neededApproval(finding);
    const at = need ? left.findIndex((a) => sameApproval(a, need)) : -1;
    if (need && at >= 0) used.push(...left.splice(at, 1));
    else missing.push(need);
  }
  return missing.length ? { ok: false, missing } : { ok: true, used };
}

// The gate's own hook program, or `hookrail run merge-gate`, started from a tool call: fed a made-up
// prompt event, it would record an approval the user never typed.
const GATE_HOOK = /merge-gate\.c?js\b|\bhookrail(?:\.mjs)?\b[^\n;&|]*\brun\b[^\n;&|]*\bmerge-gate\b/;

/** Does a command line name the merge gate's hook program (approval mode "user" refuses it)? */
export const runsGateHook = (command: string): boolean => GATE_HOOK.test(command);
