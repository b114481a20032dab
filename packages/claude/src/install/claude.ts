// Claude Code: its own installer does the work (`claude plugin marketplace add` of the scope's
// marketplace folder, then `claude plugin install <g>@<marketplace>`), and the settings.json keeps its
// formatting. User scope: the marketplace `hookrail-user` in hookrail's data folder. Project scope: a
// copy of the marketplace committed in <repo>/.claude/hookrail/, under the repository's own name,
// declared and enabled in <repo>/.claude/settings.json. Each scope's name is its own (claude-market.ts),
// so installing or removing one never re-points or removes another's.
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { jsonErrorMessage } from "@hookrail/core";
import {
  type Change,
  type CliInstaller,
  describeErrors,
  type GuardrailStatus,
  type InstallContext,
  type InstallProbe,
  type JsonPath,
  managedInstall,
  managedStatus,
  managedUninstall,
  marketFile,
  type Problem,
  parseJsonc,
  pluginFolder,
  projectMarket,
  readText,
  renamedMarket,
  sameTree,
  setJsonc,
  shippedFolder,
  strictJsonErrors,
  twinProbes,
  USER_MARKET,
  UserError,
} from "@hookrail/install-kit";
import { claudeManaged } from "./claude-managed.ts";
import { claudePluginPlaces } from "./claude-marketplace-route.ts";
import { claudeDir, pluginsOffProblem } from "./claude-settings.ts";

/** Where a project's marketplace is committed: hookrail's folder in the project's .claude. */
const projectMarketFolder = (project: string) => join(project, ".claude", "hookrail");

function place(ctx: InstallContext) {
  const project = ctx.scope === "project";
  const dir = claudeDir(ctx.env, ctx.home);
  return {
    dir,
    settings: project ? join(ctx.project, ".claude", "settings.json") : join(dir, "settings.json"),
    folder: project ? projectMarketFolder(ctx.project) : ctx.bundles.root,
    name: project ? projectMarket(projectMarketFolder(ctx.project), ctx.project, ctx.read) : USER_MARKET,
    scopeArgs: project ? ["--scope", "project"] : [],
    knownFile: join(dir, "plugins", "known_marketplaces.json"),
    installedFile: join(dir, "plugins", "installed_plugins.json"),
  };
}

/**
 * Claude Code's installer edits only strict JSON: a file it cannot parse stops us before anything runs, with
 * every place that breaks it (the user's file: Claude Code has switched every plugin off meanwhile).
 */
function readSettings(file: string, text: string | null, userFile?: string): Record<string, unknown> {
  if (text === null || text.trim() === "") return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    const errors = strictJsonErrors(text);
    const why = errors.length
      ? `${file} does not parse as strict JSON: ${describeErrors(errors)}`
      : jsonErrorMessage(file, text);
    const off =
      file === userFile ? "; meanwhile Claude Code switches every plugin off, hookrail's guardrails included" : "";
    throw new UserError(
      `${why}, and Claude Code cannot edit it${off}; remove them (Claude Code reads strict JSON only), then run again: nothing was changed`,
    );
  }
  if (!value || typeof value !== "object" || Array.isArray(value))
    throw new UserError(
      `${file} is not a JSON object, and Claude Code cannot edit it; fix it, then run again: nothing was changed`,
    );
  return value as Record<string, unknown>;
}

const settlePaths = (name: string, guardrail: string): JsonPath[] => [
  ["extraKnownMarketplaces", name],
  ["enabledPlugins", `${guardrail}@${name}`],
];

/** Where Claude Code says a marketplace is (known_marketplaces.json), if it knows it. */
const knownLocation = (file: string, name: string): string | undefined =>
  (parseJsonc(readText(file), file)[name] as { installLocation?: string } | undefined)?.installLocation;

/** What Claude Code's own commands change, for the transaction to put back if a later step fails. */
function touched(ctx: InstallContext, guardrail: string): string[] {
  const p = place(ctx);
  return [
    p.knownFile,
    p.installedFile,
    p.settings,
    join(p.dir, "plugins", "cache", p.name, guardrail),
    join(p.dir, "plugins", "data", `${guardrail}-${p.name}`),
  ];
}

function install(guardrail: string, ctx: InstallContext): Change[] {
  if (ctx.scope === "managed") return managedInstall(claudeManaged, guardrail, ctx);
  const p = place(ctx);
  const id = `${guardrail}@${p.name}`;
  const before = ctx.read(p.settings);
  const userFile = join(p.dir, "settings.json");
  readSettings(userFile, ctx.read(userFile), userFile);
  readSettings(p.settings, before, userFile);
  const touches = touched(ctx, guardrail);
  const run = (...args: string[]): Change => ({
    kind: "run",
    bin: "claude",
    args: [...args, ...p.scopeArgs],
    cwd: ctx.project,
    touches,
  });
  const copies: Change[] = [];
  if (ctx.scope === "project") {
    // Each guardrail's project form: Claude Code runs a directory marketplace's plugins where they are, so their
    // hook files find the project's one copy of each guardrail (the command writes the installed ones').
    for (const g of readdirSync(join(ctx.bundles.source, "plugins"))) {
      const from = shippedFolder(ctx, g, "claude");
      const to = pluginFolder(p.folder, g, "claude");
      if (existsSync(from) && !sameTree(from, to)) copies.push({ kind: "copy", from, to });
    }
    const file = marketFile(p.folder);
    const text = renamedMarket(marketFile(ctx.bundles.source), p.name);
    if (ctx.read(file) !== text) copies.push({ kind: "file", path: file, before: ctx.read(file), after: text });
  }
  const current = status(guardrail, ctx);
  const filesOnly = current.problems.every((problem) => FILE_PROBLEMS.has(problem.id ?? ""));
  if (knownLocation(p.knownFile, p.name) === p.folder && current.installed && filesOnly) {
    // Installed, enabled, its marketplace where it should be: at most the files Claude Code runs to put back.
    const shipped = pluginFolder(ctx.bundles.source, guardrail, "claude");
    if (ctx.scope === "user")
      return current.problems.length && existsSync(shipped)
        ? [{ kind: "copy", from: shipped, to: pluginFolder(p.folder, guardrail, "claude") }]
        : [];
    if (!copies.length) return [];
  }
  const source = { source: { source: "directory", path: p.folder } };
  const expected = setJsonc(setJsonc(before, ["extraKnownMarketplaces", p.name], source), ["enabledPlugins", id], true);
  return [
    ...copies,
    run("plugin", "marketplace", "add", p.folder),
    run("plugin", "install", id),
    { kind: "settle", path: p.settings, paths: settlePaths(p.name, guardrail), before, after: expected },
  ];
}

function uninstall(guardrail: string, ctx: InstallContext): Change[] {
  if (ctx.scope === "managed") return managedUninstall(claudeManaged, guardrail, ctx);
  const p = place(ctx);
  const id = `${guardrail}@${p.name}`;
  const before = ctx.read(p.settings);
  const value = readSettings(p.settings, before, join(p.dir, "settings.json"));
  const enabled = Object.keys((value.enabledPlugins ?? {}) as Record<string, unknown>);
  const others = enabled.filter((k) => k.endsWith(`@${p.name}`) && k !== id);
  const touches = touched(ctx, guardrail);
  const run = (...args: string[]): Change => ({ kind: "run", bin: "claude", args, cwd: ctx.project, touches });
  const changes: Change[] = [];
  if (installedEntry(p.installedFile, id, ctx)) changes.push(run("plugin", "uninstall", id, ...p.scopeArgs));
  let expected = before === null ? null : setJsonc(before, ["enabledPlugins", id], undefined);
  if (!others.length) {
    // Other clones of this repository share its marketplace name: it is theirs too, pointed back at one of them.
    const sharer = otherClones(p.installedFile, p.name, ctx).find((dir) =>
      existsSync(marketFile(projectMarketFolder(dir))),
    );
    if (sharer) {
      if (knownLocation(p.knownFile, p.name) === p.folder)
        changes.push({
          kind: "run",
          bin: "claude",
          args: ["plugin", "marketplace", "add", join(sharer, ".claude", "hookrail"), "--scope", "project"],
          cwd: sharer,
          touches,
        });
    } else if (knownLocation(p.knownFile, p.name) !== undefined)
      changes.push(run("plugin", "marketplace", "remove", p.name));
    if (expected !== null) expected = setJsonc(expected, ["extraKnownMarketplaces", p.name], undefined);
    if (ctx.scope === "project" && existsSync(p.folder)) changes.push({ kind: "remove", path: p.folder });
  }
  changes.push({ kind: "settle", path: p.settings, paths: settlePaths(p.name, guardrail), before, after: expected });
  return changes;
}

interface InstalledEntry {
  scope?: string;
  projectPath?: string;
  version?: string;
  installPath?: string;
}

/** Claude Code's own entry for the plugin in this scope (and, for a project, this project). */
function installedEntry(file: string, id: string, ctx: InstallContext): InstalledEntry | undefined {
  const installed = parseJsonc(readText(file), file).plugins as Record<string, InstalledEntry[]> | undefined;
  return (installed?.[id] ?? []).find(
    (e) => e.scope === ctx.scope && (ctx.scope !== "project" || (e.projectPath ?? ctx.project) === ctx.project),
  );
}

/** The other projects with a plugin installed from the marketplace `name` (clones of one repository). */
function otherClones(file: string, name: string, ctx: InstallContext): string[] {
  if (ctx.scope !== "project") return [];
  const installed = (parseJsonc(readText(file), file).plugins ?? {}) as Record<string, InstalledEntry[]>;
  const dirs = Object.entries(installed)
    .filter(([id]) => id.endsWith(`@${name}`))
    .flatMap(([, entries]) => entries.map((e) => e.projectPath ?? ""))
    .filter((dir) => dir && dir !== ctx.project);
  return [...new Set(dirs)];
}

/** The projects Claude Code has one of hookrail's project marketplaces' plugins installed in. */
function projects(ctx: InstallContext): string[] {
  const file = place(ctx).installedFile;
  const installed = (parseJsonc(readText(file), file).plugins ?? {}) as Record<string, InstalledEntry[]>;
  const dirs = Object.entries(installed)
    .filter(([id]) => /@hookrail-/.test(id) && !id.endsWith(`@${USER_MARKET}`))
    .flatMap(([, entries]) => entries.flatMap((e) => (e.scope === "project" && e.projectPath ? [e.projectPath] : [])));
  return [...new Set(dirs)];
}

// Read as JSON with comments: a file Claude Code cannot parse is its own problem (pluginsOffProblem).
const enabledIn = (file: string, id: string) =>
  (parseJsonc(readText(file), file).enabledPlugins as Record<string, unknown> | undefined)?.[id];

function status(guardrail: string, ctx: InstallContext): GuardrailStatus {
  if (ctx.scope === "managed") return managedStatus(claudeManaged, guardrail, ctx);
  const p = place(ctx);
  const id = `${guardrail}@${p.name}`;
  const entry = installedEntry(p.installedFile, id, ctx);
  const enabled = enabledIn(p.settings, id);
  if (!entry && enabled === undefined) return { installed: false, problems: [] };
  const problems: Problem[] = [];
  const again = `npx hookrail install ${guardrail} --cli claude --scope ${ctx.scope}`;
  if (!entry)
    problems.push({
      id: "claude.plugin.missing",
      problem: `${id} is enabled in ${p.settings} but not installed`,
      fix: `run ${again}`,
    });
  if (enabled !== true)
    problems.push({
      id: "claude.plugin.disabled",
      problem: `${id} is disabled in ${p.settings}`,
      fix: `run claude plugin enable ${id}${ctx.scope === "project" ? " --scope project" : ""}`,
    });
  const local = ctx.scope === "project" ? join(ctx.project, ".claude", "settings.local.json") : undefined;
  if (local && enabledIn(local, id) === false)
    problems.push({
      id: "claude.plugin.disabled",
      problem: `${id} is disabled in ${local}`,
      fix: `remove it from enabledPlugins in ${local}`,
    });
  const location = knownLocation(p.knownFile, p.name);
  if (!location || !existsSync(marketFile(location)))
    problems.push({
      id: "claude.marketplace.missing",
      problem: location
        ? `the ${p.name} marketplace folder ${location} has gone, so Claude Code cannot load ${id}`
        : `Claude Code does not know the ${p.name} marketplace, so it cannot load ${id}`,
      fix: UPDATE,
    });
  else if (location !== p.folder)
    problems.push({
      id: "claude.marketplace.moved",
      problem: `Claude Code loads the ${p.name} marketplace from ${location}, not ${p.folder}`,
      fix: UPDATE,
    });
  problems.push(...fileProblems(guardrail, ctx, p.folder));
  const off = pluginsOffProblem(join(p.dir, "settings.json"), readText(join(p.dir, "settings.json")));
  if (off) problems.push(off);
  for (const file of [join(p.dir, "settings.json"), p.settings])
    if (parseJsonc(readText(file), file).disableAllHooks === true)
      problems.push({
        id: "claude.hooks.disabled",
        problem: `disableAllHooks is true in ${file}: no hook runs`,
        fix: `remove disableAllHooks from ${file}`,
      });
  const shipped = parseJsonc(
    readText(join(pluginFolder(ctx.bundles.source, guardrail, "claude"), ".claude-plugin", "plugin.json")),
    "plugin.json",
  ).version;
  if (entry?.version && typeof shipped === "string" && entry.version !== shipped)
    problems.push({
      id: "claude.plugin.outdated",
      problem: `installed ${entry.version}, not the ${shipped} this hookrail ships`,
      fix: UPDATE,
    });
  return {
    installed: true,
    ...(entry?.version ? { version: entry.version } : {}),
    // The project scope is said as the project's file that enables it: Claude Code's copy is in the user's home.
    where: ctx.scope === "project" ? p.settings : (entry?.installPath ?? p.settings),
    problems: dedupe(problems),
  };
}

const UPDATE = "run npx hookrail update";

/** The problems install() puts right by copying the plugin's folder again. */
const FILE_PROBLEMS = new Set(["claude.hook.cannot-start", "claude.plugin.altered"]);

/**
 * The plugin's files as Claude Code runs them, in the scope's marketplace folder: its hook file there (else a
 * gate blocks every tool call it watches), and in the user scope (hookrail's stable copy) what this build ships.
 */
function fileProblems(guardrail: string, ctx: InstallContext, folder: string): Problem[] {
  const runs = pluginFolder(folder, guardrail, "claude");
  const hook = join(runs, "hooks", `${guardrail}.cjs`);
  if (!existsSync(hook))
    return [{ id: "claude.hook.cannot-start", problem: `${hook} has gone, so its hooks cannot start`, fix: UPDATE }];
  const shipped = pluginFolder(ctx.bundles.source, guardrail, "claude");
  if (ctx.scope === "user" && existsSync(shipped) && !sameTree(runs, shipped))
    return [
      {
        id: "claude.plugin.altered",
        problem: `${runs} differs from what hookrail ${ctx.bundles.version} ships`,
        fix: UPDATE,
      },
    ];
  return [];
}

/** What a session-start hook checks: the plugin installed, enabled, its marketplace and hook file there, hooks on. */
function probes(guardrail: string, ctx: InstallContext): InstallProbe[] {
  if (ctx.scope === "managed") return [];
  const p = place(ctx);
  const id = `${guardrail}@${p.name}`;
  const userSettings = join(p.dir, "settings.json");
  const local = join(ctx.project, ".claude", "settings.local.json");
  return [
    { file: p.installedFile, at: ["plugins", id], present: true, why: `its plugin ${id} is not installed` },
    { file: p.settings, at: ["enabledPlugins", id], is: true, why: `its plugin ${id} is disabled in ${p.settings}` },
    ...(ctx.scope === "project"
      ? [{ file: local, at: ["enabledPlugins", id], not: false, why: `its plugin ${id} is disabled in ${local}` }]
      : []),
    { exists: marketFile(p.folder), why: `its marketplace folder ${p.folder} has gone` },
    {
      exists: join(pluginFolder(p.folder, guardrail, "claude"), "hooks", `${guardrail}.cjs`),
      why: `its hook file ${join(pluginFolder(p.folder, guardrail, "claude"), "hooks", `${guardrail}.cjs`)} has gone`,
    },
    {
      file: p.knownFile,
      at: [p.name, "installLocation"],
      is: p.folder,
      why: `Claude Code loads its marketplace ${p.name} from another folder`,
    },
    ...[...new Set([userSettings, p.settings])].map((file) => ({
      file,
      at: ["disableAllHooks"],
      not: true,
      why: `disableAllHooks is true in ${file}`,
    })),
    // Another plugin of the same name (claude plugin install <g>@hookrail): Claude Code loads only one of them.
    ...twinProbes(
      guardrail,
      ctx.scope === "project"
        ? [userSettings, p.settings, local]
        : [userSettings, join(".claude", "settings.json"), join(".claude", "settings.local.json")],
      (file) =>
        `another plugin named ${guardrail} is enabled in ${file}, and Claude Code loads only one plugin of a name`,
    ),
  ];
}

const dedupe = (problems: Problem[]) =>
  problems.filter((p, i) => problems.findIndex((q) => q.problem === p.problem) === i);

export const claudeInstaller: CliInstaller = {
  cli: "claude",
  title: "Claude Code",
  bin: "claude",
  homes: (ctx) => [claudeDir(ctx.env, ctx.home)],
  scopes: ["user", "project", "managed"],
  install,
  uninstall,
  status,
  probes,
  projects,
  pluginPlaces: claudePluginPlaces,
  // Measured on 2.1.332.
  pluginDouble: (first) =>
    `Claude Code loads only one plugin of a name${first ? `, the one enabled first (${first.id}),` : ""} and never runs the other`,
  projectPlugins: true,
  projectCopy: true,
  hookFiles: (guardrail, ctx) =>
    ctx.scope === "managed"
      ? []
      : [join(pluginFolder(place(ctx).folder, guardrail, "claude"), "hooks", `${guardrail}.cjs`)],
};
