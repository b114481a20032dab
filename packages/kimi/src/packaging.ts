// A guardrail as Kimi Code hooks. Its folder (the bundle, `kimi.json`, `hooks.toml`) is copied to
// `${KIMI_CODE_HOME:-~/.kimi-code}/hookrail/<guardrail>/`, and the dispatcher it ships beside them to `hookrail/`:
// the scope's `[[hooks]]` entries in the user's config.toml (Kimi has no hooks file of its own, and runs no project
// hooks) run that one dispatcher, `hookrail/dispatch.cjs`, for every guardrail installed there: one entry per
// event, so one process per call (dispatcher-source.ts). `kimi.json` says where each guardrail is bound;
// `hooks.toml` holds the entries of the guardrail installed alone. Commands run under `/bin/sh -c`, so the folder
// is resolved when the hook runs. Timeouts are in seconds.
import {
  type CliPackaging,
  type GuardrailManifest,
  isGate,
  manifestJson,
  momentEvents,
  nodeHookCommand,
  type PackageFile,
  type PackagingOptions,
  type ToolKind,
} from "@hookrail/core";
import { KIMI_SESSION_START_ARG } from "./adapter.ts";
import { kimiDialect } from "./dialect.ts";
import { KIMI_DISPATCHER_SOURCE } from "./dispatcher-source.ts";
import type { KimiHookEntry, KimiHookEvent } from "./hook-entries.ts";

/** Where `hookrail install` puts a guardrail's folder, relative to Kimi's home folder. */
export const kimiInstallDir = (manifest: GuardrailManifest) => `hookrail/${manifest.name}`;

export const kimiBundlePath = (manifest: GuardrailManifest) => manifest.bundle;

/** Kimi's home folder, as the shell finds it when the hook runs. */
export const KIMI_HOME_SH = ["$", "{KIMI_CODE_HOME:-$HOME/.kimi-code}"].join("");

// SessionStart output never reaches the model, UserPromptSubmit's does: a session start is run with the prompt.
const EVENTS: Record<string, KimiHookEvent> = {
  "session-start": "UserPromptSubmit",
  prompt: "UserPromptSubmit",
  "before-tool": "PreToolUse",
  "after-tool": "PostToolUse",
  stop: "Stop",
  "session-end": "SessionEnd",
};

/** An anchored matcher for these tool kinds: Kimi's matchers are unanchored regular expressions (`"*"` never matches). */
function matcher(kinds: readonly (ToolKind | "mcp")[]): string | undefined {
  const names = Object.entries(kimiDialect.tools)
    .filter(([, kind]) => kinds.includes(kind))
    .map(([name]) => name);
  if (kinds.includes("mcp")) names.push("mcp__.*");
  return names.length ? `^(?:${names.join("|")})$` : undefined;
}

/** Where a guardrail's hooks run it: a Kimi event, the tools' matcher and the arguments its bundle is given. */
export interface KimiBinding {
  event: KimiHookEvent;
  matcher?: string;
  args: string[];
}

/** What `kimi.json` in a guardrail's folder holds: what the scope's dispatcher needs to run it. */
export interface KimiSettings {
  guardrail: string;
  bundle: string;
  failure: "closed" | "open";
  timeoutSeconds: number;
  bindings: KimiBinding[];
}

export const KIMI_SETTINGS_FILE = "kimi.json";
/** The dispatcher's file, shipped in each guardrail's folder; the installer puts it in `<Kimi home>/hookrail/`. */
export const KIMI_DISPATCHER_FILE = "dispatch.cjs";
/** The dispatcher as the shell finds it when Kimi runs a hook (a command's text: the same for every guardrail). */
export const KIMI_DISPATCHER_SH = `${KIMI_HOME_SH}/hookrail/${KIMI_DISPATCHER_FILE}`;

/** How an entry whose command must block when node itself cannot start ends. */
export const BLOCKS_ON_FAILURE = " || exit 2";

/** A guardrail's bindings, one per Kimi event and argument, in the manifest's order. */
export function kimiBindings(manifest: GuardrailManifest): KimiBinding[] {
  const bindings: KimiBinding[] = [];
  const seen = new Set<string>();
  const add = (binding: KimiBinding) => {
    const key = `${binding.event}\0${binding.args.join(" ")}`;
    if (seen.has(key)) return;
    seen.add(key);
    bindings.push(binding);
  };
  for (const binding of manifest.bindings) {
    const event = EVENTS[binding.event];
    if (!event) continue;
    const tools = manifest.bindings.filter((b) => b.event === binding.event).flatMap((b) => b.tools ?? []);
    const match = binding.tools ? matcher(tools) : undefined;
    if (binding.tools && !match) continue;
    const args = binding.event === "session-start" ? [KIMI_SESSION_START_ARG] : [];
    add({ event, ...(match ? { matcher: match } : {}), args });
  }
  for (const event of momentEvents(manifest, kimiDialect)) add({ event: event as KimiHookEvent, args: [] });
  return bindings;
}

export function kimiSettings(manifest: GuardrailManifest, options: PackagingOptions = {}): KimiSettings {
  return {
    guardrail: manifest.name,
    bundle: kimiBundlePath(manifest),
    failure: isGate(manifest, options) ? "closed" : "open",
    timeoutSeconds: manifest.timeoutSeconds,
    bindings: kimiBindings(manifest),
  };
}

/**
 * What the scope's entries run, as the shell finds it: a guardrail installed alone, its own hook file (a dispatcher
 * would only cost its start), unless it is bound twice at one event with different arguments (its entry there could
 * give only one set); two or more guardrails, the dispatcher, in whose process they all answer.
 */
export function kimiCommandFile(installed: readonly KimiSettings[]): string {
  const [only, ...others] = installed;
  if (!only || others.length) return KIMI_DISPATCHER_SH;
  const args = new Map<string, string>();
  for (const b of only.bindings) {
    const given = JSON.stringify(b.args);
    if ((args.get(b.event) ?? given) !== given) return KIMI_DISPATCHER_SH;
    args.set(b.event, given);
  }
  return `${KIMI_HOME_SH}/hookrail/${only.guardrail}/${only.bundle}`;
}

/**
 * The `[[hooks]]` entries of a scope whose guardrails are `installed`: one per event, whose command is the scope's
 * dispatcher (the same text in every entry; a guardrail alone, mostly its own hook file: kimiCommandFile) and whose
 * matcher takes every tool one of them watches there. Kimi
 * runs each matching entry's command, so one entry per event starts one process per call for all of them.
 * Kimi runs the call on any failure but exit 2 (a crash, exit 1, no node): where a gate is bound before a tool, the
 * loader blocks with the reason and the fix when the dispatcher has gone, and `|| exit 2` covers node itself missing.
 */
export function kimiScopeEntries(installed: readonly KimiSettings[]): KimiHookEntry[] {
  const file = kimiCommandFile(installed);
  const own = file !== KIMI_DISPATCHER_SH;
  const name = own ? (installed[0] as KimiSettings).guardrail : "hookrail";
  const events = new Map<KimiHookEvent, { matchers: Set<string> | undefined; timeout: number; gate: boolean }>();
  for (const settings of [...installed].sort((a, b) => (a.guardrail < b.guardrail ? -1 : 1)))
    for (const binding of settings.bindings) {
      const at = events.get(binding.event) ?? { matchers: new Set<string>(), timeout: 0, gate: false };
      // An entry with no matcher takes every tool: so does the event's.
      if (binding.matcher === undefined) at.matchers = undefined;
      else at.matchers?.add(binding.matcher);
      at.timeout = Math.max(at.timeout, settings.timeoutSeconds);
      at.gate ||= settings.failure === "closed" && binding.event === "PreToolUse";
      events.set(binding.event, at);
    }
  return [...events].map(([event, at]) => {
    const matchers = at.matchers ? [...at.matchers] : [];
    const matcher = matchers.length === 1 ? matchers[0] : matchers.map((m) => `(?:${m})`).join("|");
    // A guardrail alone is given its binding's arguments there (one set per event: kimiCommandFile).
    const args = own ? (installed[0]?.bindings.find((b) => b.event === event)?.args ?? []) : [];
    const command = at.gate
      ? `${nodeHookCommand(file, { guardrail: name, blocking: true }, args)}${BLOCKS_ON_FAILURE}`
      : nodeHookCommand(file, undefined, args);
    // The dispatcher answers within each guardrail's own timeout; Kimi's is a second more.
    return { event, ...(matcher ? { matcher } : {}), command, timeout: Math.min(600, at.timeout + 1) };
  });
}

/** The `[[hooks]]` entries of a guardrail installed alone. */
export const kimiHookEntries = (manifest: GuardrailManifest, options: PackagingOptions = {}): KimiHookEntry[] =>
  kimiScopeEntries([kimiSettings(manifest, options)]);

const str = (value: string) => JSON.stringify(value);

/** One `[[hooks]]` table's lines. */
export const kimiEntryLines = (entry: KimiHookEntry): string[] => [
  `event = ${str(entry.event)}`,
  ...(entry.matcher !== undefined ? [`matcher = ${str(entry.matcher)}`] : []),
  `command = ${str(entry.command)}`,
  ...(entry.timeout !== undefined ? [`timeout = ${entry.timeout}`] : []),
];

export function kimiHookFiles(manifest: GuardrailManifest, options?: PackagingOptions): PackageFile[] {
  const tables = kimiHookEntries(manifest, options).map((entry) => ["[[hooks]]", ...kimiEntryLines(entry)].join("\n"));
  const head = `# hookrail ${manifest.name} ${manifest.version}: the entries \`hookrail install\` adds to Kimi Code's config.toml when it is hookrail's only guardrail there (with others, one entry per event runs the dispatcher for them all)`;
  return [
    { path: KIMI_SETTINGS_FILE, content: manifestJson(kimiSettings(manifest, options)) },
    { path: "hooks.toml", content: `${[head, ...tables].join("\n\n")}\n` },
    { path: KIMI_DISPATCHER_FILE, content: KIMI_DISPATCHER_SOURCE, writtenElsewhere: true },
  ];
}

export const kimiPackaging: CliPackaging = {
  cli: "kimi",
  files: kimiHookFiles,
  bundlePath: kimiBundlePath,
  // The scope's dispatcher runs the guardrails bound to a call in its own process.
  oneProcess: true,
};
