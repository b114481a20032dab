// Factory Droid: copies the guardrail's folder next to the hooks.json that runs it and merges its groups into
// that hooks.json, events at the top level. User scope: ~/.factory (under $FACTORY_HOME_OVERRIDE when set).
// Project scope: <repo>/.factory/, whose hooks `droid exec` runs without asking (the command finds the copy
// through $FACTORY_PROJECT_DIR, which Droid gives every hook). Managed scope: droid-managed.ts.
import { existsSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import {
  type Change,
  type CliInstaller,
  type GuardrailStatus,
  hooksOf,
  type InstallContext,
  isHookrailGroup,
  mergeGroups,
  type Problem,
  parseJsonc,
  readText,
  removeGroups,
  sameTree,
  shippedFolder,
  sys,
} from "@hookrail/install-kit";
import { DROID_SYSTEM_SETTINGS, droidHome, droidHooks, droidProbes, droidSwitches } from "./droid-files.ts";
import { droidManagedInstall, droidManagedStatus, droidManagedUninstall } from "./droid-managed.ts";

function place(guardrail: string, ctx: InstallContext) {
  const base = ctx.scope === "project" ? join(ctx.project, ".factory") : droidHome(ctx);
  // The shipped command names $HOME/.factory; elsewhere the folder is written out.
  const folderText =
    ctx.scope === "project"
      ? `$FACTORY_PROJECT_DIR/.factory/hookrail/${guardrail}`
      : base === join(ctx.home, ".factory") && !ctx.env.FACTORY_HOME_OVERRIDE
        ? `$HOME/.factory/hookrail/${guardrail}`
        : join(base, "hookrail", guardrail);
  return { hooksFile: join(base, "hooks.json"), folder: join(base, "hookrail", guardrail), folderText };
}

function install(guardrail: string, ctx: InstallContext): Change[] {
  if (ctx.scope === "managed") return droidManagedInstall(guardrail, ctx);
  const { hooksFile, folder, folderText } = place(guardrail, ctx);
  const hooks = droidHooks(guardrail, ctx, folderText);
  const before = ctx.read(hooksFile);
  const shipped = shippedFolder(ctx, guardrail, "droid");
  return [
    ...(sameTree(shipped, folder)
      ? []
      : [{ kind: "copy", from: shippedFolder(ctx, guardrail, "droid", true), to: folder } as const]),
    { kind: "file", path: hooksFile, before, after: mergeGroups(before, hooksFile, guardrail, hooks, undefined, []) },
  ];
}

function uninstall(guardrail: string, ctx: InstallContext): Change[] {
  if (ctx.scope === "managed") return droidManagedUninstall(guardrail, ctx);
  const { hooksFile, folder } = place(guardrail, ctx);
  const changes: Change[] = [];
  const before = ctx.read(hooksFile);
  const after = before === null ? null : removeGroups(before, hooksFile, guardrail, undefined, []);
  if (before !== null) changes.push({ kind: "file", path: hooksFile, before, after });
  if (existsSync(folder)) changes.push({ kind: "remove", path: folder });
  // Our folder goes too once no group left in the file (as planned so far) runs anything in it.
  const left = Object.values(hooksOf(after, hooksFile, [])).flat();
  const parent = dirname(folder);
  if (existsSync(parent) && readdirSync(parent).every((g) => g === guardrail || !left.some(isHookrailGroup(g))))
    changes.push({ kind: "remove", path: parent });
  return changes;
}

const json = (file: string) => parseJsonc(readText(file), file);

/** Claude plugins of hookrail enabled in Droid: their `Bash` matcher never matches Droid's Execute. */
function claudePlugin(guardrail: string, ctx: InstallContext): string | undefined {
  const settings = join(droidHome(ctx), "settings.json");
  const enabled = (json(settings).enabledPlugins ?? {}) as Record<string, unknown>;
  return Object.keys(enabled).find((key) => key.startsWith(`${guardrail}@`) && enabled[key] === true);
}

function status(guardrail: string, ctx: InstallContext): GuardrailStatus {
  if (ctx.scope === "managed") return droidManagedStatus(guardrail, ctx);
  const { hooksFile, folder } = place(guardrail, ctx);
  const text = readText(hooksFile);
  const ours = isHookrailGroup(guardrail);
  const installed = Object.values(hooksOf(text, hooksFile, []))
    .flat()
    .some(ours);
  const wrapped = Object.values(hooksOf(text, hooksFile)).flat().some(ours);
  const plugin = ctx.scope === "user" ? claudePlugin(guardrail, ctx) : undefined;
  if (!installed && !wrapped && !plugin) return { installed: false, problems: [] };
  const problems: Problem[] = [];
  const again = `npx hookrail install ${guardrail} --cli droid --scope ${ctx.scope}`;
  if (wrapped)
    problems.push({
      id: "droid.hooks.wrapped",
      problem: `${hooksFile} has ${guardrail} inside a "hooks" key, which Droid ignores (it reads the events at the top level)`,
      fix: `run ${again}`,
    });
  if (plugin)
    problems.push({
      id: "droid.hook.claude-plugin",
      problem: `Droid runs hookrail's Claude plugin ${plugin}, whose Bash matcher never matches Droid's Execute`,
      fix: `run droid plugin uninstall ${plugin}, then ${again}`,
    });
  if (installed && !existsSync(folder))
    problems.push({ id: "droid.hook.cannot-start", problem: `${folder} has gone`, fix: `run ${again}` });
  const bundle = `${guardrail}.cjs`;
  const shipped = join(shippedFolder(ctx, guardrail, "droid"), bundle);
  if (installed && existsSync(folder) && existsSync(shipped) && readText(join(folder, bundle)) !== readText(shipped))
    problems.push({
      id: "droid.hook.outdated",
      problem: `${join(folder, bundle)} differs from the one hookrail ${ctx.bundles.version} ships`,
      fix: "run npx hookrail update",
    });
  return {
    installed: true,
    where: installed || wrapped ? hooksFile : `${plugin} (Claude plugin)`,
    problems: [...problems, ...droidSwitches(ctx, false)],
  };
}

function notes(guardrail: string, ctx: InstallContext): string[] {
  const lines = [
    "Droid hands every hook its environment, FACTORY_API_KEY included; hookrail's hooks never log the environment.",
  ];
  if (guardrail === "merge-gate")
    lines.push(
      'droid exec never fires UserPromptSubmit: the merge gate\'s approval mode "user" cannot see an approval there.',
    );
  if (ctx.scope === "project")
    lines.push(
      `Commit ${join(ctx.project, ".factory")}: droid exec runs its hooks without asking; an interactive session may ask you to review them in /hooks.`,
    );
  if (ctx.scope === "managed")
    lines.push(
      `Droid takes the organization's settings from ${sys(ctx, DROID_SYSTEM_SETTINGS)} while it exists, instead of FACTORY_ORG_MANAGED_SETTINGS_LOCAL_PATH or Factory's servers: keep your organization's settings in it.`,
    );
  return lines;
}

export const droidInstaller: CliInstaller = {
  cli: "droid",
  title: "Factory Droid",
  bin: "droid",
  homes: (ctx) => [droidHome(ctx)],
  scopes: ["user", "project", "managed"],
  install,
  uninstall,
  status,
  notes,
  probes: (guardrail, ctx) => (ctx.scope === "managed" ? [] : droidProbes(ctx, place(guardrail, ctx))),
  projectCopy: true,
  hookFiles: (guardrail, ctx) =>
    ctx.scope === "managed" ? [] : [join(place(guardrail, ctx).folder, `${guardrail}.cjs`)],
};
