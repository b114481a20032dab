// What each install step came to, in words (install/report.ts groups them per CLI), and one line for the
// whole command with what to do next.
import { type Change, type CliInstaller, type GuardrailStatus, onPath } from "@hookrail/install-kit";
import type { InstallRecord } from "./record.ts";

export type Outcome =
  /** Uninstall of a guardrail that is not there. */
  | { kind: "absent" }
  | { kind: "pending"; before: GuardrailStatus; recorded?: InstallRecord | undefined; after?: GuardrailStatus };

export interface Done {
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

type Kind = "installed" | "reinstalled" | "repaired" | "updated" | "unchanged" | "removed" | "absent";

/** What a step came to, the words for it, and what is still to fix after it. */
export function outcome(
  action: "install" | "uninstall",
  s: Done,
  version: string,
  update: boolean,
): { kind: Kind; text: string; left: string[] } {
  const o = s.outcome;
  if (o.kind === "absent") return { kind: "absent", text: "not installed, nothing to remove", left: [] };
  if (action === "uninstall") return { kind: "removed", text: "removed", left: [] };
  if (changesNothing(s.changes)) return { kind: "unchanged", text: "already installed, unchanged", left: [] };
  const fixed = o.before.problems.filter((p) => !o.after?.problems.some((q) => q.problem === p.problem));
  const what = changedFiles(s.changes).join(", ");
  const left = o.after?.problems.map((p) => p.problem) ?? [];
  if (!o.recorded) return { kind: "installed", text: `installed${o.after?.where ? ` (${o.after.where})` : ""}`, left };
  if (!o.before.installed) return { kind: "reinstalled", text: `reinstalled, it had vanished (${what})`, left };
  if (update && o.recorded.version !== version)
    return { kind: "updated", text: `updated ${o.recorded.version} -> ${version} (${what})`, left };
  if (fixed.length) return { kind: "repaired", text: `repaired (${fixed.map((p) => p.problem).join("; ")})`, left };
  return { kind: update ? "updated" : "reinstalled", text: `${update ? "updated" : "reinstalled"} (${what})`, left };
}

/** The command's last line: how many came to what, and what to do next. */
export function summaryLine(
  action: "install" | "uninstall" | "update",
  steps: readonly Done[],
  version: string,
  skipped: number,
  failed = 0,
): string {
  const counts = new Map<Kind, number>();
  for (const s of steps) {
    const { kind } = outcome(action === "uninstall" ? "uninstall" : "install", s, version, action === "update");
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
  }
  const n = (kind: Kind) => counts.get(kind) ?? 0;
  const parts: string[] = [];
  if (action === "install") {
    parts.push(`${n("installed")} installed`);
    if (n("reinstalled") + n("repaired") + n("updated"))
      parts.push(`${n("reinstalled") + n("repaired") + n("updated")} repaired`);
    if (n("unchanged")) parts.push(`${n("unchanged")} already installed`);
  } else if (action === "update") {
    parts.push(
      `${n("updated") + n("repaired") + n("reinstalled") + n("installed")} updated`,
      `${n("unchanged")} unchanged`,
    );
  } else {
    parts.push(`${n("removed")} removed`);
    if (n("absent")) parts.push(`${n("absent")} not installed`);
  }
  if (skipped) parts.push(`${skipped} CLI${skipped === 1 ? "" : "s"} skipped`);
  if (failed) parts.push(`${failed} failed`);
  const next = failed
    ? "fix what is named above, then run it again"
    : action === "uninstall"
      ? n("removed")
        ? "hookrail list shows what is left"
        : "nothing was changed"
      : "hookrail doctor checks that each one will run";
  return `${action}: ${parts.join(", ")}; ${failed ? "next: " : action === "uninstall" && !n("removed") ? "" : "next: "}${next}`;
}
