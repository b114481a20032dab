// Amp (0.0.1790142911): hookrail's plugin is one folder, hookrail-<g>/ (index.js and the bundle), in a folder Amp
// loads plugins from at start, without asking: user scope $XDG_CONFIG_HOME/amp/plugins (default
// ~/.config/amp/plugins), project scope <workspace>/.amp/plugins. Amp runs a plugin in its own Bun, one process per
// plugin, and skips (without a word in a run) a plugin that fails to load or sits behind a symbolic link. The
// released binary has no switch that turns plugins off (AMP_DISABLE_PLUGINS is ignored outside Amp's development).
import { existsSync, lstatSync } from "node:fs";
import { join } from "node:path";
import { bridgeInstaller, type InstallContext, type Problem } from "@hookrail/install-kit";

/** Amp's user folder: $XDG_CONFIG_HOME/amp, else ~/.config/amp. */
export const ampConfigDir = (ctx: InstallContext) => join(ctx.env.XDG_CONFIG_HOME || join(ctx.home, ".config"), "amp");

const pluginsDir = (ctx: InstallContext) =>
  ctx.scope === "project" ? join(ctx.project, ".amp", "plugins") : join(ampConfigDir(ctx), "plugins");

/** Amp refuses a plugin whose path holds a symbolic link, from the plugins folder down. */
function linked(guardrail: string, ctx: InstallContext): Problem[] {
  const dir = pluginsDir(ctx);
  const paths = [dir, join(dir, `hookrail-${guardrail}`), join(dir, `hookrail-${guardrail}`, "index.js")];
  const link = paths.find((p) => existsSync(p) && lstatSync(p).isSymbolicLink());
  return link
    ? [
        {
          problem: `${link} is a symbolic link: Amp does not load a plugin whose path holds one`,
          fix: "replace the link with the folder itself, then run the install again",
        },
      ]
    : [];
}

export const ampInstaller = bridgeInstaller({
  cli: "amp",
  title: "Amp",
  // Amp runs plugins in its own Bun: the plugin starts its bundle with node from PATH.
  needsNode: true,
  homes: (ctx) => [ampConfigDir(ctx)],
  pluginsDir,
  pluginFile: (guardrail) => `hookrail-${guardrail}/index.js`,
  problems: linked,
  notes: (guardrail) => [
    `Amp loads ${guardrail} when it next starts (in a running Amp: Ctrl+O, "plugins: reload"). npx hookrail doctor says when something stops it.`,
    "Amp asks only the plugins that are ready: for amp -x runs, add --plugin-ready-timeout so a turn waits for them.",
  ],
});
