// `hookrail log`: the audit log, newest first, one aligned line per entry (coloured and paged on a terminal),
// filtered by time, guardrail, CLI, session, repository or blocks; --json for scripts, --summary for counts.
import { type AuditEntry, auditDirectory, auditSettings, loadConfig, readAudit } from "@hookrail/core";
import { paint } from "../cli/color.ts";
import type { CommandIO } from "../io.ts";
import { filterEntries, type LogFilters } from "../log/filters.ts";
import { entryLines, summarize, summaryTable } from "../log/format.ts";
import { page } from "../log/pager.ts";
import { adapters, guardrails, UserError } from "../registry.ts";

export interface LogOptions extends LogFilters {
  json?: boolean;
  summary?: boolean;
  /** The clock (tests). */
  now?: number;
}

export async function logCommand(io: CommandIO, opts: LogOptions): Promise<number> {
  const now = opts.now ?? Date.now();
  const dir = auditDirectory(io.env);
  if (dir === undefined) throw new UserError("no audit log: this user has no home folder (set HOOKRAIL_STATE_DIR)");
  const settings = auditSettings(loadConfig(io.cwd, io.env));
  const all = readAudit(dir, settings, now);
  const timeZone = io.env.TZ || undefined;
  const entries = filterEntries(all, opts, {
    now,
    cwd: io.cwd,
    timeZone,
    guardrails: Object.keys(guardrails),
    clis: [...Object.keys(adapters), "git"],
  }).reverse();
  if (opts.summary) {
    const rows = summarize(entries, timeZone);
    if (opts.json) io.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
    else
      io.stdout.write(
        rows.length ? `${summaryTable(rows).join("\n")}\n` : `${nothing(all, settings.maxAgeDays, dir)}\n`,
      );
    return 0;
  }
  if (opts.json) {
    io.stdout.write(`${JSON.stringify(entries, null, 2)}\n`);
    return 0;
  }
  if (!entries.length) {
    io.stdout.write(`${nothing(all, settings.maxAgeDays, dir)}\n`);
    return 0;
  }
  const terminal = io.stdout.isTTY === true;
  const lines = entryLines(entries, paint(io), { timeZone, width: terminal ? io.stdout.columns : undefined });
  const text = `${lines.join("\n")}\n`;
  if (terminal && lines.length >= (io.stdout.rows ?? 24) && (await page(text, io.env))) return 0;
  io.stdout.write(text);
  return 0;
}

function nothing(all: readonly AuditEntry[], days: number, dir: string): string {
  return all.length
    ? "no entry matches"
    : `nothing in the audit log yet: the guardrails have only allowed, or nothing ran (last ${days} days, ${dir})`;
}
