// A guardrail as Kimi Code hooks: `hooks.toml`, the `[[hooks]]` entries `hookrail install` adds to the user's
// config.toml (Kimi has no hooks file of its own, and runs no project hooks), beside the bundle, which the installer
// copies to `${KIMI_CODE_HOME:-~/.kimi-code}/hookrail/<guardrail>/`. Commands run under `/bin/sh -c`, so the folder
// is resolved when the hook runs. Timeouts are in seconds.
import {
  type CliPackaging,
  type GuardrailManifest,
  isGate,
  momentEvents,
  nodeHookCommand,
  type PackageFile,
  type PackagingOptions,
  type ToolKind,
} from "@hookrail/core";
import { KIMI_SESSION_START_ARG } from "./adapter.ts";
import { kimiDialect } from "./dialect.ts";
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

/** The `[[hooks]]` entries of a guardrail, one per Kimi event and argument, in the manifest's order. */
export function kimiHookEntries(manifest: GuardrailManifest, options: PackagingOptions = {}): KimiHookEntry[] {
  const file = `${KIMI_HOME_SH}/${kimiInstallDir(manifest)}/${kimiBundlePath(manifest)}`;
  const bundle = nodeHookCommand(file);
  const entries: KimiHookEntry[] = [];
  const seen = new Set<string>();
  const add = (entry: KimiHookEntry) => {
    const key = `${entry.event}\0${entry.command}`;
    if (seen.has(key)) return;
    seen.add(key);
    entries.push(entry);
  };
  for (const binding of manifest.bindings) {
    const event = EVENTS[binding.event];
    if (!event) continue;
    const tools = manifest.bindings.filter((b) => b.event === binding.event).flatMap((b) => b.tools ?? []);
    const match = binding.tools ? matcher(tools) : undefined;
    if (binding.tools && !match) continue;
    let command =
      binding.event === "session-start" ? nodeHookCommand(file, undefined, [KIMI_SESSION_START_ARG]) : bundle;
    // Kimi runs the call on any failure but exit 2 (a crash, exit 1, no node): a gate's failure must still block.
    // Its loader blocks with the reason and the fix when the file has gone; `|| exit 2` covers node itself missing.
    if (event === "PreToolUse" && isGate(manifest, options))
      command = `${nodeHookCommand(file, { guardrail: manifest.name, blocking: true })} || exit 2`;
    add({ event, ...(match ? { matcher: match } : {}), command, timeout: manifest.timeoutSeconds });
  }
  for (const event of momentEvents(manifest, kimiDialect))
    add({ event: event as KimiHookEvent, command: bundle, timeout: manifest.timeoutSeconds });
  return entries;
}

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
  const head = `# hookrail ${manifest.name} ${manifest.version}: the entries \`hookrail install\` adds to Kimi Code's config.toml`;
  return [{ path: "hooks.toml", content: `${[head, ...tables].join("\n\n")}\n` }];
}

export const kimiPackaging: CliPackaging = { cli: "kimi", files: kimiHookFiles, bundlePath: kimiBundlePath };
