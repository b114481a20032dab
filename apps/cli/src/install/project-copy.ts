// A project's one copy of each guardrail (core's project-hooks.ts): the CLIs whose project installs copy a
// guardrail's project form (`projectCopy`) run it from .hookrail/hooks/<guardrail>/. The install writes it when it
// differs from the shipped one, update puts it back, each install's record and doctor check it, and the uninstall
// of the last CLI in the project that runs it removes it.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import { type InstallProbe, PROJECT_FORM, PROJECT_HOOKS_DIR, PROJECT_SHARED, projectHookFile } from "@hookrail/core";
import { type Change, type CliInstaller, type InstallContext, type Problem, sameTree } from "@hookrail/install-kit";
import { unreadableHookFile } from "./bundle-files.ts";

/** The file every CLI's hook file in the project runs. */
export const projectCopyFile = (project: string, guardrail: string) => join(project, projectHookFile(guardrail));

/** The project's copy of a guardrail: its folder. */
export const projectCopyFolder = (project: string, guardrail: string) => dirname(projectCopyFile(project, guardrail));

const shippedCopy = (ctx: InstallContext, guardrail: string) =>
  join(ctx.bundles.source, "plugins", guardrail, PROJECT_FORM, PROJECT_SHARED);

/** Does this install of `installer` run the project's copy? */
export const runsProjectCopy = (installer: CliInstaller, ctx: InstallContext) =>
  ctx.scope === "project" && installer.projectCopy === true;

/** The copies these installs need, each written when the project's differs from the shipped one (or is missing). */
export function projectCopyChanges(
  ctx: InstallContext,
  installs: readonly { installer: CliInstaller; guardrail: string }[],
): Change[] {
  const guardrails = new Set(installs.filter((i) => runsProjectCopy(i.installer, ctx)).map((i) => i.guardrail));
  return [...guardrails].flatMap((guardrail): Change[] => {
    const from = shippedCopy(ctx, guardrail);
    const to = projectCopyFolder(ctx.project, guardrail);
    return existsSync(from) && !sameTree(from, to) ? [{ kind: "copy", from, to }] : [];
  });
}

/**
 * After an uninstall: the copies no CLI in the project runs any more (the folders hookrail created for them go
 * once empty, as every folder it created). `removes`: whether this uninstall takes the guardrail from that CLI.
 */
export function unusedProjectCopies(
  ctx: InstallContext,
  guardrails: readonly string[],
  installers: readonly CliInstaller[],
  removes: (installer: CliInstaller, guardrail: string) => boolean,
): string[] {
  if (ctx.scope !== "project") return [];
  const runs = (i: CliInstaller, guardrail: string) =>
    runsProjectCopy(i, ctx) && !removes(i, guardrail) && installedIn(i, guardrail, ctx);
  return guardrails
    .filter((g) => existsSync(projectCopyFolder(ctx.project, g)) && !installers.some((i) => runs(i, g)))
    .map((g) => projectCopyFolder(ctx.project, g));
}

/** A CLI whose files cannot be read counts as running it: its copy stays. */
function installedIn(installer: CliInstaller, guardrail: string, ctx: InstallContext): boolean {
  try {
    return installer.status(guardrail, ctx).installed;
  } catch {
    return true;
  }
}

/** What the record checks at each session start: the copy the hooks run is there. */
export function projectCopyProbes(installer: CliInstaller, guardrail: string, ctx: InstallContext): InstallProbe[] {
  if (!runsProjectCopy(installer, ctx)) return [];
  return [
    {
      exists: projectCopyFile(ctx.project, guardrail),
      why: `its code, ${projectHookFile(guardrail)}, has gone from the project`,
    },
  ];
}

/**
 * doctor: the project's copy is missing, so every hook of the guardrail in the project cannot start. Said once per
 * copy (`reported` holds the copies already named), for every CLI that runs it.
 */
export function projectCopyProblems(
  installer: CliInstaller,
  guardrail: string,
  ctx: InstallContext,
  reported: Set<string>,
): Problem[] {
  const file = projectCopyFile(ctx.project, guardrail);
  if (!runsProjectCopy(installer, ctx) || reported.has(file)) return [];
  // The copy's hook file, or the bundle's file its loader reads beside it.
  const missing = unreadableHookFile(file);
  if (!missing) return [];
  reported.add(file);
  return [
    {
      id: `${installer.cli}.hook.cannot-start`,
      problem: `its hooks cannot start, nor those of every other CLI that runs ${guardrail} in this project: the project's copy of it, ${relative(ctx.project, missing).split(sep).join("/")}, is missing`,
      fix: "run npx hookrail update",
    },
  ];
}

/**
 * After a project install: a line when git ignores the project's copies (a clone would lack them, and every hook of
 * theirs would answer that it cannot start). Nothing outside a repository, or when git cannot tell.
 */
export function ignoredCopyNote(ctx: InstallContext, guardrails: readonly string[]): string[] {
  const file = guardrails.map((g) => projectCopyFile(ctx.project, g)).find((f) => existsSync(f));
  if (ctx.scope !== "project" || !file || !existsSync(join(ctx.project, ".git"))) return [];
  let rule: string;
  try {
    rule = execFileSync("git", ["check-ignore", "-v", "--", file], {
      cwd: ctx.project,
      env: ctx.env,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    }).split("\t")[0] as string;
  } catch {
    return []; // exit 1: not ignored
  }
  return [
    `git ignores ${PROJECT_HOOKS_DIR}/ here (${rule.trim()}), so a clone would lack the guardrails' code and their gates would block every call they watch: commit it with git add -f ${PROJECT_HOOKS_DIR}`,
  ];
}
