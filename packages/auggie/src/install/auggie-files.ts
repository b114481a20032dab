// Where Auggie keeps its hooks (Auggie 0.36.0's shipped code): ~/.augment/settings.json in the home directory (not
// under --augment-cache-dir), a workspace's .augment/settings.local.json and settings.json, and
// /etc/augment/settings.json; the guardrail's groups as the shipped hooks.json has them; what switches them off.
import { join } from "node:path";
import {
  getPath,
  type InstallContext,
  type InstallProbe,
  type Problem,
  parseJsonc,
  readText,
  sys,
} from "@hookrail/install-kit";

/** Auggie's user folder: ~/.augment (its hooks are read there whatever --augment-cache-dir names). */
export const auggieHome = (ctx: Pick<InstallContext, "home">): string => join(ctx.home, ".augment");

/** Auggie's system settings, read first and overriding the rest. */
export const AUGGIE_SYSTEM_SETTINGS = "/etc/augment/settings.json";

/** Every settings file Auggie reads hooks and feature-flag overrides from, for this scope's project. */
export function auggieSettingsFiles(ctx: InstallContext): string[] {
  const project = join(ctx.project, ".augment");
  return [
    sys(ctx, AUGGIE_SYSTEM_SETTINGS),
    join(auggieHome(ctx), "settings.json"),
    join(project, "settings.local.json"),
    join(project, "settings.json"),
  ];
}

const OFF_PATHS = [
  ["featureFlagOverrides", "enableHooks"],
  ["featureFlagOverrides", "enable_hooks"],
];

/** What switches every hook off in Auggie: `featureFlagOverrides` turning its `enableHooks` flag off in a settings file. */
export function auggieSwitches(ctx: InstallContext): Problem[] {
  const problems: Problem[] = [];
  for (const file of auggieSettingsFiles(ctx)) {
    const settings = parseJsonc(readText(file), file);
    if (OFF_PATHS.some((path) => getPath(settings, path) === false))
      problems.push({
        id: "auggie.hooks.disabled",
        problem: `featureFlagOverrides turns enableHooks off in ${file}: Auggie runs no hook`,
        fix: `remove it from ${file}`,
      });
  }
  return problems;
}

/**
 * What a session-start hook checks for an Auggie install: the guardrail's bundle and the scope's dispatcher (where
 * its groups run one) there, hookrail's groups still in `settingsFile` (their command names the file they run as
 * `commandText`), and no settings file that switches hooks off.
 */
export function auggieProbes(
  ctx: InstallContext,
  at: { settingsFile: string; folder: string; guardrail: string; dispatcher?: string; commandText: string },
): InstallProbe[] {
  return [
    { exists: join(at.folder, `${at.guardrail}.cjs`), why: `its bundle ${at.folder} has gone` },
    ...(at.dispatcher ? [{ exists: at.dispatcher, why: `${at.dispatcher}, which runs it, has gone` }] : []),
    {
      file: at.settingsFile,
      contains: [JSON.stringify(at.commandText).slice(1, -1)],
      why: `its hooks are gone from ${at.settingsFile}`,
    },
    ...auggieSettingsFiles(ctx).flatMap((file): InstallProbe[] =>
      OFF_PATHS.map((path) => ({
        file,
        at: path,
        not: false,
        why: `featureFlagOverrides turns enableHooks off in ${file}`,
      })),
    ),
  ];
}
