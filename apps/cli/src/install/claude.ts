// Claude Code: its own installer does the work (`claude plugin marketplace add` of the stable copy,
// then `claude plugin install <g>@hookrail`), and the user's settings.json keeps its formatting.
// User scope: the marketplace in hookrail's data folder. Project scope: a copy of the marketplace
// committed in <repo>/.claude/hookrail/, declared and enabled in <repo>/.claude/settings.json.
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { UserError } from "../registry.ts";
import { pluginFolder } from "./bundles.ts";
import { readText, sameTree } from "./files.ts";
import { type JsonPath, parseJsonc, setJsonc } from "./jsonc.ts";
import type { Change, CliInstaller, GuardrailStatus, InstallContext, Problem } from "./types.ts";

const MARKET = "hookrail";
const id = (guardrail: string) => `${guardrail}@${MARKET}`;

export const claudeDir = (env: NodeJS.ProcessEnv, home: string) => env.CLAUDE_CONFIG_DIR || join(home, ".claude");

function place(ctx: InstallContext) {
  const project = ctx.scope === "project";
  return {
    settings: project
      ? join(ctx.project, ".claude", "settings.json")
      : join(claudeDir(ctx.env, ctx.home), "settings.json"),
    market: project ? join(ctx.project, ".claude", MARKET) : ctx.bundles.root,
    scopeArgs: project ? ["--scope", "project"] : [],
  };
}

/** Claude Code's installer edits only strict JSON: a file it cannot parse stops us before anything runs. */
function readSettings(file: string, text: string | null): Record<string, unknown> {
  if (text === null) return {};
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch (error) {
    throw new UserError(
      `${file} is not valid JSON (${(error as Error).message}), which Claude Code cannot edit; fix it, then run again: nothing was changed`,
    );
  }
}

const settlePaths = (guardrail: string): JsonPath[] => [
  ["extraKnownMarketplaces", MARKET],
  ["enabledPlugins", id(guardrail)],
];

function install(guardrail: string, ctx: InstallContext): Change[] {
  const { settings, market, scopeArgs } = place(ctx);
  const before = ctx.read(settings);
  readSettings(settings, before);
  const run = (...args: string[]): Change => ({
    kind: "run",
    bin: "claude",
    args: [...args, ...scopeArgs],
    cwd: ctx.project,
  });
  const copies: Change[] = [];
  if (ctx.scope === "project") {
    const parts = [".claude-plugin"];
    for (const g of readdirSync(join(ctx.bundles.source, "plugins")))
      if (existsSync(pluginFolder(ctx.bundles.source, g, "claude"))) parts.push(join("plugins", g, "claude"));
    for (const part of parts)
      if (!sameTree(join(ctx.bundles.source, part), join(market, part)))
        copies.push({ kind: "copy", from: join(ctx.bundles.root, part), to: join(market, part) });
  }
  const marketsFile = join(claudeDir(ctx.env, ctx.home), "plugins", "known_marketplaces.json");
  const known = (parseJsonc(readText(marketsFile), marketsFile)[MARKET] as { installLocation?: string } | undefined)
    ?.installLocation;
  const current = status(guardrail, ctx);
  if (known === market && current.installed && !current.problems.length && !copies.length) return [];
  const source = { source: { source: "directory", path: market } };
  const expected = setJsonc(
    setJsonc(before, ["extraKnownMarketplaces", MARKET], source),
    ["enabledPlugins", id(guardrail)],
    true,
  );
  return [
    ...copies,
    run("plugin", "marketplace", "add", market),
    run("plugin", "install", id(guardrail)),
    { kind: "settle", path: settings, paths: settlePaths(guardrail), before, after: expected },
  ];
}

function uninstall(guardrail: string, ctx: InstallContext): Change[] {
  const { settings, market, scopeArgs } = place(ctx);
  const before = ctx.read(settings);
  const value = readSettings(settings, before);
  const enabled = Object.keys((value.enabledPlugins ?? {}) as Record<string, unknown>);
  const others = enabled.filter((k) => k.endsWith(`@${MARKET}`) && k !== id(guardrail));
  const run = (...args: string[]): Change => ({ kind: "run", bin: "claude", args, cwd: ctx.project });
  const changes: Change[] = [run("plugin", "uninstall", id(guardrail), ...scopeArgs)];
  let expected = before === null ? null : setJsonc(before, ["enabledPlugins", id(guardrail)], undefined);
  if (!others.length) {
    changes.push(run("plugin", "marketplace", "remove", MARKET));
    if (expected !== null) expected = setJsonc(expected, ["extraKnownMarketplaces", MARKET], undefined);
    if (ctx.scope === "project" && existsSync(market)) changes.push({ kind: "remove", path: market });
  }
  changes.push({ kind: "settle", path: settings, paths: settlePaths(guardrail), before, after: expected });
  return changes;
}

interface InstalledEntry {
  scope?: string;
  projectPath?: string;
  version?: string;
  installPath?: string;
}

function status(guardrail: string, ctx: InstallContext): GuardrailStatus {
  const dir = claudeDir(ctx.env, ctx.home);
  const { settings } = place(ctx);
  const installedFile = join(dir, "plugins", "installed_plugins.json");
  const installed = parseJsonc(readText(installedFile), installedFile).plugins as
    | Record<string, InstalledEntry[]>
    | undefined;
  const entry = (installed?.[id(guardrail)] ?? []).find(
    (e) => e.scope === ctx.scope && (ctx.scope !== "project" || (e.projectPath ?? ctx.project) === ctx.project),
  );
  const value = parseJsonc(readText(settings), settings);
  const enabled = (value.enabledPlugins as Record<string, unknown> | undefined)?.[id(guardrail)];
  if (!entry && enabled === undefined) return { installed: false, problems: [] };
  const problems: Problem[] = [];
  const again = `npx hookrail install ${guardrail} --cli claude --scope ${ctx.scope}`;
  if (!entry)
    problems.push({ problem: `${id(guardrail)} is enabled in ${settings} but not installed`, fix: `run ${again}` });
  if (enabled !== true)
    problems.push({
      problem: `${id(guardrail)} is disabled in ${settings}`,
      fix: `run claude plugin enable ${id(guardrail)}`,
    });
  const local = ctx.scope === "project" ? join(ctx.project, ".claude", "settings.local.json") : undefined;
  if (
    local &&
    (parseJsonc(readText(local), local).enabledPlugins as Record<string, unknown> | undefined)?.[id(guardrail)] ===
      false
  )
    problems.push({
      problem: `${id(guardrail)} is disabled in ${local}`,
      fix: `remove it from enabledPlugins in ${local}`,
    });
  const marketsFile = join(dir, "plugins", "known_marketplaces.json");
  const location = (parseJsonc(readText(marketsFile), marketsFile)[MARKET] as { installLocation?: string } | undefined)
    ?.installLocation;
  if (!location || !existsSync(join(location, ".claude-plugin", "marketplace.json")))
    problems.push({ problem: `the ${MARKET} marketplace folder ${location ?? ""} has gone`, fix: `run ${again}` });
  for (const file of [join(dir, "settings.json"), settings])
    if (parseJsonc(readText(file), file).disableAllHooks === true)
      problems.push({
        problem: `disableAllHooks is true in ${file}: no hook runs`,
        fix: `remove disableAllHooks from ${file}`,
      });
  const shipped = parseJsonc(
    readText(join(pluginFolder(ctx.bundles.source, guardrail, "claude"), ".claude-plugin", "plugin.json")),
    "plugin.json",
  ).version;
  if (entry?.version && typeof shipped === "string" && entry.version !== shipped)
    problems.push({
      problem: `installed ${entry.version}, older than the ${shipped} this hookrail ships`,
      fix: "run npx hookrail update",
    });
  return {
    installed: true,
    ...(entry?.version ? { version: entry.version } : {}),
    where: entry?.installPath ?? settings,
    problems: dedupe(problems),
  };
}

const dedupe = (problems: Problem[]) =>
  problems.filter((p, i) => problems.findIndex((q) => q.problem === p.problem) === i);

export const claudeInstaller: CliInstaller = {
  cli: "claude",
  title: "Claude Code",
  scopes: ["user", "project"],
  install,
  uninstall,
  status,
};
