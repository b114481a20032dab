// The guardrails the CLIs load as plugins installed with their own plugin commands (the marketplace route,
// `claude plugin install merge-gate@hookrail`), as rows for list and doctor, and every guardrail one CLI
// loads twice in one place: two plugins of it (two marketplaces, or hookrail's own beside the marketplace's),
// or a plugin beside hookrail's own hook files (Copilot CLI).
import {
  type PluginPlace,
  type PluginRouteContext,
  type PluginScope,
  type PluginUse,
  type Problem,
  pluginCommand,
  updateCommand,
} from "@hookrail/install-kit";
import { guardrails } from "../registry.ts";
import { installers } from "./installers.ts";

/** How a row was installed when the CLI's own plugin command did it. */
export interface PluginVia {
  id: string;
  /** `claude plugin install` / `copilot plugin install`. */
  command: string;
  scope: PluginScope;
  settings: string;
  source?: string;
  /** What brings it up to date (none: read live from a marketplace folder). */
  update?: string;
}

export interface RouteRow {
  cli: string;
  scope: "user" | "project";
  project?: string;
  guardrail: string;
  recorded: false;
  installed: true;
  version?: string;
  where?: string;
  problems: Problem[];
  via: PluginVia;
}

/** hookrail's own install of a guardrail as the inventory has it (hook files or a plugin of its own marketplace). */
export interface OwnInstall {
  cli: string;
  scope: string;
  project?: string;
  guardrail: string;
  installed: boolean;
}

/** One guardrail loaded twice by one CLI in one place, and the command that removes the extra one. */
export interface Double {
  cli: string;
  guardrail: string;
  scope: "user" | "project";
  project?: string;
  /** Each install, in words. */
  installs: string[];
  problem: string;
  fix: string;
}

const title = (cli: string) => installers[cli]?.title ?? cli;

/** The places of each CLI that loads guardrails as plugins installed with its own plugin commands. */
const placesByCli = (ctx: Omit<PluginRouteContext, "guardrails">): [string, PluginPlace[]][] =>
  Object.values(installers).flatMap((i) =>
    i.pluginPlaces ? [[i.cli, i.pluginPlaces({ ...ctx, guardrails: Object.keys(guardrails) })]] : [],
  );

const described = (u: PluginUse) =>
  u.own
    ? `${u.id} (hookrail install, ${u.scope} scope)`
    : `${u.id} (${u.foreign ? "not hookrail's" : `${u.cli} plugin install`}, ${u.scope} scope${u.source ? `, from ${u.source}` : ""})`;

function rowOf(u: PluginUse, place: PluginPlace): RouteRow {
  const problems: Problem[] = [];
  if (!u.enabled)
    problems.push({
      id: `${u.cli}.plugin.disabled`,
      problem: `${u.id} is disabled in ${u.settings}`,
      fix: `run ${pluginCommand(u, "enable")}`,
    });
  if (!u.installed)
    problems.push({
      id: `${u.cli}.plugin.missing`,
      problem: `${u.id} is enabled in ${u.settings} but ${title(u.cli)} has not installed it`,
      fix: `run ${pluginCommand(u, "install")}`,
    });
  const update = updateCommand(u);
  return {
    cli: u.cli,
    scope: place.scope,
    ...(place.project ? { project: place.project } : {}),
    guardrail: u.guardrail,
    recorded: false,
    installed: true,
    ...(u.version ? { version: u.version } : {}),
    ...(u.where ? { where: u.where } : {}),
    problems,
    via: {
      id: u.id,
      command: `${u.cli} plugin install`,
      scope: u.scope,
      settings: u.settings,
      ...(u.source ? { source: u.source } : {}),
      ...(update ? { update } : {}),
    },
  };
}

/**
 * The removal that leaves one: the marketplace's plugin beside hookrail's own, else all but the first. Measured:
 * Claude Code 2.1.332 loads one plugin of a name, the one enabled first; Copilot CLI 1.0.102, with hookrail's
 * hook file and the plugin, ran the hook file's hooks only (a mark in each).
 */
function doubleOf(cli: string, guardrail: string, place: PluginPlace, uses: PluginUse[], files: string[]): Double {
  const keepOwn = files.length > 0 || uses.some((u) => u.own);
  const extra = keepOwn ? uses.filter((u) => !u.own) : uses.slice(1);
  const kept = files[0] ?? described(uses.find((u) => !extra.includes(u)) ?? (uses[0] as PluginUse));
  const installs = [...files, ...uses.map(described)];
  const remove = extra.map((u) => pluginCommand(u, "uninstall")).join(" && ");
  const where = place.project ? ` in ${place.project}` : "";
  // Which one runs is measured for two plugins enabled in one settings file: the first there.
  const first = uses.every((u) => u.settings === uses[0]?.settings) ? uses[0] : undefined;
  const effect = installers[cli]?.pluginDouble?.(first) ?? "";
  const instead = keepOwn
    ? `; or, to keep the plugin instead, hookrail uninstall ${guardrail} --cli ${cli}${place.scope === "project" && files.some((f) => f.includes("project")) ? " --scope project" : ""}`
    : "";
  return {
    cli,
    guardrail,
    scope: place.scope,
    ...(place.project ? { project: place.project } : {}),
    installs,
    problem: `${uses.some((u) => u.foreign) ? `two plugins named ${guardrail} are enabled` : `${guardrail} is installed twice`} in ${title(cli)}${where}: ${installs.join(" and ")}; ${effect}`,
    fix: `keep one: run ${remove} (${kept} stays${keepOwn ? ": hookrail update keeps it current and each session start checks it" : ""})${instead}`,
  };
}

/**
 * The plugin installs and doubles of every place: `projects` are the projects the inventory checks, `own`
 * hookrail's own installs it found (for the CLIs whose own install is not a plugin).
 */
export function pluginRoutes(
  env: NodeJS.ProcessEnv,
  home: string,
  projects: readonly string[],
  shipped: string,
  own: readonly OwnInstall[],
): { rows: RouteRow[]; doubles: Double[] } {
  const rows: RouteRow[] = [];
  const doubles: Double[] = [];
  const byCli = placesByCli({ env, home, projects, shipped });
  // Where hookrail's own installs are hook files (Copilot CLI), the user's plugins load in every project, beside a
  // project's own hook files too.
  for (const [cli, places] of byCli) {
    if (!installers[cli]?.pluginsBesideHookFiles) continue;
    const user = places[0]?.uses ?? [];
    for (const o of own)
      if (o.cli === cli && o.scope === "project" && o.project)
        places.push({ scope: "project", project: o.project, uses: user });
  }
  for (const [cli, places] of byCli) {
    const userDoubles = new Set<string>();
    for (const place of places) {
      for (const u of place.uses)
        if (
          !u.own &&
          !u.foreign &&
          (place.scope === "user" || u.scope !== "user") &&
          !rows.some((r) => r.via.id === u.id && r.cli === cli && r.project === place.project)
        )
          rows.push(rowOf(u, place));
      const running = place.uses.filter((u) => u.enabled && u.installed);
      for (const guardrail of new Set(running.map((u) => u.guardrail))) {
        const uses = running.filter((u) => u.guardrail === guardrail);
        // hookrail's own hook files beside a plugin: Copilot CLI's (Claude Code's own installs are plugins).
        const files = own
          .filter(
            (o) => installers[cli]?.pluginsBesideHookFiles && o.cli === cli && o.guardrail === guardrail && o.installed,
          )
          .filter((o) => (place.project ? o.scope === "project" && o.project === place.project : o.scope === "user"))
          .map((o) => `hookrail install (${o.scope} scope${o.scope === "project" ? ` ${o.project}` : ""})`);
        // Two of hookrail's own plugins (its user and project installs) are one guardrail, whichever Claude Code
        // loads; another plugin of the name matters only beside one of hookrail's.
        if (uses.length + files.length < 2 || uses.every((u) => u.own) || uses.every((u) => u.foreign)) continue;
        const key = `${guardrail} ${uses.map((u) => u.id).join(" ")} ${files.join(" ")}`;
        // A double of the user scope's is one double, not one more per project.
        if (place.scope === "user") userDoubles.add(key);
        else if (userDoubles.has(key)) continue;
        doubles.push(doubleOf(cli, guardrail, place, uses, files));
      }
    }
  }
  return { rows, doubles };
}

/**
 * After `hookrail install`: a line when the CLI already has the guardrail as a plugin of another marketplace
 * (or another plugin of its name) where this install applies, with the command that leaves one.
 */
export function pluginRouteNotes(
  cli: string,
  guardrail: string,
  ctx: { env: NodeJS.ProcessEnv; home: string; scope: string; project: string; bundles: { source: string } },
): string[] {
  const pluginPlaces = installers[cli]?.pluginPlaces;
  if (!pluginPlaces || ctx.scope === "managed") return [];
  const places = pluginPlaces({
    env: ctx.env,
    home: ctx.home,
    projects: ctx.scope === "project" ? [ctx.project] : [],
    shipped: ctx.bundles.source,
    guardrails: Object.keys(guardrails),
  });
  const place = places.find((p) =>
    ctx.scope === "project" && installers[cli]?.projectPlugins ? p.project === ctx.project : !p.project,
  );
  const others = (place?.uses ?? []).filter((u) => u.guardrail === guardrail && !u.own && u.enabled && u.installed);
  return others.map(
    (u) =>
      `${guardrail} is also installed as ${described(u)}, and ${title(cli)} runs only one of the two: keep one (${pluginCommand(u, "uninstall")} removes that one; hookrail doctor says the same)`,
  );
}
