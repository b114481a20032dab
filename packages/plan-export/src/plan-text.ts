// Plan text helpers, all pure: the normal form and hash used for dedupe, the title and slug, the
// exported file's name and its front matter.
import { basename, extname } from "node:path";
import { builtin, type CliName } from "@hookrail/core";
import type { Outcome, Resolution } from "./types.ts";

/** One form per plan: LF line ends, no leading blank lines, no trailing whitespace, one final newline. */
export function normalizePlan(text: string): string {
  const body = text
    .replace(/\r\n?/g, "\n")
    .replace(/^(?:[ \t]*\n)+/, "")
    .trimEnd();
  return body ? `${body}\n` : "";
}

/** sha256 of the normal form: the same plan twice hashes the same, whatever the line ends. */
export const planHash = (text: string): string =>
  builtin<typeof import("node:crypto")>("node:crypto").createHash("sha256").update(normalizePlan(text)).digest("hex");

/** The plan's first Markdown heading, as written. */
export const planHeading = (text: string): string | undefined =>
  /^ {0,3}#{1,6}[ \t]+(.+?)[ \t#]*$/m.exec(text)?.[1]?.trim() || undefined;

/** The first heading without a leading "Plan:" (every exported file is a plan), for file names. */
export function planTitle(text: string): string | undefined {
  const heading = planHeading(text);
  return heading?.replace(/^plan\s*[:\-\u2013\u2014]\s*/i, "").trim() || heading;
}

/** Lower-case ASCII words joined by dashes, at most `max` characters, cut at a word boundary. */
export function slugify(text: string, max = 60): string {
  const slug = text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  if (slug.length <= max) return slug;
  const cut = slug.slice(0, max + 1);
  const end = cut.lastIndexOf("-");
  return (end > max / 2 ? cut.slice(0, end) : slug.slice(0, max)).replace(/-+$/, "");
}

/** The slug from the first heading, else from the CLI's own plan name (file name), else "plan". */
export function planSlug(text: string, sourcePath: string): string {
  const fromTitle = slugify(planTitle(text) ?? "");
  if (fromTitle) return fromTitle;
  return slugify(basename(sourcePath, extname(sourcePath))) || "plan";
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

export interface NameParts {
  pattern: string;
  text: string;
  sourcePath: string;
  cli: CliName;
  outcome: Outcome;
  sessionId: string;
  hash: string;
  /** Local time of the plan. */
  at: Date;
}

/** The file name (with `.md`) from the configured pattern; characters no file system takes become "-". */
export function exportFileName(parts: NameParts): string {
  const { at } = parts;
  const tokens: Record<string, string> = {
    date: `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`,
    time: `${pad(at.getHours())}${pad(at.getMinutes())}`,
    slug: planSlug(parts.text, parts.sourcePath),
    cli: parts.cli,
    outcome: parts.outcome,
    hash: parts.hash.slice(0, 8),
    session: slugify(parts.sessionId).slice(0, 8) || "session",
  };
  const name = parts.pattern
    .replace(/\{(\w+)\}/g, (whole, token: string) => tokens[token] ?? whole)
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is removed
    .replace(/[<>:"/\\|?*\u0000-\u001f]/g, "-")
    .replace(/^[.\s]+|[.\s]+$/g, "");
  const stem = name.replace(/\.md$/i, "") || "plan";
  return `${stem}.md`;
}

export interface FrontMatter {
  title?: string;
  outcome: Outcome;
  resolution: Resolution;
  cli: CliName;
  session: string;
  source: string;
  plannedAt: Date;
  exportedAt: Date;
  feedback?: string;
  hash: string;
}

/** YAML front matter (strings JSON-quoted, which YAML reads as double-quoted scalars) and the plan. */
export function exportedDocument(meta: FrontMatter, text: string): string {
  const q = (value: string) => JSON.stringify(value);
  const lines = [
    "---",
    ...(meta.title ? [`title: ${q(meta.title.slice(0, 200))}`] : []),
    `outcome: ${meta.outcome}`,
    `resolution: ${meta.resolution}`,
    `cli: ${meta.cli}`,
    `session: ${q(meta.session)}`,
    `source: ${q(meta.source)}`,
    `planned_at: ${meta.plannedAt.toISOString()}`,
    `exported_at: ${meta.exportedAt.toISOString()}`,
    `hash: sha256:${meta.hash}`,
    ...(meta.feedback ? [`feedback: ${q(meta.feedback)}`] : []),
    "---",
  ];
  return `${lines.join("\n")}\n\n${normalizePlan(text)}`;
}

/** The hash and outcome an exported file declares in its front matter, if it is one of ours. */
export function readFrontMatter(head: string): { hash: string; outcome: string } | undefined {
  if (!head.startsWith("---")) return undefined;
  const hash = /^hash: sha256:([0-9a-f]{64})\s*$/m.exec(head)?.[1];
  const outcome = /^outcome: (\w+)\s*$/m.exec(head)?.[1];
  return hash && outcome ? { hash, outcome } : undefined;
}
