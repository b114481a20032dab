// `hookrail log`'s filters: which entries a user asked for, each option checked with a message of its own.
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import type { AuditEntry } from "@hookrail/core";
import { readCheckout } from "@hookrail/core/git-fast";
import { suggestion } from "../cli/did-you-mean.ts";
import { UsageError } from "../registry.ts";
import { dayStart } from "./time.ts";

export interface LogFilters {
  since?: string;
  guardrail?: string;
  cli?: string;
  session?: string;
  repo?: string;
  blocked?: boolean;
}

const UNITS: Record<string, number> = { m: 60_000, h: 3_600_000, d: 86_400_000, w: 7 * 86_400_000 };

/** `2h`, `30m`, `1d`, `2w`, a day (`2026-12-01`, from its local midnight) or a date and time; epoch ms. */
export function parseSince(text: string, now: number, timeZone?: string): number {
  const ago = /^(\d+)\s*(m|h|d|w)$/i.exec(text.trim());
  if (ago) return now - Number(ago[1]) * (UNITS[(ago[2] as string).toLowerCase()] as number);
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim());
  if (day) return dayStart(Number(day[1]), Number(day[2]), Number(day[3]), timeZone);
  const at = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/.test(text.trim()) ? Date.parse(text.trim()) : Number.NaN;
  if (Number.isFinite(at)) return at;
  throw new UsageError(`--since ${text}: give a time ago (30m, 2h, 1d, 2w) or a date (2026-12-01)`);
}

/** A name an entry could carry: one the user may mean, checked against the known ones and the log's own. */
function checkName(what: string, value: string, known: readonly string[]): void {
  if (known.includes(value)) return;
  throw new UsageError(`no ${what} "${value}" in hookrail or its log${suggestion(value, known)}`);
}

/** The checkout folder a path names, when it is one; else undefined (the value is then a repository's name). */
function repoFolder(value: string, cwd: string): string[] | undefined {
  const path = resolve(cwd, value);
  if (!existsSync(path)) return value === "." || value.includes("/") ? [path] : undefined;
  const checkout = readCheckout(path);
  if (!checkout) return [path];
  const main = checkout.commonDir.replace(/\/\.git$/, "");
  return [...new Set([main, checkout.topLevel])];
}

const isBlock = (e: AuditEntry) => e.decision === "block" || e.decision === "failed-closed";
const lastPart = (path: string) => path.replace(/\/+$/, "").split("/").pop() ?? path;

export function filterEntries(
  entries: readonly AuditEntry[],
  filters: LogFilters,
  context: { now: number; cwd: string; timeZone?: string; guardrails: readonly string[]; clis: readonly string[] },
): AuditEntry[] {
  const since = filters.since === undefined ? undefined : parseSince(filters.since, context.now, context.timeZone);
  const seen = (pick: (e: AuditEntry) => string) => [...new Set(entries.map(pick))];
  if (filters.guardrail)
    checkName("guardrail", filters.guardrail, [...new Set([...context.guardrails, ...seen((e) => e.guardrail)])]);
  if (filters.cli) checkName("CLI", filters.cli, [...new Set([...context.clis, ...seen((e) => e.cli)])]);
  const folders = filters.repo === undefined ? undefined : repoFolder(filters.repo, context.cwd);
  return entries.filter((e) => {
    if (since !== undefined && Date.parse(e.time) < since) return false;
    if (filters.guardrail && e.guardrail !== filters.guardrail) return false;
    if (filters.cli && e.cli !== filters.cli) return false;
    if (filters.session && !e.session?.startsWith(filters.session)) return false;
    if (filters.blocked && !isBlock(e)) return false;
    if (filters.repo !== undefined) {
      const places = [e.repo, e.worktree].filter((p): p is string => Boolean(p));
      if (folders) {
        const inside = (p: string) => folders.some((f) => p === f || p.startsWith(`${f}/`));
        if (!places.some(inside) && !(e.cwd && !e.repo && inside(e.cwd))) return false;
      } else if (!places.some((p) => lastPart(p) === filters.repo)) return false;
    }
    return true;
  });
}
