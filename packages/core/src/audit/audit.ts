// The audit log: what the guardrails did that was more than a plain allow (a block, an ask, an approval used, a
// note to the model, a message to the user, a hook that failed), one JSON line per entry in the per-user state
// folder (`<state>/audit/`), secrets redacted. `hookrail log` reads it. Files and retention: _audit-file.ts.
import { join } from "node:path";
import * as z from "zod/mini";
import type { Config } from "../config/config.ts";
import { stateDirectory } from "../state/_state-dir.ts";
import { type AuditLimits, appendAuditLine, DEFAULT_AUDIT_LIMITS, readAuditLines } from "./_audit-file.ts";
import { redactSecrets } from "./redact.ts";

export { type AuditLimits, DEFAULT_AUDIT_LIMITS, pruneAudit } from "./_audit-file.ts";

/** What an entry records: the decision as the CLI carried it out, or the failure and the policy applied. */
export const AUDIT_DECISIONS = ["block", "ask", "approved", "note", "message", "failed-closed", "failed-open"] as const;
export type AuditDecision = (typeof AUDIT_DECISIONS)[number];

export interface AuditEntry {
  /** ISO 8601, UTC. */
  time: string;
  /** The CLI that ran the hook (`git` for the merge gate's pre-push hook). */
  cli: string;
  guardrail: string;
  /** The CLI's own event name (PreToolUse, BeforeTool, preToolUse…). */
  event?: string;
  session?: string;
  /** The session's folder, the repository it is in (its main folder) and the checked-out branch. */
  cwd?: string;
  repo?: string;
  worktree?: string;
  branch?: string;
  decision: AuditDecision;
  /** Why: the block's or ask's reason, what an approval approved, or the failure. */
  reason?: string;
  /** What the model was told, and what the user was shown. */
  note?: string;
  message?: string;
  /** The CLI's tool, and the command or files it was about to run or write. */
  tool?: string;
  command?: string;
  files?: string[];
}

export interface AuditSettings extends AuditLimits {
  enabled: boolean;
}

// Text fields are cut here, so that one entry stays one small write.
const MAX_TEXT = 4000;
const MAX_FILES = 20;

/** The folder of the audit log; none for a user without a home folder. */
export function auditDirectory(env: NodeJS.ProcessEnv): string | undefined {
  const state = stateDirectory(env);
  return state === undefined ? undefined : join(state, "audit");
}

// Built on first use, and only when the user's config has an "audit" section.
const makeSettings = () =>
  z.object({
    enabled: z._default(z.boolean(), true),
    maxAgeDays: z._default(z.number().check(z.positive()), DEFAULT_AUDIT_LIMITS.maxAgeDays),
    maxMegabytes: z._default(z.number().check(z.positive()), DEFAULT_AUDIT_LIMITS.maxBytes / 1024 / 1024),
  });
let settingsSchema: ReturnType<typeof makeSettings> | undefined;

/**
 * The audit settings from the user's config file only (a project file cannot hide what happened in it);
 * invalid values fall back to the defaults.
 */
export function auditSettings(config: Config): AuditSettings {
  const section = config.layers.find((layer) => layer.scope === "user")?.sections.audit;
  if (section === undefined) return { enabled: true, ...DEFAULT_AUDIT_LIMITS };
  settingsSchema ??= makeSettings();
  const result = settingsSchema.safeParse(section);
  const settings = result.success ? result.data : settingsSchema.parse({});
  return {
    enabled: settings.enabled,
    maxAgeDays: settings.maxAgeDays,
    maxBytes: Math.round(settings.maxMegabytes * 1024 * 1024),
  };
}

const cut = (text: string) => (text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text);

/** The entry as its line: text fields redacted and cut, empty fields left out. */
export function auditLine(entry: AuditEntry): string {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(entry)) {
    if (value === undefined || value === "") continue;
    if (typeof value === "string") out[key] = key === "time" ? value : cut(redactSecrets(value));
    else if (Array.isArray(value)) out[key] = value.slice(0, MAX_FILES).map((v) => cut(redactSecrets(String(v))));
    else out[key] = value;
  }
  return JSON.stringify(out);
}

/** Appends an entry; never throws (an audit log must not break a hook). False when it was not written. */
export function writeAudit(
  entry: AuditEntry,
  env: NodeJS.ProcessEnv,
  settings: AuditSettings = { enabled: true, ...DEFAULT_AUDIT_LIMITS },
  now: number = Date.now(),
): boolean {
  if (!settings.enabled) return false;
  try {
    const dir = auditDirectory(env);
    if (dir === undefined) return false;
    appendAuditLine(dir, auditLine(entry), settings, now);
    return true;
  } catch {
    return false;
  }
}

/**
 * The shipped loader's entry when a bundle cannot start (packages/build/src/loader.ts carries this function,
 * bundled on its own): the policy applied and the error, in the folder the hook ran in, with the defaults.
 */
export function auditStartFailure(entry: Pick<AuditEntry, "cli" | "guardrail" | "decision" | "reason">): void {
  let cwd: string | undefined;
  try {
    cwd = process.cwd();
  } catch {
    // The session's folder is gone.
  }
  writeAudit({ time: new Date().toISOString(), ...entry, ...(cwd ? { cwd } : {}) }, process.env);
}

/** Every readable entry younger than maxAgeDays, oldest first; lines that are not entries are skipped. */
export function readAudit(
  dir: string,
  limits: Pick<AuditLimits, "maxAgeDays">,
  now: number = Date.now(),
): AuditEntry[] {
  const since = now - limits.maxAgeDays * 24 * 60 * 60 * 1000;
  const entries: AuditEntry[] = [];
  for (const line of readAuditLines(dir)) {
    let data: unknown;
    try {
      data = JSON.parse(line);
    } catch {
      continue;
    }
    if (!isEntry(data)) continue;
    const time = Date.parse(data.time);
    if (Number.isFinite(time) && time >= since) entries.push(data);
  }
  return entries.sort((a, b) => Date.parse(a.time) - Date.parse(b.time));
}

function isEntry(data: unknown): data is AuditEntry {
  if (typeof data !== "object" || data === null) return false;
  const { time, cli, guardrail, decision } = data as Record<string, unknown>;
  return (
    typeof time === "string" &&
    typeof cli === "string" &&
    typeof guardrail === "string" &&
    (AUDIT_DECISIONS as readonly unknown[]).includes(decision)
  );
}
