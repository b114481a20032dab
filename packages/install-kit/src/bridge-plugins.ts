// The installers of the bridge CLIs (OpenCode, Kilo Code CLI, Pi: hooks are plugins loaded into the CLI):
// hookrail's generated plugin and its bundle's folder, copied as they are from plugins/<g>/<cli>/ into a folder
// the CLI loads plugins from. None of these CLIs asks before loading a plugin, and none says a word when it
// skips one, so status() names every cause of a skip this machine shows: a plugin that is gone or is not the
// one shipped (a plugin that fails to load is skipped silently), and the CLI's own switches.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { shippedFolder } from "./bundles.ts";
import { readText, sameTree } from "./files.ts";
import { onPath } from "./on-path.ts";
import type { Change, CliInstaller, GuardrailStatus, InstallContext, InstallProbe, Problem, Scope } from "./types.ts";

export interface BridgeInstallerSpec {
  cli: string;
  title: string;
  /** The folder the CLI loads plugins from, in this scope. */
  pluginsDir(ctx: InstallContext): string;
  /** The plugin file, relative to that folder (what the CLI loads). */
  pluginFile(guardrail: string): string;
  /** Why this CLI would skip (or block with) the plugin here: its switches and settings. */
  problems?(guardrail: string, ctx: InstallContext): Problem[];
  /** Lines printed after an install. */
  notes?(guardrail: string, ctx: InstallContext): string[];
  /** The session-start check's facts beyond the plugin and its bundle being there (see CliInstaller.probes). */
  probes?(guardrail: string, ctx: InstallContext): InstallProbe[];
  /** Runs plugins in its own runtime: the plugin starts its bundle with `node` from PATH. */
  needsNode: boolean;
  /** The CLI's own folders: `--cli all` counts the CLI as present when one exists (or its command is on PATH). */
  homes(ctx: InstallContext): string[];
}

/** The entries of the shipped folder (the plugin file and the bundle's folder, or one folder holding both). */
const entries = (folder: string) =>
  existsSync(folder) ? readdirSync(folder).filter((e) => e.startsWith("hookrail-")) : [];

export function bridgeInstaller(spec: BridgeInstallerSpec): CliInstaller {
  const shipped = (ctx: InstallContext, guardrail: string, stable: boolean) =>
    shippedFolder(ctx, guardrail, spec.cli, stable);
  const again = (guardrail: string, scope: Scope) =>
    `npx hookrail install ${guardrail} --cli ${spec.cli} --scope ${scope}`;

  // The bundle the plugin starts, in the plugin's folder beside it (plugins/<g>/<cli>/hookrail-<g>/<g>.cjs).
  const bundleFile = (guardrail: string, ctx: InstallContext) =>
    join(spec.pluginsDir(ctx), `hookrail-${guardrail}`, `${guardrail}.cjs`);

  function install(guardrail: string, ctx: InstallContext): Change[] {
    const dir = spec.pluginsDir(ctx);
    const source = shipped(ctx, guardrail, false);
    return entries(source).map((entry): Change => {
      const to = join(dir, entry);
      return statSync(join(source, entry)).isDirectory()
        ? { kind: "copy", from: join(shipped(ctx, guardrail, true), entry), to }
        : { kind: "file", path: to, before: ctx.read(to), after: readFileSync(join(source, entry), "utf8") };
    });
  }

  function uninstall(guardrail: string, ctx: InstallContext): Change[] {
    const dir = spec.pluginsDir(ctx);
    const ours = [`hookrail-${guardrail}`, `hookrail-${guardrail}.js`, `hookrail-${guardrail}.guard.js`];
    return ours.flatMap((entry): Change[] => {
      const path = join(dir, entry);
      if (!existsSync(path)) return [];
      return statSync(path).isDirectory()
        ? [{ kind: "remove", path }]
        : [{ kind: "file", path, before: ctx.read(path), after: null }];
    });
  }

  function status(guardrail: string, ctx: InstallContext): GuardrailStatus {
    const dir = spec.pluginsDir(ctx);
    const plugin = join(dir, spec.pluginFile(guardrail));
    if (!existsSync(plugin)) return { installed: false, problems: [] };
    const problems: Problem[] = [];
    const source = shipped(ctx, guardrail, false);
    for (const entry of entries(source)) {
      const path = join(dir, entry);
      const from = join(source, entry);
      if (!existsSync(path)) problems.push({ problem: `${path} has gone`, fix: `run ${again(guardrail, ctx.scope)}` });
      else if (statSync(from).isDirectory() ? !sameTree(path, from) : readText(path) !== readText(from))
        problems.push({
          problem: `${path} differs from the one hookrail ${ctx.bundles.version} ships (${spec.title} skips a plugin that fails to load, without a word)`,
          fix: "run npx hookrail update",
        });
    }
    if (spec.needsNode && !ctx.env.HOOKRAIL_NODE && !onPath("node", ctx.env))
      problems.push({
        problem: `no node on PATH: ${spec.title} runs plugins in its own runtime, so the plugin cannot start ${guardrail}'s hook (a gate then blocks every call it watches)`,
        fix: "install Node.js >= 18 on the PATH the CLI starts with, or set HOOKRAIL_NODE to one",
      });
    problems.push(...(spec.problems?.(guardrail, ctx) ?? []));
    return { installed: true, where: plugin, problems };
  }

  return {
    cli: spec.cli,
    title: spec.title,
    scopes: ["user", "project"],
    scopeNote: { managed: `${spec.title} has no administrator's layer for plugins: use --scope user or project` },
    install,
    uninstall,
    status,
    ...(spec.notes ? { notes: spec.notes } : {}),
    bin: spec.cli,
    homes: spec.homes,
    // The session-start check: the CLI loads nothing of ours once the plugin or its bundle has gone.
    probes: (guardrail, ctx) => [
      {
        exists: join(spec.pluginsDir(ctx), spec.pluginFile(guardrail)),
        why: `its plugin in ${spec.pluginsDir(ctx)} has gone`,
      },
      { exists: bundleFile(guardrail, ctx), why: `its bundle ${bundleFile(guardrail, ctx)} has gone` },
      ...(spec.probes?.(guardrail, ctx) ?? []),
    ],
    projectCopy: true,
    hookFiles: (guardrail, ctx) => [bundleFile(guardrail, ctx)],
    checksNode: true,
  };
}

/** A problem when `variable` is set in the environment hookrail runs in (the CLI's, when started the same way). */
export function envSwitch(ctx: InstallContext, variable: string, effect: string): Problem[] {
  const value = ctx.env[variable];
  if (!value || value === "0" || value.toLowerCase() === "false") return [];
  return [{ problem: `${variable}=${value} is set here: ${effect}`, fix: `unset ${variable} where the CLI starts` }];
}
