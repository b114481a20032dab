// Copilot CLI: a hook file and its bundle's folder (plugins/<g>/copilot/hookrail-<g>.json and
// hookrail-<g>/), copied as they are into a hooks folder. User scope: $COPILOT_HOME/hooks (default
// ~/.copilot/hooks), loaded in every folder without trust. Project scope: <repo>/.github/hooks, loaded
// by Copilot CLI only in a trusted folder, and by the cloud agent from the default branch. The hook
// file finds the bundle through COPILOT_HOOK_DIR (its own folder), else in the repository root's
// .github/hooks, so the same files work in both places. Managed scope: see copilot-managed.ts.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import {
  type Change,
  type CliInstaller,
  type GuardrailStatus,
  type InstallContext,
  type InstallProbe,
  type Problem,
  readText,
  sameTree,
  shippedFolder,
  twinProbes,
} from "@hookrail/install-kit";
import { copilotManagedInstall, copilotManagedStatus, copilotManagedUninstall } from "./copilot-managed.ts";
import { copilotPluginPlaces } from "./copilot-marketplace-route.ts";
import { copilotTrustProblems } from "./copilot-trust.ts";

export const copilotHome = (ctx: InstallContext) => ctx.env.COPILOT_HOME || join(ctx.home, ".copilot");

/** The hook file and the bundle's folder of a guardrail, in this scope's hooks folder. */
function place(guardrail: string, ctx: InstallContext) {
  const dir = ctx.scope === "project" ? join(ctx.project, ".github", "hooks") : join(copilotHome(ctx), "hooks");
  return { dir, hookFile: join(dir, `hookrail-${guardrail}.json`), bundleDir: join(dir, `hookrail-${guardrail}`) };
}

const shipped = (ctx: InstallContext, guardrail: string) => {
  const folder = shippedFolder(ctx, guardrail, "copilot");
  return { hookFile: join(folder, `hookrail-${guardrail}.json`), bundleDir: join(folder, `hookrail-${guardrail}`) };
};

function install(guardrail: string, ctx: InstallContext): Change[] {
  if (ctx.scope === "managed") return copilotManagedInstall(guardrail, ctx);
  const { hookFile, bundleDir } = place(guardrail, ctx);
  const source = shipped(ctx, guardrail);
  return [
    ...(sameTree(source.bundleDir, bundleDir)
      ? []
      : [{ kind: "copy", from: shipped(ctx, guardrail).bundleDir, to: bundleDir } as const]),
    { kind: "file", path: hookFile, before: ctx.read(hookFile), after: readFileSync(source.hookFile, "utf8") },
  ];
}

function uninstall(guardrail: string, ctx: InstallContext): Change[] {
  if (ctx.scope === "managed") return copilotManagedUninstall(guardrail, ctx);
  const { hookFile, bundleDir } = place(guardrail, ctx);
  const before = ctx.read(hookFile);
  return [
    ...(before !== null ? [{ kind: "file" as const, path: hookFile, before, after: null }] : []),
    ...(existsSync(bundleDir) ? [{ kind: "remove" as const, path: bundleDir }] : []),
  ];
}

function status(guardrail: string, ctx: InstallContext): GuardrailStatus {
  if (ctx.scope === "managed") return copilotManagedStatus(guardrail, ctx);
  const { dir, hookFile, bundleDir } = place(guardrail, ctx);
  const text = readText(hookFile);
  if (text === null) return { installed: false, problems: [] };
  const problems: Problem[] = [];
  const again = `npx hookrail install ${guardrail} --cli copilot --scope ${ctx.scope}`;
  const source = shipped(ctx, guardrail);
  if (!existsSync(bundleDir))
    problems.push({
      id: "copilot.hook.cannot-start",
      problem: `${bundleDir} has gone, so its hooks cannot start`,
      fix: `run ${again}`,
    });
  else if (
    existsSync(source.bundleDir) &&
    (!sameTree(bundleDir, source.bundleDir) || readText(source.hookFile) !== text)
  )
    problems.push({
      id: "copilot.hook.outdated",
      problem: `${hookFile} or ${bundleDir} differs from the one hookrail ${ctx.bundles.version} ships`,
      fix: "run npx hookrail update",
    });
  // Copilot reads every *.json in the folder: a second file running the same bundle would run it twice.
  const twins = readdirSync(dir).filter(
    (f) =>
      f.endsWith(".json") &&
      f !== `hookrail-${guardrail}.json` &&
      readText(join(dir, f))?.includes(`hookrail-${guardrail}/`),
  );
  if (twins.length)
    problems.push({
      id: "copilot.hook.duplicate",
      problem: `${twins.join(", ")} in ${dir} also run ${guardrail}`,
      fix: "remove the extra files",
    });
  if (ctx.scope === "project") problems.push(...copilotTrustProblems(ctx, copilotHome(ctx)));
  return { installed: true, where: hookFile, problems };
}

/** What a session-start hook checks: the hook file and its bundle there. */
function probes(guardrail: string, ctx: InstallContext): InstallProbe[] {
  if (ctx.scope === "managed") return [];
  const { hookFile, bundleDir } = place(guardrail, ctx);
  return [
    { exists: hookFile, why: `${hookFile} has gone` },
    { exists: bundleDir, why: `${bundleDir} has gone` },
    // The same guardrail as a plugin too (copilot plugin install <g>@hookrail): one of the two is idle.
    ...twinProbes(
      guardrail,
      [join(copilotHome(ctx), "settings.json")],
      (file) => `the plugin ${guardrail}@… is enabled in ${file} too, and Copilot CLI runs only one of them`,
    ),
  ];
}

function notes(guardrail: string, ctx: InstallContext): string[] {
  if (ctx.scope !== "project") return [];
  return [
    `Copilot CLI runs ${guardrail} from ${join(ctx.project, ".github", "hooks")} only in a folder it trusts (it asks on first start; copilot -p needs --trust-folder).`,
    "Commit .github/hooks/ to the default branch for the Copilot cloud agent; its runner needs node.",
  ];
}

export const copilotInstaller: CliInstaller = {
  cli: "copilot",
  title: "Copilot CLI",
  bin: "copilot",
  homes: (ctx) => [copilotHome(ctx)],
  scopes: ["user", "project", "managed"],
  install,
  uninstall,
  status,
  notes,
  probes,
  pluginPlaces: copilotPluginPlaces,
  // Measured on 1.0.102, with hookrail's hook file and the plugin (a mark in each).
  pluginDouble: () => "Copilot CLI runs only one of them (hookrail's hook file, when both are there)",
  pluginsBesideHookFiles: true,
  projectCopy: true,
  hookFiles: (guardrail, ctx) =>
    ctx.scope === "managed" ? [] : [join(place(guardrail, ctx).bundleDir, `${guardrail}.cjs`)],
};
