// A CLI-neutral description of how a guardrail hooks in; each adapter turns it into its CLI's files.
import type { CliName, EventKind, ToolKind } from "./event.ts";
import type { FailurePolicy } from "./guardrail.ts";
import { nativeEventName, type PayloadDialect } from "./payload.ts";

export interface HookBinding {
  event: Exclude<EventKind, "other">;
  /** For tool events: which kinds of tool trigger the hook. */
  tools?: ToolKind[];
}

export interface GuardrailManifest {
  /** Package-style name, letters digits and dashes (also the plugin/extension name). */
  name: string;
  version: string;
  description: string;
  bindings: HookBinding[];
  /** The bundle's file name, e.g. merge-gate.cjs. */
  bundle: string;
  /** The CLI's own timeout for the hook, in seconds (our internal deadline is well below). */
  timeoutSeconds: number;
  /**
   * "closed" for a gate: where a CLI can be told to, a hook that cannot start, times out or crashes blocks the
   * action (Claude Code's `onFailure: "block"`). The guardrail's own `failure` policy, for the CLI's side.
   */
  failure?: "closed" | "open";
  /** Native events a CLI has no neutral kind for (they arrive as kind "other"), bound without a matcher. */
  nativeEvents?: Partial<Record<CliName, string[]>>;
  homepage?: string;
  /** A command worth trying this guardrail on (`hookrail try <name> -- '<example>'`), for shell-bound ones. */
  tryExample?: string;
  /**
   * CLIs that lack the moment this guardrail needs, each with the one line `hookrail install` refuses with
   * (the guardrail's README says the same).
   */
  unsupported?: Partial<Record<CliName, string>>;
}

export interface PackageFile {
  /** Relative to the CLI's package folder. */
  path: string;
  content: string;
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
  /** Where the bundle sits in the folder, e.g. `hooks/merge-gate.cjs`. */
  bundlePath(manifest: GuardrailManifest): string;
}

/** Stable JSON for committed manifests: two-space indent and a final newline. */
export const manifestJson = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

/** The exact-name matcher (`A|B`, understood by all three CLIs) for the dialect's tools of these kinds. */
export function toolMatcher(dialect: PayloadDialect, kinds: readonly ToolKind[]): string {
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
    const matcher = binding.tools ? toolMatcher(dialect, binding.tools) : undefined;
    if (matcher === "") continue;
    const key = `${event}\u0000${matcher ?? ""}`;
    if (seen.has(key)) continue;
    seen.add(key);
    hooks[event] ??= [];
    hooks[event].push({ ...(matcher ? { matcher } : {}), hooks: [handler] });
  }
  for (const event of manifest.nativeEvents?.[dialect.cli] ?? []) {
    if (!hooks[event]) hooks[event] = [{ hooks: [handler] }];
  }
  return hooks;
}
