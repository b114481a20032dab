// A guardrail as Auggie hooks. Its folder (the bundle, `auggie.json`, `hooks.json`) is copied by `hookrail install`
// to `.augment/hookrail/<guardrail>/` of the scope, and the dispatcher it ships beside them to `.augment/hookrail/`:
// hookrail's groups in the scope's settings.json (Claude Code's `{"hooks": …}` shape; timeouts in milliseconds) run
// that one dispatcher for every guardrail installed there: one group per event and kind of tool, so one process per
// call (dispatcher-source.ts); a guardrail installed alone runs its own hook file. `auggie.json` says where each guardrail is bound; `hooks.json` holds the groups of
// the guardrail installed alone. The command finds the dispatcher under $HOME; the installer rewrites that folder for
// each scope. Auggie runs a command with a shell character in it through `bash -c`, and tests a matcher as an
// unanchored regular expression (`mcp:<regex>` for MCP tools alone), so tool names are anchored here.
import {
  type CliPackaging,
  type GuardrailManifest,
  isGate,
  manifestJson,
  nativeHooks,
  nodeHookCommand,
  type PackageFile,
  type PackagingOptions,
  type ScopeBinding,
  type ScopeSettings,
} from "@hookrail/core";
import { auggieDialect } from "./dialect.ts";
import { AUGGIE_DISPATCHER_SOURCE } from "./dispatcher-source.ts";

/** Where `hookrail install` puts a guardrail's Auggie folder, relative to the scope's .augment folder. */
export const auggieInstallDir = (manifest: GuardrailManifest) => `hookrail/${manifest.name}`;

export const auggieBundlePath = (manifest: GuardrailManifest) => manifest.bundle;

/** How the shipped hooks.json names the user's .augment folder (rewritten per scope by the installer). */
export const AUGGIE_USER_DIR = "$HOME/.augment";

export const AUGGIE_SETTINGS_FILE = "auggie.json";
/** The dispatcher's file, shipped in each guardrail's folder; the installer puts it in `.augment/hookrail/`. */
export const AUGGIE_DISPATCHER_FILE = "dispatch.cjs";

/** What `auggie.json` in a guardrail's folder holds: what the scope's dispatcher needs to run it. */
export type AuggieSettings = ScopeSettings;

/** One group of Auggie's settings.json. */
export interface AuggieGroup {
  matcher?: string;
  hooks: { type: "command"; command: string; timeout: number }[];
}

/** `A|B` as Auggie must read it to match those tools alone; an MCP pattern stays as it is. */
const anchored = (matcher: string | undefined) =>
  matcher === undefined || matcher.startsWith("mcp:") ? matcher : `^(?:${matcher})$`;

/** A guardrail's bindings: one per Auggie event and matcher, in the manifest's order. */
export function auggieBindings(manifest: GuardrailManifest): ScopeBinding[] {
  const handler = { type: "command", command: "", timeout: 0 };
  return Object.entries(nativeHooks(manifest, auggieDialect, handler)).flatMap(([event, groups]) =>
    (groups as { matcher?: string }[]).map((g) => {
      const matcher = anchored(g.matcher);
      return { event, ...(matcher ? { matcher } : {}), args: [] };
    }),
  );
}

export function auggieSettings(manifest: GuardrailManifest, options: PackagingOptions = {}): AuggieSettings {
  return {
    guardrail: manifest.name,
    bundle: auggieBundlePath(manifest),
    failure: isGate(manifest, options) ? "closed" : "open",
    timeoutSeconds: manifest.timeoutSeconds,
    bindings: auggieBindings(manifest),
  };
}

/** The dispatcher as the shell finds it when Auggie runs a hook, for a scope's .augment folder written `dir`. */
export const auggieDispatcherText = (dir: string) => `${dir}/hookrail/${AUGGIE_DISPATCHER_FILE}`;

/**
 * What the scope's groups run, as the shell finds it: a guardrail installed alone, its own hook file (a dispatcher
 * would only cost its start); two or more, the dispatcher, in whose process they all answer.
 */
export function auggieCommandFile(installed: readonly AuggieSettings[], dir: string): string {
  const [only, ...others] = installed;
  return only && !others.length ? `${dir}/hookrail/${only.guardrail}/${only.bundle}` : auggieDispatcherText(dir);
}

/** Union of regular expressions, each kept whole. */
const union = (patterns: readonly string[]) =>
  patterns.length === 1 ? (patterns[0] as string) : patterns.map((p) => `(?:${p})`).join("|");

/**
 * The groups of a scope whose guardrails are `installed` (its .augment folder written `dir` in a command): per event,
 * one group for the tools Auggie names and one for MCP tools (its matchers never take both), each running the
 * scope's dispatcher (the same command for every guardrail; a guardrail alone, its own hook file) under a matcher
 * that takes every tool one of them watches there. Auggie runs the call on any failure but exit 2: where a gate is
 * bound before a tool, the loader blocks with the reason and the fix when the file has gone.
 */
export function auggieScopeGroups(installed: readonly AuggieSettings[], dir: string): Record<string, AuggieGroup[]> {
  interface At {
    tools: Set<string> | undefined;
    mcp: Set<string>;
    timeout: number;
    gate: boolean;
  }
  const events = new Map<string, At>();
  for (const settings of [...installed].sort((a, b) => (a.guardrail < b.guardrail ? -1 : 1)))
    for (const binding of settings.bindings) {
      const at = events.get(binding.event) ?? {
        tools: new Set<string>(),
        mcp: new Set<string>(),
        timeout: 0,
        gate: false,
      };
      // A binding with no matcher takes every tool: so does the event's group.
      if (binding.matcher === undefined) at.tools = undefined;
      else if (binding.matcher.startsWith("mcp:")) at.mcp.add(binding.matcher.slice(4));
      else at.tools?.add(binding.matcher);
      at.timeout = Math.max(at.timeout, settings.timeoutSeconds);
      at.gate ||= settings.failure === "closed" && binding.event === "PreToolUse";
      events.set(binding.event, at);
    }
  const file = auggieCommandFile(installed, dir);
  const name = installed.length === 1 ? (installed[0] as AuggieSettings).guardrail : "hookrail";
  return Object.fromEntries(
    [...events].map(([event, at]) => {
      const command = at.gate ? nodeHookCommand(file, { guardrail: name, blocking: true }) : nodeHookCommand(file);
      // The dispatcher answers within each guardrail's own timeout; Auggie's is a second more.
      const hooks = [{ type: "command" as const, command, timeout: (at.timeout + 1) * 1000 }];
      const matchers = [
        ...(at.tools === undefined ? [undefined] : at.tools.size ? [union([...at.tools])] : []),
        ...(at.mcp.size ? [`mcp:${union([...at.mcp])}`] : []),
      ];
      return [event, matchers.map((matcher): AuggieGroup => (matcher ? { matcher, hooks } : { hooks }))];
    }),
  );
}

export function auggieHookFiles(manifest: GuardrailManifest, options?: PackagingOptions): PackageFile[] {
  const settings = auggieSettings(manifest, options);
  return [
    { path: "hooks.json", content: manifestJson({ hooks: auggieScopeGroups([settings], AUGGIE_USER_DIR) }) },
    { path: AUGGIE_SETTINGS_FILE, content: manifestJson(settings) },
    { path: AUGGIE_DISPATCHER_FILE, content: AUGGIE_DISPATCHER_SOURCE, writtenElsewhere: true },
  ];
}

export const auggiePackaging: CliPackaging = {
  cli: "auggie",
  files: auggieHookFiles,
  bundlePath: auggieBundlePath,
  // The scope's dispatcher runs the guardrails bound to a call in its own process.
  oneProcess: true,
};
