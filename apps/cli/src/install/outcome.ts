// What each install step did, said plainly: one line per guardrail and CLI, then one line for the
// whole command with what to do next.
import { onPath } from "./apply.ts";
import type { InstallRecord } from "./record.ts";
import type { Change, CliInstaller, GuardrailStatus, Scope } from "./types.ts";

export type Outcome =
  /** Uninstall of a guardrail that is not there. */
  | { kind: "absent" }
  | { kind: "pending"; before: GuardrailStatus; recorded?: InstallRecord | undefined; after?: GuardrailStatus };

interface Done {
  installer: CliInstaller;
  guardrail: string;
  changes: readonly Change[];
  outcome: Outcome;
}

/** The CLIs' own commands the plan runs that are not on PATH. */
export const missingBins = (changes: readonly Change[], env: NodeJS.ProcessEnv): string[] => [
  ...new Set(changes.flatMap((c) => (c.kind === "run" && !onPath(c.bin, env) ? [c.bin] : []))),
];

/** Whether a plan changes nothing at all. */
export const changesNothing = (changes: readonly Change[]): boolean =>
  changes.every((c) => (c.kind === "file" || c.kind === "settle") && c.before === c.after);

/** The files a plan changes (their names only), for "what changed". */
function changedFiles(changes: readonly Change[]): string[] {
  const names = changes.flatMap((c) => {
    if ((c.kind === "file" || c.kind === "settle") && c.before !== c.after) return [c.path.split("/").pop() ?? c.path];
    if (c.kind === "copy") return ["the bundle"];
    if (c.kind === "run") return [`${c.bin} ${c.args.slice(0, 2).join(" ")}`];
    return [];
  });
  return [...new Set(names)];
}

export function outcomeLine(action: "install" | "uninstall", s: Done, scope: Scope, version: string, update: boolean) {
  const head = `${s.guardrail} for ${s.installer.title} (${scope} scope)`;
  const o = s.outcome;
  if (o.kind === "absent") return `${head}: not installed, nothing to remove`;
  if (action === "uninstall") return `${head}: removed`;
  if (changesNothing(s.changes)) return `${head}: already installed, unchanged`;
  const fixed = o.before.problems.filter((p) => !o.after?.problems.some((q) => q.problem === p.problem));
  const what = changedFiles(s.changes).join(", ");
  const left = o.after?.problems.length ? `; still to fix: ${o.after.problems.map((p) => p.problem).join("; ")}` : "";
  if (!o.before.installed || !o.recorded)
    return o.recorded
      ? `${head}: reinstalled, it had vanished (${what})${left}`
      : `${head}: installed${o.after?.where ? ` (${o.after.where})` : ""}${left}`;
  if (update && o.recorded && o.recorded.version !== version)
    return `${head}: updated ${o.recorded.version} -> ${version} (${what})${left}`;
  if (fixed.length) return `${head}: repaired (${fixed.map((p) => p.problem).join("; ")})${left}`;
  return `${head}: ${update ? "updated" : "reinstalled"} (${what})${left}`;
}

export function summaryLine(action: "install" | "uninstall", steps: readonly Done[], skipped: number): string {
  const count = (test: (s: Done) => boolean) => steps.filter(test).length;
  const unchanged = count((s) => s.outcome.kind === "pending" && changesNothing(s.changes));
  const done = count((s) => s.outcome.kind === "pending") - unchanged;
  const absent = count((s) => s.outcome.kind === "absent");
  const parts =
    action === "install"
      ? [`${done} installed`, ...(unchanged ? [`${unchanged} already installed`] : [])]
      : [`${done} removed`, ...(absent ? [`${absent} not installed`] : [])];
  if (skipped) parts.push(`${skipped} CLI${skipped === 1 ? "" : "s"} skipped`);
  const next =
    action === "install"
      ? "next: hookrail doctor checks that each one will run"
      : done
        ? "next: hookrail list shows what is left"
        : "nothing was changed";
  return `${action}: ${parts.join(", ")}; ${next}`;
}
