// Claude Code's plugins that are hookrail's guardrails, installed by hookrail or with `claude plugin install
// <g>@<marketplace>`, as Claude Code 2.1.332 keeps them: enabledPlugins in ~/.claude/settings.json, the
// project's .claude/settings.json and .claude/settings.local.json (local over project over user), the plugin
// store in ~/.claude/plugins/installed_plugins.json ({version: 2, plugins: {id: [{scope, projectPath?,
// installPath, version}]}}) and the marketplaces in known_marketplaces.json ({name: {source, installLocation}}).
// A plugin enabled in two scopes under one id is one plugin to Claude Code.
import { existsSync } from "node:fs";
import { join } from "node:path";
import {
  hookrailGuardrail,
  type MarketSource,
  marketPluginFolder,
  OWN_MARKET,
  type PluginPlace,
  type PluginRouteContext,
  type PluginScope,
  type PluginUse,
  parseJsonc,
  readText,
  sourceText,
} from "@hookrail/install-kit";
import { claudeDir } from "./claude-settings.ts";

interface Entry {
  scope?: string;
  projectPath?: string;
  installPath?: string;
  version?: string;
}

type Obj = Record<string, unknown>;

/** A JSON file's object (comments allowed); an absent or broken one is empty here (the installer's status names it). */
function object(file: string): Obj {
  try {
    return parseJsonc(readText(file), file);
  } catch {
    return {};
  }
}

const objectAt = (value: unknown): Obj =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Obj) : {};

/** Every place's hookrail plugins: the user scope, then each project (with the user's settings under its own). */
export function claudePluginPlaces({ env, home, projects, shipped, guardrails }: PluginRouteContext): PluginPlace[] {
  const dir = claudeDir(env, home);
  const store = objectAt(object(join(dir, "plugins", "installed_plugins.json")).plugins) as Record<string, Entry[]>;
  const known = object(join(dir, "plugins", "known_marketplaces.json"));
  const userFile = join(dir, "settings.json");
  const userSettings = object(userFile);
  const declared = objectAt(userSettings.extraKnownMarketplaces);
  const entries = (id: string) => (Array.isArray(store[id]) ? store[id] : []);
  const identity = new Map<string, string | undefined>();
  const guardrailOf = (id: string, source: MarketSource | undefined, location?: string) => {
    if (!identity.has(id)) {
      const folders = [
        ...entries(id).map((e) => e.installPath),
        location && marketPluginFolder(location, id.split("@")[0] ?? ""),
      ];
      identity.set(id, hookrailGuardrail(id, folders, source, shipped, guardrails));
    }
    return identity.get(id);
  };
  const user: Layer = { scope: "user", file: userFile, enabled: objectAt(userSettings.enabledPlugins) };
  const use = (id: string, layers: Layer[], project?: string): PluginUse | undefined => {
    const at = id.lastIndexOf("@");
    if (at <= 0) return undefined;
    const market = id.slice(at + 1);
    const mk = objectAt(known[market]);
    const source = (objectAt(mk.source).source ? mk.source : objectAt(declared[market]).source) as MarketSource;
    const location = typeof mk.installLocation === "string" ? mk.installLocation : undefined;
    // Another plugin that has a guardrail's name: not hookrail's, but Claude Code loads only one of the two.
    const name = id.slice(0, at);
    const guardrail = guardrailOf(id, source, location) ?? (guardrails.includes(name) ? name : undefined);
    if (!guardrail) return undefined;
    const foreign = guardrailOf(id, source, location) === undefined;
    const deciding = [...layers].reverse().find((l) => Object.hasOwn(l.enabled, id)) ?? layers[0];
    if (!deciding) return undefined;
    const mine = entries(id).filter((e) => e.scope === "user" || (project !== undefined && e.projectPath === project));
    const entry = mine.find((e) => e.scope === deciding.scope) ?? mine[0];
    const live = source?.source === "directory";
    return {
      cli: "claude",
      guardrail,
      id,
      marketplace: market,
      own: OWN_MARKET.test(market),
      fetchMarketplaceFirst: true,
      scope: deciding.scope,
      settings: deciding.file,
      enabled: deciding.enabled[id] === true,
      installed: entry !== undefined,
      ...(entry?.version ? { version: entry.version } : {}),
      ...(live && location ? { where: marketPluginFolder(location, guardrail) ?? location } : {}),
      ...(!live && entry?.installPath ? { where: entry.installPath } : {}),
      ...(sourceText(source) ? { source: sourceText(source) } : {}),
      ...(live ? { live } : {}),
      ...(foreign ? { foreign } : {}),
    };
  };
  const placeOf = (layers: Layer[], project?: string): PluginPlace => {
    const ids = new Set(layers.flatMap((l) => Object.keys(l.enabled)));
    // Installed here but named in no settings file: Claude Code does not load it (shown as off).
    for (const [id, list] of Object.entries(store))
      if (Array.isArray(list) && list.some((e) => (project ? e.projectPath === project : e.scope === "user")))
        ids.add(id);
    const uses = [...ids].flatMap((id) => use(id, layers, project) ?? []);
    return project ? { scope: "project", project, uses } : { scope: "user", uses };
  };
  // And the projects Claude Code's store has a plugin installed for (the project or local scope).
  const all = new Set(projects);
  for (const list of Object.values(store))
    for (const e of Array.isArray(list) ? list : [])
      if (e.projectPath && existsSync(e.projectPath)) all.add(e.projectPath);
  return [
    placeOf([user]),
    ...[...all].map((project) => {
      const file = (name: string, scope: PluginScope): Layer => {
        const path = join(project, ".claude", name);
        return { scope, file: path, enabled: objectAt(object(path).enabledPlugins) };
      };
      return placeOf([user, file("settings.json", "project"), file("settings.local.json", "local")], project);
    }),
  ];
}

interface Layer {
  scope: PluginScope;
  file: string;
  enabled: Obj;
}
