// Where Factory Droid keeps its hooks, the guardrail's hook groups as the shipped hooks.json has them (keyed
// by event at the top level: Droid ignores a Claude-style {"hooks": …} wrapper with only a log line), and what
// switches every hook off.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import {
  getPath,
  type HookGroups,
  hooksOf,
  type InstallContext,
  type InstallProbe,
  type Problem,
  parseJsonc,
  readText,
  shippedFolder,
  sys,
  UserError,
} from "@hookrail/install-kit";

/** Droid's own folder: ~/.factory, under $FACTORY_HOME_OVERRIDE instead of $HOME when set. */
export const droidHome = (ctx: Pick<InstallContext, "env" | "home">): string =>
  join(ctx.env.FACTORY_HOME_OVERRIDE || ctx.home, ".factory");

/** Droid's organization layer on this machine: read before the org's settings from anywhere else, when it exists. */
export const DROID_SYSTEM_SETTINGS = "/etc/factory/settings.json";

/** How the shipped commands name the guardrail's folder (see packages/droid/src/packaging.ts). */
const shippedCommandFolder = (guardrail: string) => `$HOME/.factory/hookrail/${guardrail}`;

/** The shipped groups, running the bundle from `folder`; none means Droid has no moment for the guardrail. */
export function droidHooks(guardrail: string, ctx: InstallContext, folder: string): HookGroups {
  const file = join(shippedFolder(ctx, guardrail, "droid"), "hooks.json");
  const hooks = hooksOf(readFileSync(file, "utf8").replaceAll(shippedCommandFolder(guardrail), folder), file, []);
  if (!Object.keys(hooks).length)
    throw new UserError(`${guardrail} has nothing to hook into in Factory Droid (see its README); nothing was changed`);
  return hooks;
}

const json = (file: string) => parseJsonc(readText(file), file);

/** Droid's organization settings on this machine: the system file, else the one FACTORY_ORG_MANAGED_SETTINGS_LOCAL_PATH names. */
export function droidOrgSettings(ctx: InstallContext): string | undefined {
  const system = sys(ctx, DROID_SYSTEM_SETTINGS);
  return existsSync(system) ? system : ctx.env.FACTORY_ORG_MANAGED_SETTINGS_LOCAL_PATH || undefined;
}

/** What switches every hook off in Droid: `hooksDisabled` in a hooks layer, or org settings that allow only theirs. */
export function droidSwitches(ctx: InstallContext, managed: boolean): Problem[] {
  const problems: Problem[] = [];
  const user = droidHome(ctx);
  const project = join(ctx.project, ".factory");
  const layers: [string, (string | number)[]][] = [
    [join(user, "hooks.json"), ["hooksDisabled"]],
    [join(user, "settings.json"), ["hooks", "hooksDisabled"]],
    [join(project, "hooks.json"), ["hooksDisabled"]],
    [join(project, "settings.json"), ["hooks", "hooksDisabled"]],
  ];
  const org = droidOrgSettings(ctx);
  const pinned = org !== undefined && getPath(json(org), ["hooks", "hooksDisabled"]) === false;
  for (const [file, path] of layers)
    if (getPath(json(file), path) === true && !(managed && pinned))
      problems.push({
        id: "droid.hooks.disabled",
        problem: `hooksDisabled is true in ${file}: Droid runs no hook`,
        fix: `remove it from ${file}`,
      });
  if (!managed && org && getPath(json(org), ["allowManagedHooksOnly"]) === true)
    problems.push({
      id: "droid.hooks.managed-only",
      problem: `${org} sets allowManagedHooksOnly: Droid runs only the organization's hooks, not this one`,
      fix: "install it with --scope managed, or ask the administrator",
    });
  return problems;
}

/**
 * What a session-start hook checks for a Droid install: the copy there, its groups still in `hooksFile`
 * (the command names the folder as `folderText`), and no hooks layer that applies switching every hook off.
 */
export function droidProbes(
  ctx: InstallContext,
  at: { hooksFile: string; folder: string; folderText: string },
): InstallProbe[] {
  const bases = [droidHome(ctx), ...(ctx.scope === "project" ? [join(ctx.project, ".factory")] : [])];
  const org = droidOrgSettings(ctx);
  return [
    { exists: at.folder, why: `${at.folder} has gone` },
    {
      file: at.hooksFile,
      contains: [`${JSON.stringify(at.folderText).slice(1, -1)}/`],
      why: `its hooks are gone from ${at.hooksFile}`,
    },
    ...bases.flatMap((base): InstallProbe[] => [
      {
        file: join(base, "hooks.json"),
        at: ["hooksDisabled"],
        not: true,
        why: `hooksDisabled is true in ${join(base, "hooks.json")}`,
      },
      {
        file: join(base, "settings.json"),
        at: ["hooks", "hooksDisabled"],
        not: true,
        why: `hooksDisabled is true in ${join(base, "settings.json")}`,
      },
    ]),
    ...(org
      ? [{ file: org, at: ["allowManagedHooksOnly"], not: true, why: `${org} allows only the organization's hooks` }]
      : []),
  ];
}
