// OpenClaw (2026.9.6): hookrail's plugin is one folder, hookrail-<g>/ (index.js, the bundle, package.json and
// openclaw.plugin.json), in the state folder's extensions/ (default ~/.openclaw/extensions), enabled in openclaw.json.
// Plugins run in the Gateway's process, which loads them as it starts: `openclaw agent --local` and `agent exec` run
// no plugin hook (measured). A workspace's .openclaw/extensions is disabled by default and belongs to the agent's
// workspace, not to a project folder, so hookrail installs for the user only.
import { bridgeInstaller, type CliInstaller, type InstallContext } from "@hookrail/install-kit";
import { openclawTitle } from "../places.ts";
import {
  configProblems,
  disablePlugin,
  enablePlugin,
  openclawConfigFile,
  openclawStateDir,
  pluginId,
} from "./openclaw-config.ts";

const pluginsDir = (ctx: InstallContext) => `${openclawStateDir(ctx)}/extensions`;

const base = bridgeInstaller({
  cli: "openclaw",
  title: openclawTitle,
  // OpenClaw runs on Node: the plugin starts its bundle with the node that runs the Gateway.
  needsNode: false,
  homes: (ctx) => [openclawStateDir(ctx)],
  pluginsDir,
  pluginFile: (guardrail) => `${pluginId(guardrail)}/index.js`,
  problems: (guardrail, ctx) => {
    const file = openclawConfigFile(ctx);
    return configProblems(ctx.read(file), file, guardrail);
  },
  notes: (guardrail) => [
    `OpenClaw's Gateway loads ${pluginId(guardrail)} when it next starts: run openclaw gateway restart if it is running. Its hooks run only in Gateway runs (openclaw agent --local and agent exec run none). npx hookrail doctor says when something stops it.`,
  ],
});

export const openclawInstaller: CliInstaller = {
  ...base,
  scopes: ["user"],
  scopeNote: {
    ...base.scopeNote,
    project: `${openclawTitle} loads plugins into its Gateway, for every workspace: use --scope user`,
  },
  install(guardrail, ctx) {
    const file = openclawConfigFile(ctx);
    const before = ctx.read(file);
    return [
      ...base.install(guardrail, ctx),
      { kind: "file", path: file, before, after: enablePlugin(before, file, guardrail) },
    ];
  },
  uninstall(guardrail, ctx) {
    const file = openclawConfigFile(ctx);
    const before = ctx.read(file);
    let after: string | null = null;
    try {
      after = disablePlugin(before, file, guardrail);
    } catch {
      // A config it cannot read keeps its entry; the plugin itself is removed.
    }
    return [
      ...base.uninstall(guardrail, ctx),
      ...(after === null ? [] : [{ kind: "file" as const, path: file, before, after: after || null }]),
    ];
  },
};
