// Copilot CLI's administrator layer: /etc/github-copilot/managed-settings.json cannot hold hooks (it
// drops a `hooks` key), so the route is a plugin it force-enables. Each guardrail gets a directory
// marketplace of its own, <prefix>/copilot/<g>/ (root-owned: Copilot loads a directory marketplace live
// from that folder), holding the guardrail's Claude-format plugin, which Copilot runs as it is; the
// managed file then names that marketplace in `extraKnownMarketplaces` and the plugin in
// `enabledPlugins`. A user cannot uninstall or disable it. `allowManagedHooksOnly` is never written:
// with it, Copilot switched the managed plugin's own hook off as well.
import { existsSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import {
  type Change,
  type GuardrailStatus,
  getPath,
  type InstallContext,
  managedCopyProblems,
  managedFolder,
  parseJsonc,
  pluginFolder,
  readText,
  removeJsonc,
  runtimePath,
  sameTree,
  setJsonc,
  sys,
} from "@hookrail/install-kit";

export const COPILOT_MANAGED_FILE = "/etc/github-copilot/managed-settings.json";

const marketplaceName = (guardrail: string) => `hookrail-${guardrail}`;
const pluginKey = (guardrail: string) => `${guardrail}@${marketplaceName(guardrail)}`;

/** The marketplace file of the guardrail's own managed marketplace. */
function marketplaceJson(guardrail: string): string {
  const market = {
    name: marketplaceName(guardrail),
    owner: { name: "hookrail" },
    plugins: [{ name: guardrail, source: "./plugin" }],
  };
  return `${JSON.stringify(market, null, 2)}\n`;
}

export function copilotManagedInstall(guardrail: string, ctx: InstallContext): Change[] {
  const folder = managedFolder(ctx, "copilot", guardrail);
  const source = pluginFolder(ctx.bundles.source, guardrail, "claude");
  const file = sys(ctx, COPILOT_MANAGED_FILE);
  const before = ctx.read(file);
  let after = setJsonc(before, ["extraKnownMarketplaces", marketplaceName(guardrail)], {
    source: { source: "directory", path: runtimePath(ctx, "copilot", guardrail) },
  });
  after = setJsonc(after, ["enabledPlugins", pluginKey(guardrail)], true);
  const market = join(folder, ".claude-plugin", "marketplace.json");
  return [
    ...(sameTree(source, join(folder, "plugin"))
      ? []
      : [{ kind: "copy", from: source, to: join(folder, "plugin") } as const]),
    { kind: "file", path: market, before: ctx.read(market), after: marketplaceJson(guardrail) },
    { kind: "file", path: file, before, after },
  ];
}

export function copilotManagedUninstall(guardrail: string, ctx: InstallContext): Change[] {
  const folder = managedFolder(ctx, "copilot", guardrail);
  const file = sys(ctx, COPILOT_MANAGED_FILE);
  const before = ctx.read(file);
  const changes: Change[] = [];
  if (before !== null) {
    let after = removeJsonc(before, ["extraKnownMarketplaces", marketplaceName(guardrail)]);
    after = removeJsonc(after, ["enabledPlugins", pluginKey(guardrail)]);
    // A file that held only our keys goes; an administrator's own keys stay.
    changes.push({
      kind: "file",
      path: file,
      before,
      after: Object.keys(parseJsonc(after, file)).length ? after : null,
    });
  }
  if (existsSync(folder)) changes.push({ kind: "remove", path: folder });
  const parent = dirname(folder);
  if (existsSync(parent) && readdirSync(parent).every((e) => e === guardrail))
    changes.push({ kind: "remove", path: parent });
  return changes;
}

export function copilotManagedStatus(guardrail: string, ctx: InstallContext): GuardrailStatus {
  const file = sys(ctx, COPILOT_MANAGED_FILE);
  const settings = parseJsonc(readText(file), file);
  if (getPath(settings, ["enabledPlugins", pluginKey(guardrail)]) !== true) return { installed: false, problems: [] };
  const problems = managedCopyProblems(ctx, "copilot", guardrail, file);
  if (settings.allowManagedHooksOnly === true)
    problems.push({
      problem: `${file} sets allowManagedHooksOnly: Copilot CLI then also switches the managed plugin's hook off (measured), and the gate does not run`,
      fix: `remove allowManagedHooksOnly from ${file}`,
    });
  return { installed: true, where: file, problems };
}
