// Whether a plugin a CLI loads from a marketplace is one of hookrail's guardrails, whatever the marketplace is
// called (a user names it, a fork renames it): its plugin.json names a guardrail this build ships and says it is
// hookrail's (author hookrail, the shipped description, or the guardrail's bundle in its hooks folder). Without a
// folder to read (a marketplace not fetched yet), a marketplace whose source is hookrail's repository.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { readText } from "./files.ts";

/** hookrail's own marketplaces: the user scope's and each repository's (claude-market.ts). */
export const OWN_MARKET = /^hookrail-(user|[a-z0-9][a-z0-9-]*-[0-9a-f]{6})$/;

/** A marketplace's source as Claude Code and Copilot CLI declare it (extraKnownMarketplaces, known_marketplaces.json). */
export interface MarketSource {
  source?: string;
  repo?: string;
  url?: string;
  path?: string;
}

const HOOKRAIL_REPO = /(^|[/:])hookrail\/hookrail(\.git)?\/?$/i;

/** The source in words: owner/repo, a URL or a folder. */
export const sourceText = (s: MarketSource | undefined): string | undefined => s?.repo ?? s?.url ?? s?.path;

function json(file: string): Record<string, unknown> | undefined {
  try {
    const value = JSON.parse(readText(file) ?? "null") as unknown;
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** The folder of plugin `name` in a marketplace folder, as its marketplace.json says. */
export function marketPluginFolder(market: string, name: string): string | undefined {
  const plugins = json(join(market, ".claude-plugin", "marketplace.json"))?.plugins;
  if (!Array.isArray(plugins)) return undefined;
  const entry = plugins.find((p) => (p as { name?: unknown })?.name === name) as { source?: unknown } | undefined;
  return typeof entry?.source === "string" ? join(market, entry.source) : undefined;
}

/** The version the plugin in `folder` says it is. */
export function pluginVersion(folder: string | undefined): string | undefined {
  const version = folder ? json(join(folder, ".claude-plugin", "plugin.json"))?.version : undefined;
  return typeof version === "string" ? version : undefined;
}

/** Whether the plugin in `folder` is hookrail's `guardrail`; undefined when there is no plugin.json to read. */
function folderIsOurs(folder: string, guardrail: string, shipped: string): boolean | undefined {
  const manifest = json(join(folder, ".claude-plugin", "plugin.json"));
  if (!manifest) return undefined;
  if (manifest.name !== guardrail) return false;
  // The plugin as hookrail's own marketplace (shipped beside plugins/) lists it.
  const listed = marketPluginFolder(shipped, guardrail);
  const ours = listed ? json(join(listed, ".claude-plugin", "plugin.json")) : undefined;
  return (
    (manifest.author as { name?: unknown } | undefined)?.name === "hookrail" ||
    (typeof manifest.description === "string" && manifest.description === ours?.description) ||
    existsSync(join(folder, "hooks", `${guardrail}.cjs`))
  );
}

/**
 * The guardrail plugin `id` (`<plugin>@<marketplace>`) is, when it is one of hookrail's; `folders` are where
 * the CLI has or reads the plugin, `source` the marketplace's declared source, `known` the guardrails this build has.
 */
export function hookrailGuardrail(
  id: string,
  folders: readonly (string | undefined)[],
  source: MarketSource | undefined,
  shipped: string,
  known: readonly string[],
): string | undefined {
  const at = id.lastIndexOf("@");
  const name = at > 0 ? id.slice(0, at) : id;
  if (!known.includes(name)) return undefined;
  if (OWN_MARKET.test(id.slice(at + 1))) return name;
  for (const folder of folders) {
    const ours = folder ? folderIsOurs(folder, name, shipped) : undefined;
    if (ours !== undefined) return ours ? name : undefined;
  }
  return HOOKRAIL_REPO.test(sourceText(source) ?? "") ? name : undefined;
}

/**
 * The session-start probes for a second plugin of `guardrail` enabled beside hookrail's own install in these
 * settings files (a relative one is the session's project's): `why` ends the user's line.
 */
export function twinProbes(guardrail: string, files: readonly string[], why: (file: string) => string) {
  const skip = `^${guardrail}@${OWN_MARKET.source.slice(1)}`;
  return files.map((file) => ({
    twin: { file, at: ["enabledPlugins"], prefix: `${guardrail}@`, skip },
    why: why(file),
  }));
}
