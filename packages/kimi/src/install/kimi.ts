// Kimi Code: copies the guardrail's folder to ${KIMI_CODE_HOME:-~/.kimi-code}/hookrail/<guardrail>/, puts the
// dispatcher beside the folders (hookrail/dispatch.cjs) and rewrites hookrail's [[hooks]] entries in config.toml
// for every guardrail installed there (one entry per event, all running the dispatcher; a guardrail alone, mostly its
// own hook file), keeping every other byte of the file. Each guardrail stays installable, listed and checked on its own: its folder says it is installed.
// Kimi runs hooks only from the user's config.toml and its plugins: a project's .kimi-code files never fire, so
// there is only a user scope.
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import {
  type Change,
  type CliInstaller,
  type GuardrailStatus,
  type InstallContext,
  type InstallProbe,
  othersInScope,
  type Problem,
  parseScopeSettings,
  pluginFolder,
  readText,
  type ScopeFolders,
  sameTree,
  shippedScopeSettings,
} from "@hookrail/install-kit";
import { kimiHooksIssues } from "../hook-entries.ts";
import {
  BLOCKS_ON_FAILURE,
  KIMI_DISPATCHER_FILE,
  KIMI_DISPATCHER_SH,
  KIMI_SETTINGS_FILE,
  type KimiSettings,
  kimiCommandFile,
  kimiScopeEntries,
} from "../packaging.ts";
import {
  KIMI_DISPATCHER_MARKER,
  kimiHome,
  kimiHooks,
  kimiOwnMarker,
  ownEntries,
  scopeEntries,
  withEntries,
} from "./kimi-config.ts";

function place(guardrail: string, ctx: InstallContext) {
  const base = kimiHome(ctx.env, ctx.home);
  const root = join(base, "hookrail");
  return {
    configFile: join(base, "config.toml"),
    root,
    folder: join(root, guardrail),
    dispatcher: join(root, KIMI_DISPATCHER_FILE),
  };
}

const shippedFolder = (guardrail: string, ctx: InstallContext) => pluginFolder(ctx.bundles.source, guardrail, "kimi");

/** The scope's guardrails' folders, as install-kit's scope settings reads them. */
function inScope(ctx: InstallContext): ScopeFolders {
  const plugins = join(ctx.bundles.source, "plugins");
  return {
    root: place("", ctx).root,
    settingsFile: KIMI_SETTINGS_FILE,
    shipped: (guardrail) => join(shippedFolder(guardrail, ctx), KIMI_SETTINGS_FILE),
    guardrails: existsSync(plugins) ? readdirSync(plugins) : [],
    read: (file) => ctx.read(file),
  };
}

const parseSettings = (text: string | null) => parseScopeSettings<KimiSettings>(text);

/** What the build wrote for this guardrail. */
const shippedSettings = (guardrail: string, ctx: InstallContext) =>
  shippedScopeSettings<KimiSettings>(inScope(ctx), guardrail);

/** What the build wrote for this guardrail, as its text. */
function shippedSettingsText(guardrail: string, ctx: InstallContext): string {
  shippedSettings(guardrail, ctx);
  return readText(inScope(ctx).shipped(guardrail)) as string;
}

/** The guardrails the dispatcher runs in this scope as the plan so far leaves it, `guardrail` left out. */
const othersInstalled = (guardrail: string, ctx: InstallContext) =>
  othersInScope<KimiSettings>(inScope(ctx), guardrail);

function install(guardrail: string, ctx: InstallContext): Change[] {
  const { configFile, folder, dispatcher } = place(guardrail, ctx);
  const settingsFile = join(folder, KIMI_SETTINGS_FILE);
  const settingsText = shippedSettingsText(guardrail, ctx);
  const installed = [...othersInstalled(guardrail, ctx), parseSettings(settingsText) as KimiSettings];
  const before = ctx.read(configFile);
  const names = installed.map((s) => s.guardrail);
  const after = withEntries(before, configFile, names, kimiScopeEntries(installed));
  const shipped = shippedFolder(guardrail, ctx);
  const source = readText(join(shipped, KIMI_DISPATCHER_FILE));
  const current = ctx.read(dispatcher);
  // The folder without the dispatcher, which runs from beside the folders.
  const except = [KIMI_DISPATCHER_FILE];
  const copied = sameTree(shipped, folder, except);
  return [
    ...(copied ? [] : [{ kind: "copy", from: shipped, to: folder, except } as const]),
    // The folder's settings, also as a file of its own: what the plans after this one read.
    ...(copied
      ? []
      : [{ kind: "file", path: settingsFile, before: ctx.read(settingsFile), after: settingsText } as const]),
    ...(current === source ? [] : [{ kind: "file", path: dispatcher, before: current, after: source } as const]),
    { kind: "file", path: configFile, before, after, derived: true },
  ];
}

function uninstall(guardrail: string, ctx: InstallContext): Change[] {
  const { configFile, root, folder, dispatcher } = place(guardrail, ctx);
  const changes: Change[] = [];
  const remaining = othersInstalled(guardrail, ctx);
  const before = ctx.read(configFile);
  if (
    before?.includes(KIMI_DISPATCHER_MARKER) ||
    [guardrail, ...remaining.map((s) => s.guardrail)].some((g) => before?.includes(kimiOwnMarker(g)))
  ) {
    const names = [guardrail, ...remaining.map((s) => s.guardrail)];
    const after = withEntries(before, configFile, names, kimiScopeEntries(remaining));
    if (after !== before)
      changes.push({
        kind: "file",
        path: configFile,
        before,
        after: after.trim() === "" ? null : after,
        derived: true,
      });
  }
  const settingsFile = join(folder, KIMI_SETTINGS_FILE);
  const settings = ctx.read(settingsFile);
  if (settings !== null) changes.push({ kind: "file", path: settingsFile, before: settings, after: null });
  if (existsSync(folder)) changes.push({ kind: "remove", path: folder });
  const current = ctx.read(dispatcher);
  if (!remaining.length && current !== null)
    changes.push({ kind: "file", path: dispatcher, before: current, after: null });
  // Our folder goes too when this was the last guardrail in it (after an uninstall, hookrail removes the folders it
  // made once they are empty).
  if (existsSync(root) && readdirSync(root).every((entry) => entry === guardrail || entry === KIMI_DISPATCHER_FILE))
    changes.push({ kind: "remove", path: root });
  return changes;
}

function status(guardrail: string, ctx: InstallContext): GuardrailStatus {
  const { configFile, folder, dispatcher } = place(guardrail, ctx);
  const text = ctx.read(configFile);
  const hooks = kimiHooks(text, configFile);
  const again = `npx hookrail install ${guardrail} --cli kimi`;
  const settings = parseSettings(ctx.read(join(folder, KIMI_SETTINGS_FILE)));
  if (hooks === undefined) {
    const named = settings ? text?.includes(KIMI_DISPATCHER_MARKER) : text?.includes(kimiOwnMarker(guardrail));
    if (!named) return { installed: false, problems: [] };
    return {
      installed: true,
      where: configFile,
      problems: [
        {
          id: "kimi.config.invalid",
          problem: `${configFile} is not valid TOML: Kimi Code cannot start with it ("No model configured"), and runs no hook`,
          fix: `fix the file (\`kimi doctor config ${configFile}\`)`,
        },
      ],
    };
  }
  const own = ownEntries(hooks, guardrail);
  const installed = settings ? [...othersInstalled(guardrail, ctx), settings] : [];
  // hookrail's entries here: the dispatcher's, and those that run a guardrail's own hook file (one installed alone,
  // or an older hookrail's).
  const scope = [
    ...scopeEntries(hooks),
    ...[...new Set([guardrail, ...installed.map((s) => s.guardrail)])].flatMap((g) => ownEntries(hooks, g)),
  ];
  // Installed: what Kimi runs for it, its folder there with an entry of the scope at one of its events, or its own
  // older entries.
  const events = [...new Set(settings?.bindings.map((b) => b.event))];
  const entryAt = new Set(scope.map((e) => (e as { event?: unknown }).event));
  const missing = events.filter((event) => !entryAt.has(event));
  if (!own.length && (!settings || missing.length === events.length)) return { installed: false, problems: [] };
  const problems: Problem[] = [];
  const issues = kimiHooksIssues(hooks);
  if (issues.length)
    problems.push({
      id: "kimi.hooks.invalid",
      problem: `${configFile} has a [[hooks]] entry Kimi Code rejects (${issues.join("; ")}), so Kimi Code switches every hook off, ${guardrail}'s too, with only a warning on stderr`,
      fix: `fix or remove that entry (\`kimi doctor config ${configFile}\` names it)`,
    });
  const sorted = (entries: readonly unknown[]) => entries.map((e) => JSON.stringify(e)).sort();
  if (settings && missing.length)
    problems.push({
      id: "kimi.hooks.missing",
      problem: `${configFile} has no [[hooks]] entry for ${missing.join(", ")} that runs hookrail, so ${guardrail} does not run there`,
      fix: `run ${again}`,
    });
  // Its own entries without its settings: an older hookrail's (a folder that has gone is said below).
  else if (
    settings
      ? JSON.stringify(sorted(scope)) !== JSON.stringify(sorted(kimiScopeEntries(installed)))
      : existsSync(folder)
  )
    problems.push({
      id: "kimi.hooks.changed",
      problem: `hookrail's [[hooks]] entries in ${configFile} are not the ones hookrail ${ctx.bundles.version} writes for the guardrails installed there (edited, or from another version)`,
      fix: `run ${again}`,
    });
  const bundle = join(folder, `${guardrail}.cjs`);
  const shippedBundle = join(shippedFolder(guardrail, ctx), `${guardrail}.cjs`);
  if (!existsSync(bundle))
    problems.push({
      id: "kimi.hook.cannot-start",
      problem: `${bundle} has gone, so its hooks cannot start`,
      fix: `run ${again}`,
    });
  else if (existsSync(shippedBundle) && readText(bundle) !== readText(shippedBundle))
    problems.push({
      id: "kimi.hook.outdated",
      problem: `${bundle} differs from the one hookrail ${ctx.bundles.version} ships`,
      fix: "run npx hookrail update",
    });
  const shippedDispatcher = join(shippedFolder(guardrail, ctx), KIMI_DISPATCHER_FILE);
  // The dispatcher, where the entries run it.
  const shared = settings !== undefined && kimiCommandFile(installed) === KIMI_DISPATCHER_SH;
  if (shared && !existsSync(dispatcher))
    problems.push({
      id: "kimi.dispatcher.missing",
      problem: `${dispatcher}, which runs every hookrail guardrail in Kimi Code, has gone, so none of them can start`,
      fix: `run ${again}`,
    });
  else if (shared && existsSync(shippedDispatcher) && readText(dispatcher) !== readText(shippedDispatcher))
    problems.push({
      id: "kimi.dispatcher.outdated",
      problem: `${dispatcher} differs from the one hookrail ${ctx.bundles.version} ships`,
      fix: "run npx hookrail update",
    });
  return { installed: true, where: configFile, problems };
}

function probes(guardrail: string, ctx: InstallContext): InstallProbe[] {
  const { configFile, folder, dispatcher } = place(guardrail, ctx);
  const installed = [...othersInstalled(guardrail, ctx), shippedSettings(guardrail, ctx)];
  const shared = kimiCommandFile(installed) === KIMI_DISPATCHER_SH;
  // A gate's entry before a tool is the one whose command blocks when it cannot start: no other entry ends so.
  const gate = kimiScopeEntries([shippedSettings(guardrail, ctx)]).find((e) => e.command.endsWith(BLOCKS_ON_FAILURE));
  return [
    { exists: join(folder, `${guardrail}.cjs`), why: `its bundle ${folder} has gone` },
    ...(shared ? [{ exists: dispatcher, why: `${dispatcher}, which runs it, has gone` }] : []),
    {
      file: configFile,
      contains: [shared ? KIMI_DISPATCHER_MARKER : kimiOwnMarker(guardrail), ...(gate ? [BLOCKS_ON_FAILURE] : [])],
      why: `its [[hooks]] entries left ${configFile}`,
    },
  ];
}

function notes(guardrail: string): string[] {
  const lines = [
    "Kimi Code switches every hook off (with only a warning on stderr) while one [[hooks]] entry in its config.toml is invalid: `npx hookrail doctor` checks them.",
  ];
  if (guardrail === "worktree-check")
    lines.push(
      "Kimi Code shows a session start's output to no one: worktree-check runs with each prompt instead, and the agent reads its verdict there.",
    );
  return lines;
}

export const kimiInstaller: CliInstaller = {
  cli: "kimi",
  title: "Kimi Code",
  bin: "kimi",
  homes: (ctx) => [kimiHome(ctx.env, ctx.home)],
  scopes: ["user"],
  scopeNote: {
    project:
      "Kimi Code runs hooks only from the user's config.toml (a project's .kimi-code files never fire them): use --scope user",
    managed: "Kimi Code has no administrator's layer for hooks: use --scope user",
  },
  install,
  uninstall,
  status,
  notes,
  probes,
  hookFiles: (guardrail, ctx) => [join(place(guardrail, ctx).folder, `${guardrail}.cjs`)],
};
