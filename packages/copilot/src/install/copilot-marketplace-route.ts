// Copilot CLI's plugins that are hookrail's guardrails, installed with `copilot plugin marketplace add …` and
// `copilot plugin install <g>@<marketplace>`, as Copilot CLI 1.0.102 keeps them: enabledPlugins and
// extraKnownMarketplaces in $COPILOT_HOME/settings.json (Claude Code's keys; user scope only), and, for a
// marketplace it fetched (GitHub, a URL), a copy in installed-plugins/<marketplace>/<plugin> listed in
// config.json's installedPlugins ([{name, marketplace, version, cache_path, enabled}], a file with comments).
// From a marketplace folder on this machine it copies nothing and reads the plugin live from there.
import { join } from "node:path";
import {
  hookrailGuardrail,
  type MarketSource,
  marketPluginFolder,
  type PluginPlace,
  type PluginRouteContext,
  type PluginUse,
  parseJsonc,
  pluginVersion,
  readText,
  sourceText,
} from "@hookrail/install-kit";

interface Installed {
  name?: string;
  marketplace?: string;
  version?: string;
  cache_path?: string;
}

type Obj = Record<string, unknown>;

const objectAt = (value: unknown): Obj =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Obj) : {};

/** A file's object, comments allowed; an absent or broken one is empty here (status names a broken one). */
function object(file: string): Obj {
  try {
    return parseJsonc(readText(file), file);
  } catch {
    return {};
  }
}

/** The user scope's hookrail plugins in Copilot CLI (it has no project plugin settings). */
export function copilotPluginPlaces({ env, home, shipped, guardrails }: PluginRouteContext): PluginPlace[] {
  const dir = env.COPILOT_HOME || join(home, ".copilot");
  const settingsFile = join(dir, "settings.json");
  const settings = object(settingsFile);
  const enabled = objectAt(settings.enabledPlugins);
  const declared = objectAt(settings.extraKnownMarketplaces);
  const list = object(join(dir, "config.json")).installedPlugins;
  const installed = (Array.isArray(list) ? list : []) as Installed[];
  const uses: PluginUse[] = [];
  for (const id of Object.keys(enabled)) {
    const at = id.lastIndexOf("@");
    // `copilot plugin uninstall` of a plugin from a folder only sets it to false (as disable does): not a row.
    if (at <= 0 || enabled[id] !== true) continue;
    const [name, market] = [id.slice(0, at), id.slice(at + 1)];
    const source = objectAt(objectAt(declared[market]).source) as MarketSource;
    const live = source.source === "directory" && typeof source.path === "string";
    const copy = installed.find((p) => p.name === name && p.marketplace === market);
    const folder = live ? marketPluginFolder(source.path as string, name) : copy?.cache_path;
    const guardrail = hookrailGuardrail(id, [folder], source, shipped, guardrails);
    if (!guardrail) continue;
    const version = live ? pluginVersion(folder) : copy?.version;
    uses.push({
      cli: "copilot",
      guardrail,
      id,
      marketplace: market,
      own: false,
      scope: "user",
      settings: settingsFile,
      enabled: true,
      installed: live ? folder !== undefined : copy !== undefined,
      ...(version ? { version } : {}),
      ...(folder ? { where: folder } : {}),
      ...(sourceText(source) ? { source: sourceText(source) } : {}),
      ...(live ? { live } : {}),
    });
  }
  return [{ scope: "user", uses }];
}
