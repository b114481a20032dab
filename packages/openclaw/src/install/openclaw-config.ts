// openclaw.json's part in loading hookrail's plugin (OpenClaw 2026.9.6): a plugin in the state folder's extensions/
// loads at the Gateway's start only when `plugins.entries.<id>.enabled` is true (measured: without it the plugin is
// found, and left out); `plugins.enabled: false`, `plugins.deny` naming it and a `plugins.allow` list without it leave
// it out whatever the entry says. The file is JSON5 to OpenClaw; hookrail edits it as JSON with comments, and one it
// cannot read is named, with nothing changed.
import { homedir } from "node:os";
import { join } from "node:path";
import {
  getPath,
  homeRelative,
  type InstallContext,
  type Problem,
  parseJsonc,
  removeJsonc,
  setJsonc,
} from "@hookrail/install-kit";

const expand = (dir: string, ctx: InstallContext) => homeRelative(dir, ctx.home || homedir());

/** OpenClaw's state folder: $OPENCLAW_STATE_DIR, else .openclaw in $OPENCLAW_HOME or the home folder. */
export function openclawStateDir(ctx: InstallContext): string {
  if (ctx.env.OPENCLAW_STATE_DIR) return expand(ctx.env.OPENCLAW_STATE_DIR, ctx);
  return join(ctx.env.OPENCLAW_HOME ? expand(ctx.env.OPENCLAW_HOME, ctx) : ctx.home, ".openclaw");
}

/** Its config file: $OPENCLAW_CONFIG_PATH, else openclaw.json in the state folder. */
export const openclawConfigFile = (ctx: InstallContext): string =>
  ctx.env.OPENCLAW_CONFIG_PATH
    ? expand(ctx.env.OPENCLAW_CONFIG_PATH, ctx)
    : join(openclawStateDir(ctx), "openclaw.json");

export const pluginId = (guardrail: string) => `hookrail-${guardrail}`;
const enabledKey = (guardrail: string) => ["plugins", "entries", pluginId(guardrail), "enabled"];

/** The config with the plugin's entry enabled. */
export function enablePlugin(text: string | null, file: string, guardrail: string): string {
  parseJsonc(text, file);
  return setJsonc(text, enabledKey(guardrail), true);
}

/**
 * The config without the plugin's entry (and without the objects that leaves empty), "" when nothing is left, or null
 * when it has no entry.
 */
export function disablePlugin(text: string | null, file: string, guardrail: string): string | null {
  if (text === null) return null;
  const config = parseJsonc(text, file);
  if (getPath(config, ["plugins", "entries", pluginId(guardrail)]) === undefined) return null;
  const out = removeJsonc(text, ["plugins", "entries", pluginId(guardrail)]);
  // A config left empty (the one the install wrote) goes: an empty config is no config to OpenClaw.
  return Object.keys(parseJsonc(out, file)).length === 0 && !/\/[/*]/.test(out) ? "" : out;
}

/** Why OpenClaw leaves the installed plugin out, from its config. */
export function configProblems(text: string | null, file: string, guardrail: string): Problem[] {
  let config: Record<string, unknown>;
  try {
    config = parseJsonc(text, file);
  } catch (error) {
    return [{ problem: (error as Error).message, fix: `fix ${file}` }];
  }
  const id = pluginId(guardrail);
  const plugins = (config.plugins ?? {}) as Record<string, unknown>;
  const listed = (key: string) => Array.isArray(plugins[key]) && (plugins[key] as unknown[]).includes(id);
  const problems: Problem[] = [];
  if (plugins.enabled === false)
    problems.push({
      problem: `${file} sets plugins.enabled to false: OpenClaw loads no plugin`,
      fix: "remove that key",
    });
  if (listed("deny"))
    problems.push({ problem: `${file} lists ${id} in plugins.deny`, fix: "remove it from that list" });
  if (Array.isArray(plugins.allow) && plugins.allow.length > 0 && !listed("allow"))
    problems.push({ problem: `${file} has a plugins.allow list without ${id}`, fix: `add "${id}" to plugins.allow` });
  if (getPath(config, enabledKey(guardrail)) !== true)
    problems.push({
      problem: `${file} does not enable ${id} (plugins.entries.${id}.enabled): OpenClaw finds the plugin and leaves it out`,
      fix: `run npx hookrail install ${guardrail} --cli openclaw`,
    });
  return problems;
}
