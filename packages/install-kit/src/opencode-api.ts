// The installer of a CLI with OpenCode's plugin API (OpenCode, and Kilo Code CLI, its fork): hookrail's plugin
// hookrail-<g>.js, a gate's guard hookrail-<g>.guard.js and the bundle's folder hookrail-<g>/ in a plugins folder
// the CLI loads at start, without asking: user scope $XDG_CONFIG_HOME/<cli>/plugins (default ~/.config/<cli>/plugins),
// project scope <project>/.<cli>/plugins (commit it). The CLI scans only the top of the folder, so it never takes
// the bundle for a plugin.
import { isAbsolute, join } from "node:path";
import type { CliName } from "@hookrail/core";
import { bridgeInstaller, envSwitch } from "./bridge-plugins.ts";
import { loadErrors } from "./opencode-log.ts";
import type { CliInstaller, InstallContext } from "./types.ts";

/** A CLI's config folder under XDG: $XDG_CONFIG_HOME/<name>, else ~/.config/<name>. */
export const xdgConfigDir = (ctx: InstallContext, name: string) => {
  const base = ctx.env.XDG_CONFIG_HOME;
  return join(base && isAbsolute(base) ? base : join(ctx.home, ".config"), name);
};

/** The installer of a CLI with OpenCode's plugin API: `cli` is its command, config folder and variable prefix; `short` its name in messages. */
export function openCodeApiInstaller(cli: CliName, title: string, short: string): CliInstaller {
  const prefix = cli.toUpperCase();
  const pluginsDir = (ctx: InstallContext) =>
    ctx.scope === "project" ? join(ctx.project, `.${cli}`, "plugins") : join(xdgConfigDir(ctx, cli), "plugins");
  return bridgeInstaller({
    cli,
    title,
    needsNode: true,
    homes: (ctx) => [xdgConfigDir(ctx, cli)],
    pluginsDir,
    pluginFile: (guardrail) => `hookrail-${guardrail}.js`,
    problems: (guardrail, ctx) => [
      ...loadErrors(ctx, cli, short, pluginsDir(ctx), guardrail),
      ...envSwitch(ctx, `${prefix}_PURE`, `${short} loads no external plugin (as with ${cli} --pure)`),
      ...(ctx.scope === "project"
        ? envSwitch(ctx, `${prefix}_DISABLE_PROJECT_CONFIG`, `${short} skips the project's plugins`)
        : []),
    ],
    notes: (guardrail, ctx) => [
      `${short} loads ${guardrail} when it next starts. ${cli} --pure runs without it${ctx.scope === "project" ? `, and ${prefix}_DISABLE_PROJECT_CONFIG=1 skips the project's plugins` : ""}; npx hookrail doctor says when something stops it.`,
    ],
  });
}
