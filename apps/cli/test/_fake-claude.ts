// A stand-in for Claude Code's plugin commands, as far as hookrail sees them: `plugin marketplace add|remove`
// and `plugin install|uninstall` write known_marketplaces.json, installed_plugins.json and the scope's settings
// the way Claude Code does, and `hookOf` runs an installed plugin's hook the way Claude Code starts it (from the
// marketplace folder, its command under a shell with CLAUDE_PLUGIN_ROOT set).
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { hookPayload } from "@hookrail/test-utils";
import { execa } from "execa";
import type { Home } from "./_hookrail.ts";

const SCRIPT = `
const fs = require("node:fs");
const path = require("node:path");
const rest = process.argv.slice(4);
const args = rest.filter((a) => a !== "--scope" && a !== "project");
const scope = rest.includes("project") ? "project" : "user";
const dir = path.join(process.env.HOME, ".claude");
const read = (f, d) => { try { return JSON.parse(fs.readFileSync(f, "utf8")); } catch { return d; } };
const write = (f, v) => { fs.mkdirSync(path.dirname(f), { recursive: true }); fs.writeFileSync(f, JSON.stringify(v, null, 2) + "\\n"); };
const known = path.join(dir, "plugins", "known_marketplaces.json");
const installed = path.join(dir, "plugins", "installed_plugins.json");
const settings = scope === "project" ? path.join(process.cwd(), ".claude", "settings.json") : path.join(dir, "settings.json");
const k = read(known, {});
const i = read(installed, { version: 2, plugins: {} });
const s = read(settings, {});
const sub = process.argv[3];
if (process.argv[2] === "plugin" && sub === "marketplace") {
  const [op, target] = rest;
  if (op === "add") {
    const name = read(path.join(target, ".claude-plugin", "marketplace.json"), {}).name;
    k[name] = { source: { source: "directory", path: target }, installLocation: target };
    s.extraKnownMarketplaces = { ...s.extraKnownMarketplaces, [name]: { source: { source: "directory", path: target } } };
  } else delete k[target];
  write(known, k);
  write(settings, s);
} else if (process.argv[2] === "plugin" && sub === "install") {
  const id = args[0];
  const [name, market] = id.split("@");
  const location = k[market].installLocation;
  const installPath = path.join(location, "plugins", name, "claude");
  const version = read(path.join(installPath, ".claude-plugin", "plugin.json"), {}).version;
  const entry = { scope, installPath, version, ...(scope === "project" ? { projectPath: process.cwd() } : {}) };
  i.plugins[id] = [...(i.plugins[id] ?? []).filter((e) => e.scope !== scope), entry];
  s.enabledPlugins = { ...s.enabledPlugins, [id]: true };
  write(installed, i);
  write(settings, s);
} else if (process.argv[2] === "plugin" && sub === "uninstall") {
  delete i.plugins[args[0]];
  if (s.enabledPlugins) delete s.enabledPlugins[args[0]];
  write(installed, i);
  write(settings, s);
}
`;

/** Puts the stand-in `claude` on the home's PATH. */
export function fakeClaude(h: Home): void {
  const script = join(h.home, "bin", "fake-claude.cjs");
  writeFileSync(script, SCRIPT);
  h.fakeBin("claude", `exec node "${script}" "$@"`);
}

/**
 * Runs an installed plugin's PreToolUse hook for a Bash command as Claude Code starts it: its command, from
 * the hooks.json of the folder Claude Code loads the plugin from, under sh with CLAUDE_PLUGIN_ROOT set.
 */
export async function claudeBashHook(h: Home, id: string, command: string) {
  const installed = JSON.parse(readFileSync(join(h.home, ".claude", "plugins", "installed_plugins.json"), "utf8"));
  const root = installed.plugins[id][0].installPath as string;
  // The hooks.json Claude Code read when the session started (the bundle may have gone since; the hooks file not).
  const hooks = JSON.parse(readFileSync(join(root, "hooks", "hooks.json"), "utf8")).hooks.PreToolUse[0].hooks[0];
  const base = hookPayload("claude", "PreToolUse.Bash.json", { cwd: h.repo, sessionId: "s" });
  const payload = { ...base, tool_input: { ...(base.tool_input as object), command } };
  const r = await execa("sh", ["-c", hooks.command], {
    input: JSON.stringify(payload),
    env: { ...h.env, PATH: process.env.PATH ?? "", CLAUDE_PLUGIN_ROOT: root },
    extendEnv: false,
    cwd: h.repo,
    reject: false,
  });
  return { exitCode: r.exitCode, stdout: r.stdout, stderr: r.stderr };
}
