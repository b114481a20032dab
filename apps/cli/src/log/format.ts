// `hookrail log`'s text: one aligned line per entry (newest first), and the summary table.
import type { AuditDecision, AuditEntry } from "@hookrail/core";
import type { Paint } from "../cli/color.ts";
import { localTime } from "./time.ts";

const LABEL: Record<AuditDecision, string> = {
  block: "blocked",
  ask: "asked",
  approved: "approved",
  note: "note",
  message: "message",
  "failed-closed": "failed closed",
  "failed-open": "failed open",
};

const COLOR: Record<AuditDecision, keyof Omit<Paint, "on">> = {
  block: "red",
  ask: "yellow",
  approved: "green",
  note: "cyan",
  message: "dim",
  "failed-closed": "red",
  "failed-open": "magenta",
};

const oneLine = (text: string | undefined) => text?.replace(/\s+/g, " ").trim();
const lastPart = (path: string) => path.replace(/\/+$/, "").split("/").pop() ?? path;

/** Where: the repository's folder name and the branch (`app@main`), else the folder. */
function where(e: AuditEntry): string {
  if (e.repo) return `${lastPart(e.worktree ?? e.repo)}${e.branch ? `@${e.branch}` : ""}`;
  return e.cwd ? lastPart(e.cwd) : "-";
}

/** A file as the session saw it: relative to its folder when inside it. */
const shortFile = (file: string, cwd: string | undefined) =>
  cwd && file.startsWith(`${cwd}/`) ? file.slice(cwd.length + 1) : file;

/** What it was about: the command or files, else the first words of the reason, note or message. */
function what(e: AuditEntry): string {
  const subject = e.command ?? e.files?.map((f) => shortFile(f, e.cwd)).join(" ");
  const why = e.decision.startsWith("failed") || !subject ? oneLine(e.reason ?? e.note ?? e.message) : undefined;
  return [subject, why].filter(Boolean).join(": ") || "-";
}

/** Each entry on one line, columns aligned; cut to `width` when it is a terminal's. */
export function entryLines(
  entries: readonly AuditEntry[],
  p: Paint,
  opts: { timeZone?: string; width?: number },
): string[] {
  const rows = entries.map((e) => [
    localTime(e.time, opts.timeZone),
    e.cli,
    e.guardrail,
    LABEL[e.decision],
    (e.session ?? "-").slice(0, 8),
    where(e),
    what(e),
  ]);
  const widths = [0, 1, 2, 3, 4, 5].map((i) => Math.max(...rows.map((r) => (r[i] as string).length)));
  // Where the decision column starts, to colour it after a line is cut to the terminal's width.
  const decisionAt = (widths[0] as number) + (widths[1] as number) + (widths[2] as number) + 6;
  return rows.map((row, n) => {
    let line = row
      .map((cell, i) => (i < 6 ? cell.padEnd(widths[i] as number) : cell))
      .join("  ")
      .trimEnd();
    if (opts.width && line.length > opts.width) line = `${line.slice(0, opts.width - 1)}…`;
    const decision = (entries[n] as AuditEntry).decision;
    const label = LABEL[decision];
    const time = line.slice(0, 19);
    const fits = line.slice(decisionAt, decisionAt + label.length) === label;
    const middle = fits ? line.slice(19, decisionAt) : line.slice(19);
    const rest = fits ? `${p[COLOR[decision]](label)}${line.slice(decisionAt + label.length)}` : "";
    return `${p.dim(time)}${middle}${rest}`;
  });
}

const COLUMNS: { title: string; counts: AuditDecision[] }[] = [
  { title: "BLOCKED", counts: ["block"] },
  { title: "ASKED", counts: ["ask"] },
  { title: "APPROVED", counts: ["approved"] },
  { title: "NOTES", counts: ["note"] },
  { title: "MESSAGES", counts: ["message"] },
  { title: "FAILED", counts: ["failed-closed", "failed-open"] },
];

export interface SummaryRow {
  day: string;
  guardrail: string;
  counts: Partial<Record<AuditDecision, number>>;
}

/** Counts per day (the user's), guardrail and decision; newest day first. */
export function summarize(entries: readonly AuditEntry[], timeZone: string | undefined): SummaryRow[] {
  const rows = new Map<string, SummaryRow>();
  for (const e of entries) {
    const day = localTime(e.time, timeZone).slice(0, 10);
    const key = `${day}\u0000${e.guardrail}`;
    const row = rows.get(key) ?? { day, guardrail: e.guardrail, counts: {} };
    row.counts[e.decision] = (row.counts[e.decision] ?? 0) + 1;
    rows.set(key, row);
  }
  return [...rows.values()].sort((a, b) =>
    a.day === b.day ? a.guardrail.localeCompare(b.guardrail) : a.day < b.day ? 1 : -1,
  );
}

export function summaryTable(rows: readonly SummaryRow[]): string[] {
  const guardrailWidth = Math.max("GUARDRAIL".length, ...rows.map((r) => r.guardrail.length));
  const head = ["DAY       ", "GUARDRAIL".padEnd(guardrailWidth), ...COLUMNS.map((c) => c.title)].join("  ");
  const body = rows.map((r) =>
    [
      r.day,
      r.guardrail.padEnd(guardrailWidth),
      ...COLUMNS.map((c) => String(c.counts.reduce((sum, d) => sum + (r.counts[d] ?? 0), 0)).padStart(c.title.length)),
    ].join("  "),
  );
  return [head, ...body];
}
