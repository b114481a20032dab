// A CLI-neutral description of how a guardrail hooks in; each adapter turns it into its CLI's files.
import { posix } from "node:path";
import { nativeEventName, type PayloadDialect } from "../adapter/payload.ts";
import type { BridgeSettings, BridgeToolFilter } from "../bridge/bridge.ts";
import type { BridgeDialect } from "../bridge/bridge-adapter.ts";
import type { CliPlaces } from "../cli/cli-places.ts";
import type { CliName, EventKind, HookMoment, HookNeed, ToolKind } from "../model/event.ts";
import type { FailurePolicy } from "../model/guardrail.ts";

/** What a tool binding names: kinds of the CLI's own tools, or "mcp", every tool of every MCP server. */
export type BindingTool = ToolKind | "mcp";

export interface HookBinding {
  event: Exclude<EventKind, "other">;
  /**
   * For tool events: which kinds of tool trigger the hook. "mcp" adds MCP tools where the CLI's hooks are shown
   * them (a dialect's `mcpMatcher`, a bridge dialect's `mcp`); they reach the guardrail as tools of kind "other".
   */
  tools?: BindingTool[];
}

export interface GuardrailManifest {
  /** Package-style name, letters digits and dashes (also the plugin/extension name). */
  name: string;
  version: string;
  description: string;
  bindings: HookBinding[];
  /** The hook file's name, e.g. merge-gate.cjs (its bundle is beside it: bundleFileOf). */
  bundle: string;
  /** The CLI's own timeout for the hook, in seconds (our internal deadline is well below). */
  timeoutSeconds: number;
  /**
   * "closed" for a gate: where a CLI can be told to, a hook that cannot start, times out or crashes blocks the
   * action (Claude Code's `onFailure: "block"`). The guardrail's own `failure` policy, for the CLI's side.
   */
  failure?: "closed" | "open";
  /**
   * Moments no neutral event kind carries that the guardrail also binds, in each CLI that has native events for
   * them (its dialect's `moments`; they arrive as kind "other"), without a matcher.
   */
  moments?: readonly HookMoment[];
  homepage?: string;
  /** A command worth trying this guardrail on (`hookrail try <name> -- '<example>'`), for shell-bound ones. */
  tryExample?: string;
  /**
   * For a guardrail that speaks only after several events (one `hookrail try` sends a single one): when it does,
   * and where to see it. `try` shows it under an answer that says nothing.
   */
  tryHint?: string;
  /**
   * What the guardrail needs a CLI's hooks to do, each with what follows where a CLI cannot ("so branch-drift's note
   * could never arrive"). A CLI whose places' `lacks` names one is refused (refusalIn; the README says the same).
   */
  needs?: Readonly<Partial<Record<HookNeed, string>>>;
}

/**
 * Why a guardrail cannot run in a CLI, in the one line `hookrail install` refuses with: the CLI's own sentence for
 * the first need it lacks, then the guardrail's consequence. Undefined where it can run.
 */
export function refusalIn(manifest: GuardrailManifest, lacks: CliPlaces["lacks"]): string | undefined {
  for (const [need, consequence] of Object.entries(manifest.needs ?? {})) {
    const lack = lacks?.[need as HookNeed];
    if (lack) return `${lack}, ${consequence}`;
  }
  return undefined;
}

/** The native events that carry the manifest's moments in a CLI, in the manifest's order. */
export const momentEvents = (
  manifest: GuardrailManifest,
  dialect: { moments?: Readonly<Partial<Record<HookMoment, readonly string[]>>> },
): string[] => (manifest.moments ?? []).flatMap((moment) => dialect.moments?.[moment] ?? []);

export interface PackageFile {
  /** Relative to the CLI's package folder. */
  path: string;
  content: string;
  /**
   * A file the installer reads from the CLI's own folder and writes elsewhere (Cline's dispatcher, once per event): the
   * folder's project form leaves it out, since it would be copied into the project for nothing.
   */
  writtenElsewhere?: true;
}

/** What the build knows of a guardrail beyond its manifest. */
export interface PackagingOptions {
  /** The guardrail's failure policy: a CLI with its own fail-closed switch (Cursor's `failClosed`) sets it for gates. */
  failure?: FailurePolicy;
}

/** How a CLI ships a guardrail: the files of `plugins/<guardrail>/<cli>/`, one interface for every CLI. */
export interface CliPackaging {
  cli: CliName;
  /** The CLI's manifest files for a guardrail (the bundle is added by the build). */
  files(manifest: GuardrailManifest, options?: PackagingOptions): PackageFile[];
  /** Where the hook file sits in the folder, e.g. `hooks/merge-gate.cjs` (its bundle beside it: bundleFileOf). */
  bundlePath(manifest: GuardrailManifest): string;
  /** A bridge CLI (its hooks are in-process plugins): the plugin the build generates beside the bundle. */
  bridge?: BridgePackaging;
  /**
   * The CLI runs every guardrail bound to a call in one process (Cline's dispatcher): each guardrail's bundle for it
   * is then one that holds every guardrail, the same in each guardrail's folder, so the guardrails of one call share
   * one copy of core, of the shell parser and of the adapter, started once.
   */
  oneProcess?: boolean;
  /**
   * Files at the repository's root that list every guardrail's folder for this CLI (Claude Code's marketplace):
   * `folders` are the guardrails' folders for it, relative to the root; `description` the repository's.
   */
  rootFiles?(
    guardrails: readonly { manifest: GuardrailManifest; folder: string }[],
    description: string,
  ): PackageFile[];
}

/** The plugin of a bridge CLI: a module the build bundles with the guardrail's settings (`__HOOKRAIL_BRIDGE__`). */
export interface BridgePackaging {
  /** The plugin's source module, as a package specifier the build resolves (e.g. `@hookrail/opencode/plugin`). */
  entry: string;
  /** Where the plugin sits in the folder, e.g. `hookrail-merge-gate.js`. */
  pluginPath(manifest: GuardrailManifest): string;
  /** What a guardrail's plugin is built with. */
  settings(manifest: GuardrailManifest, failure: FailurePolicy): BridgeSettings;
  /** More files beside the plugin (a gate's guard), from the guardrail's settings. */
  extraFiles?(manifest: GuardrailManifest, settings: BridgeSettings): PackageFile[];
}

/** What a bridge CLI's packaging is made of. */
export interface BridgePackagingSpec {
  cli: CliName;
  /** The CLI's product name, for the plugin's messages. */
  title: string;
  dialect: BridgeDialect;
  /** The plugin's source module (see BridgePackaging.entry). */
  entry: string;
  pluginPath(manifest: GuardrailManifest): string;
  bundlePath(manifest: GuardrailManifest): string;
  extraFiles?: BridgePackaging["extraFiles"];
}

/** A bridge CLI's packaging: no manifest files, the bundle, and the plugin built with the guardrail's settings. */
export function bridgePackaging(spec: BridgePackagingSpec): CliPackaging {
  return {
    cli: spec.cli,
    files: () => [],
    bundlePath: spec.bundlePath,
    bridge: {
      entry: spec.entry,
      pluginPath: spec.pluginPath,
      settings: (manifest, failure) => ({
        guardrail: manifest.name,
        failure,
        bundle: posix.relative(posix.dirname(spec.pluginPath(manifest)), spec.bundlePath(manifest)),
        timeoutMs: manifest.timeoutSeconds * 1000,
        hooks: bridgeHooks(manifest, spec.dialect),
        title: spec.title,
      }),
      ...(spec.extraFiles ? { extraFiles: spec.extraFiles } : {}),
    },
  };
}

/**
 * Which of a bridge CLI's hooks a guardrail needs, each with the tool names it is called for: every hook the
 * dialect reads as a bound event kind, then the manifest's native events for this CLI. A binding for tool kinds
 * the CLI does not have binds nothing (the plugin would otherwise run the guardrail on every tool call).
 */
export function bridgeHooks(manifest: GuardrailManifest, dialect: BridgeDialect): BridgeSettings["hooks"] {
  const hooks: Record<string, BridgeToolFilter> = {};
  for (const binding of manifest.bindings) {
    const kinds = binding.tools;
    const tools = kinds
      ? Object.keys(dialect.tools).filter((name) => kinds.includes(dialect.tools[name] ?? "other"))
      : [];
    // MCP tools have names of the user's servers: the plugin is called for every tool but the CLI's own others.
    const mcp = kinds?.includes("mcp") && dialect.mcp === true;
    if (kinds && tools.length === 0 && !mcp) continue;
    const filter: BridgeToolFilter = !kinds
      ? true
      : mcp
        ? { except: Object.keys(dialect.tools).filter((name) => !tools.includes(name)) }
        : tools;
    for (const [hook, reader] of Object.entries(dialect.hooks)) {
      if (reader.kind !== binding.event) continue;
      hooks[hook] = joinFilters(hooks[hook], filter);
    }
  }
  for (const event of momentEvents(manifest, dialect)) hooks[event] = true;
  return hooks;
}

/** A gate: its tool hook blocks when it cannot run (the manifest's policy, or the guardrail's given by the build). */
export const isGate = (manifest: GuardrailManifest, options: PackagingOptions = {}): boolean =>
  (options.failure ?? manifest.failure) === "closed";

/** The same hooks with every handler of `event` taking `command` instead (a gate's tool hook, whose loader blocks). */
export function withEventCommand(hooks: Record<string, unknown[]>, event: string | undefined, command: string) {
  if (!event || !hooks[event]) return hooks;
  const groups = hooks[event].map((group) => {
    const g = group as { hooks: Record<string, unknown>[] };
    return { ...g, hooks: g.hooks.map((h) => ({ ...h, command })) };
  });
  return { ...hooks, [event]: groups };
}

/** The tools of two bindings of one hook: every tool either one is called for. */
function joinFilters(a: BridgeToolFilter | undefined, b: BridgeToolFilter): BridgeToolFilter {
  if (a === undefined) return b;
  if (a === true || b === true) return true;
  if (Array.isArray(a) && Array.isArray(b)) return [...new Set([...a, ...b])];
  const listed: readonly string[] = Array.isArray(a) ? a : Array.isArray(b) ? b : [];
  const except = [a, b].flatMap((f): (readonly string[])[] => ("except" in f ? [f.except] : []));
  const first = except[0] ?? [];
  const both = except.length > 1 ? first.filter((name) => except.every((e) => e.includes(name))) : first;
  return { except: both.filter((name) => !listed.includes(name)) };
}

/** Stable JSON for committed manifests: two-space indent and a final newline. */
export const manifestJson = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

/** The exact-name matcher (`A|B`, understood by all three CLIs) for the dialect's tools of these kinds. */
export function toolMatcher(dialect: PayloadDialect, kinds: readonly BindingTool[]): string {
  return Object.entries(dialect.tools)
    .filter(([, kind]) => kinds.includes(kind))
    .map(([name]) => name)
    .join("|");
}

/**
 * The `hooks` object of a CLI's hooks.json: native event → groups of {matcher?, hooks: [handler]}.
 * One group per distinct (event, matcher), in the order the manifest lists its bindings, then the
 * manifest's native events for this CLI. A binding for tool kinds the CLI does not have is left out
 * (an empty matcher would fire the hook on every tool call).
 */
export function nativeHooks(
  manifest: GuardrailManifest,
  dialect: PayloadDialect,
  handler: Record<string, unknown>,
): Record<string, unknown[]> {
  const hooks: Record<string, unknown[]> = {};
  const seen = new Set<string>();
  for (const binding of manifest.bindings) {
    const event = nativeEventName(dialect, binding.event);
    if (!event) continue;
    const own = binding.tools ? toolMatcher(dialect, binding.tools) : undefined;
    // MCP tools get a group of their own: a pattern beside exact names would make the names patterns too.
    const mcp = binding.tools?.includes("mcp") ? dialect.mcpMatcher : undefined;
    for (const matcher of [own, ...(mcp ? [mcp] : [])]) {
      if (matcher === "") continue;
      const key = `${event}\u0000${matcher ?? ""}`;
      if (seen.has(key)) continue;
      seen.add(key);
      hooks[event] ??= [];
      hooks[event].push({ ...(matcher ? { matcher } : {}), hooks: [handler] });
    }
  }
  for (const event of momentEvents(manifest, dialect)) {
    if (!hooks[event]) hooks[event] = [{ hooks: [handler] }];
  }
  return hooks;
}
