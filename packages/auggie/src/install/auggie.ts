// Auggie: copies the guardrail's folder to .augment/hookrail/<guardrail>/ of the scope, puts the dispatcher beside
// the folders (hookrail/dispatch.cjs) and rewrites hookrail's groups in the scope's settings.json for every guardrail
// installed there (per event, one group for Auggie's tools and one for MCP tools, all running the dispatcher),
// keeping every other group and byte of the file. Each guardrail stays installable, listed and checked on its own:
// its folder says it is installed. User scope: ~/.augment. Project scope: <repo>/.augment/, whose hooks Auggie runs
// without asking (the command finds the dispatcher through $AUGMENT_PROJECT_DIR, which Auggie gives every hook: the
// workspace root). Auggie runs no hook unless Augment's service turns its `enableHooks` flag on for the account (or
// a settings file's featureFlagOverrides does): the notes say so, since nothing on this machine shows the service's
// answer.
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import {
  type Change,
  type CliInstaller,
  type GuardrailStatus,
  type HookGroup,
  hooksOf,
  type InstallContext,
  isHookrailGroup,
  mergeGroups,
  othersInScope,
  type Problem,
  parseScopeSettings,
  pluginFolder,
  readText,
  removeGroups,
  type ScopeFolders,
  sameTree,
  shippedFolder,
  shippedScopeSettings,
  UserError,
} from "@hookrail/install-kit";
import {
  AUGGIE_DISPATCHER_FILE,
  AUGGIE_SETTINGS_FILE,
  type AuggieSettings,
  auggieCommandFile,
  auggieDispatcherText,
  auggieScopeGroups,
} from "../packaging.ts";
import { auggieHome, auggieProbes, auggieSwitches } from "./auggie-files.ts";

/** What in a group's command names it hookrail's: the scope's dispatcher, which runs every guardrail installed there. */
const DISPATCHER_IN_COMMAND = `/hookrail/${AUGGIE_DISPATCHER_FILE}`;

/** What names a guardrail's own groups, which an older hookrail wrote (its folder in the command). */
const ownMarker = (guardrail: string) => `/hookrail/${guardrail}/`;

function place(guardrail: string, ctx: InstallContext) {
  const base = ctx.scope === "project" ? join(ctx.project, ".augment") : auggieHome(ctx);
  const root = join(base, "hookrail");
  return {
    settingsFile: join(base, "settings.json"),
    root,
    folder: join(root, guardrail),
    dispatcher: join(root, AUGGIE_DISPATCHER_FILE),
    // How a command names the scope's .augment folder.
    dirText: ctx.scope === "project" ? "$AUGMENT_PROJECT_DIR/.augment" : "$HOME/.augment",
  };
}

/** The scope's guardrails' folders, as install-kit's scope settings reads them. */
function inScope(ctx: InstallContext): ScopeFolders {
  const plugins = join(ctx.bundles.source, "plugins");
  return {
    root: place("", ctx).root,
    settingsFile: AUGGIE_SETTINGS_FILE,
    shipped: (guardrail) => join(shippedFolder(ctx, guardrail, "auggie"), AUGGIE_SETTINGS_FILE),
    guardrails: existsSync(plugins) ? readdirSync(plugins) : [],
    read: (file) => ctx.read(file),
  };
}

const parseSettings = (text: string | null) => parseScopeSettings<AuggieSettings>(text);

/** What the build wrote for this guardrail. */
const shippedSettings = (guardrail: string, ctx: InstallContext) =>
  shippedScopeSettings<AuggieSettings>(inScope(ctx), guardrail);

/** What the build wrote for this guardrail, as its text. */
function shippedSettingsText(guardrail: string, ctx: InstallContext): string {
  shippedSettings(guardrail, ctx);
  return readText(inScope(ctx).shipped(guardrail)) as string;
}

/** The guardrails the dispatcher runs in this scope as the plan so far leaves it, `guardrail` left out. */
const othersInstalled = (guardrail: string, ctx: InstallContext) =>
  othersInScope<AuggieSettings>(inScope(ctx), guardrail);

/** The dispatcher this hookrail ships (in each guardrail's folder for the user; a project's form holds none). */
const shippedDispatcher = (guardrail: string, ctx: InstallContext) =>
  join(pluginFolder(ctx.bundles.source, guardrail, "auggie"), AUGGIE_DISPATCHER_FILE);

/** The same groups, whatever order the events are in. */
const sameGroups = (a: Record<string, unknown>, b: Record<string, unknown>) =>
  JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());

/** Whether a group is hookrail's in this scope: it runs the dispatcher or the folder of one of `guardrails`. */
const ours = (guardrails: readonly string[]) => (group: HookGroup) =>
  isHookrailGroup("dispatch", DISPATCHER_IN_COMMAND)(group) ||
  guardrails.some((g) => isHookrailGroup(g, ownMarker(g))(group));

/**
 * settings.json's text with hookrail's groups for the guardrails `installed`: the groups that run the dispatcher or
 * the folder of one of `guardrails` (this scope's, and an older hookrail's) replaced, every other group kept.
 */
function withGroups(
  text: string | null,
  file: string,
  guardrails: readonly string[],
  installed: readonly AuggieSettings[],
  dirText: string,
): string | null {
  let out = text;
  if (out !== null) {
    out = removeGroups(out, file, "dispatch", DISPATCHER_IN_COMMAND);
    for (const guardrail of guardrails) out = removeGroups(out, file, guardrail, ownMarker(guardrail));
  }
  const groups = auggieScopeGroups(installed, dirText);
  return Object.keys(groups).length ? mergeGroups(out, file, "dispatch", groups, DISPATCHER_IN_COMMAND) : out;
}

function install(guardrail: string, ctx: InstallContext): Change[] {
  const { settingsFile, folder, dispatcher, dirText } = place(guardrail, ctx);
  const ownSettingsFile = join(folder, AUGGIE_SETTINGS_FILE);
  const settingsText = shippedSettingsText(guardrail, ctx);
  const mine = parseSettings(settingsText) as AuggieSettings;
  if (!mine.bindings.length)
    throw new UserError(`${guardrail} has nothing to hook into in Auggie (see its README); nothing was changed`);
  const installed = [...othersInstalled(guardrail, ctx), mine];
  const before = ctx.read(settingsFile);
  const names = installed.map((s) => s.guardrail);
  const after = withGroups(before, settingsFile, names, installed, dirText);
  const shipped = shippedFolder(ctx, guardrail, "auggie");
  const source = readText(shippedDispatcher(guardrail, ctx));
  if (source === null) throw new Error(`${shippedDispatcher(guardrail, ctx)} is missing from this hookrail`);
  const current = ctx.read(dispatcher);
  // The folder without the dispatcher, which runs from beside the folders.
  const except = [AUGGIE_DISPATCHER_FILE];
  const copied = sameTree(shipped, folder, except);
  return [
    ...(copied
      ? []
      : [{ kind: "copy", from: shippedFolder(ctx, guardrail, "auggie", true), to: folder, except } as const]),
    // The folder's settings, also as a file of its own: what the plans after this one read.
    ...(copied
      ? []
      : [{ kind: "file", path: ownSettingsFile, before: ctx.read(ownSettingsFile), after: settingsText } as const]),
    // The dispatcher, which two or more guardrails share (written with the first: the plans of several guardrails in
    // one run are applied one after the other).
    ...(current === source ? [] : [{ kind: "file", path: dispatcher, before: current, after: source } as const]),
    { kind: "file", path: settingsFile, before, after, derived: true },
  ];
}

function uninstall(guardrail: string, ctx: InstallContext): Change[] {
  const { settingsFile, root, folder, dispatcher, dirText } = place(guardrail, ctx);
  const changes: Change[] = [];
  const remaining = othersInstalled(guardrail, ctx);
  const before = ctx.read(settingsFile);
  const names = [guardrail, ...remaining.map((s) => s.guardrail)];
  const after = before === null ? null : withGroups(before, settingsFile, names, remaining, dirText);
  if (after !== before) changes.push({ kind: "file", path: settingsFile, before, after, derived: true });
  const ownSettingsFile = join(folder, AUGGIE_SETTINGS_FILE);
  const settings = ctx.read(ownSettingsFile);
  if (settings !== null) changes.push({ kind: "file", path: ownSettingsFile, before: settings, after: null });
  if (existsSync(folder)) changes.push({ kind: "remove", path: folder });
  const current = ctx.read(dispatcher);
  if (!remaining.length && current !== null)
    changes.push({ kind: "file", path: dispatcher, before: current, after: null });
  // Our folder goes too once nothing left in it runs: no other guardrail's folder, and no group of an older
  // hookrail's (as planned so far) running one.
  const left = Object.values(hooksOf(after, settingsFile)).flat();
  if (
    existsSync(root) &&
    readdirSync(root).every(
      (entry) =>
        entry === guardrail ||
        entry === AUGGIE_DISPATCHER_FILE ||
        (!remaining.some((s) => s.guardrail === entry) && !left.some(isHookrailGroup(entry))),
    )
  )
    changes.push({ kind: "remove", path: root });
  return changes;
}

function status(guardrail: string, ctx: InstallContext): GuardrailStatus {
  const { settingsFile, folder, dispatcher, dirText } = place(guardrail, ctx);
  const groups = Object.entries(hooksOf(ctx.read(settingsFile), settingsFile));
  const settings = parseSettings(ctx.read(join(folder, AUGGIE_SETTINGS_FILE)));
  const installed = settings ? [...othersInstalled(guardrail, ctx), settings] : [];
  const names = [guardrail, ...installed.map((s) => s.guardrail)];
  // hookrail's groups in this scope: what runs the dispatcher or a guardrail's folder.
  const scope = Object.fromEntries(
    groups.map(([event, list]) => [event, list.filter(ours(names))] as const).filter(([, list]) => list.length),
  );
  // Installed: its folder there and a group of the scope at one of its events, or its own groups (an older
  // hookrail's, or a folder that has gone).
  const own = groups.some(([, list]) => list.some(isHookrailGroup(guardrail, ownMarker(guardrail))));
  const events = [...new Set(settings?.bindings.map((b) => b.event))];
  const missing = events.filter((event) => !(event in scope));
  if (!own && (!settings || missing.length === events.length)) return { installed: false, problems: [] };
  const problems: Problem[] = [];
  const again = `npx hookrail install ${guardrail} --cli auggie --scope ${ctx.scope}`;
  if (settings && missing.length)
    problems.push({
      id: "auggie.hooks.missing",
      problem: `${settingsFile} has no hookrail group for ${missing.join(", ")}, so ${guardrail} does not run there`,
      fix: `run ${again}`,
    });
  // Its own groups without its settings: an older hookrail's (a folder that has gone is said below).
  else if (settings ? !sameGroups(scope, auggieScopeGroups(installed, dirText)) : existsSync(folder))
    problems.push({
      id: "auggie.hooks.changed",
      problem: `hookrail's groups in ${settingsFile} are not the ones hookrail ${ctx.bundles.version} writes for the guardrails installed there (edited, or from another version)`,
      fix: `run ${again}`,
    });
  const bundle = join(folder, `${guardrail}.cjs`);
  const shippedBundle = join(shippedFolder(ctx, guardrail, "auggie"), `${guardrail}.cjs`);
  if (!existsSync(bundle))
    problems.push({
      id: "auggie.hook.cannot-start",
      problem: `${bundle} has gone, so its hooks cannot start`,
      fix: `run ${again}`,
    });
  else if (existsSync(shippedBundle) && readText(bundle) !== readText(shippedBundle))
    problems.push({
      id: "auggie.hook.outdated",
      problem: `${bundle} differs from the one hookrail ${ctx.bundles.version} ships`,
      fix: "run npx hookrail update",
    });
  const dispatcherShipped = shippedDispatcher(guardrail, ctx);
  const shared = installed.length > 1;
  if (shared && !existsSync(dispatcher))
    problems.push({
      id: "auggie.dispatcher.missing",
      problem: `${dispatcher}, which runs every hookrail guardrail in Auggie, has gone, so none of them can start`,
      fix: `run ${again}`,
    });
  else if (shared && existsSync(dispatcherShipped) && readText(dispatcher) !== readText(dispatcherShipped))
    problems.push({
      id: "auggie.dispatcher.outdated",
      problem: `${dispatcher} differs from the one hookrail ${ctx.bundles.version} ships`,
      fix: "run npx hookrail update",
    });
  return { installed: true, where: settingsFile, problems: [...problems, ...auggieSwitches(ctx)] };
}

function notes(guardrail: string, ctx: InstallContext): string[] {
  const lines = [
    "Auggie runs hooks only when Augment's service turns hooks on for your account (its enableHooks flag; `/hooks` in an interactive session lists them when it does).",
  ];
  if (guardrail === "merge-gate" || guardrail === "command-gates")
    lines.push(
      'Auggie runs its PromptSubmit hook without waiting for it: an approval in your prompt (approval mode "user") is read in the background, before the model\'s first tool call in practice.',
    );
  if (ctx.scope === "project")
    lines.push(`Commit ${join(ctx.project, ".augment")}: Auggie runs a workspace's hooks without asking.`);
  return lines;
}

export const auggieInstaller: CliInstaller = {
  cli: "auggie",
  title: "Auggie",
  bin: "auggie",
  homes: (ctx) => [auggieHome(ctx)],
  scopes: ["user", "project"],
  scopeNote: {
    managed:
      "hookrail installs into Auggie per user or per project; /etc/augment/settings.json (its system settings) is yours to write",
  },
  install,
  uninstall,
  status,
  notes,
  probes: (guardrail, ctx) => {
    const { settingsFile, folder, dispatcher, dirText } = place(guardrail, ctx);
    const installed = [...othersInstalled(guardrail, ctx), shippedSettings(guardrail, ctx)];
    const file = auggieCommandFile(installed, dirText);
    return auggieProbes(ctx, {
      settingsFile,
      folder,
      guardrail,
      ...(file === auggieDispatcherText(dirText) ? { dispatcher } : {}),
      commandText: file,
    });
  },
  projectCopy: true,
  hookFiles: (guardrail, ctx) => [join(place(guardrail, ctx).folder, `${guardrail}.cjs`)],
};
