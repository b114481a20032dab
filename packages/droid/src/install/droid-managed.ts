// Factory Droid's administrator layer: /etc/factory/settings.json, the organization's settings on this machine.
// Droid reads it before any other source of organization settings (FACTORY_ORG_MANAGED_SETTINGS_LOCAL_PATH,
// which any user can set or unset, or Factory's servers) whenever it exists, and organization hooks run
// whatever the user's and the project's settings say. The bundles are copied into <prefix>/droid/<g>/
// (root-owned); the guardrail's groups go into the file's "hooks", with `hooksDisabled: false` pinned there.
import { existsSync, readdirSync } from "node:fs";
import { dirname } from "node:path";
import {
  type Change,
  type GuardrailStatus,
  getPath,
  type InstallContext,
  managedCopyProblems,
  managedFolder,
  mergeGroups,
  type Problem,
  parseJsonc,
  pluginFolder,
  readText,
  removeGroups,
  runtimePath,
  sameTree,
  setJsonc,
  sys,
} from "@hookrail/install-kit";
import { DROID_SYSTEM_SETTINGS, droidHooks, droidSwitches } from "./droid-files.ts";

export function droidManagedInstall(guardrail: string, ctx: InstallContext): Change[] {
  const folder = managedFolder(ctx, "droid", guardrail);
  const source = pluginFolder(ctx.bundles.source, guardrail, "droid");
  const file = sys(ctx, DROID_SYSTEM_SETTINGS);
  const before = ctx.read(file);
  const marker = `${runtimePath(ctx, "droid", guardrail)}/`;
  const hooks = droidHooks(guardrail, ctx, runtimePath(ctx, "droid", guardrail));
  const after = setJsonc(mergeGroups(before, file, guardrail, hooks, marker), ["hooks", "hooksDisabled"], false);
  return [
    ...(sameTree(source, folder) ? [] : [{ kind: "copy", from: source, to: folder } as const]),
    { kind: "file", path: file, before, after },
  ];
}

export function droidManagedUninstall(guardrail: string, ctx: InstallContext): Change[] {
  const folder = managedFolder(ctx, "droid", guardrail);
  const file = sys(ctx, DROID_SYSTEM_SETTINGS);
  const before = ctx.read(file);
  const changes: Change[] = [];
  if (before !== null) {
    const after = removeGroups(before, file, guardrail, `${runtimePath(ctx, "droid", guardrail)}/`);
    changes.push({ kind: "file", path: file, before, after });
  }
  if (existsSync(folder)) changes.push({ kind: "remove", path: folder });
  for (const parent of [dirname(folder), dirname(dirname(folder))])
    if (existsSync(parent) && readdirSync(parent).every((e) => e === guardrail || e === "droid"))
      changes.push({ kind: "remove", path: parent });
  return changes;
}

export function droidManagedStatus(guardrail: string, ctx: InstallContext): GuardrailStatus {
  const file = sys(ctx, DROID_SYSTEM_SETTINGS);
  const text = readText(file);
  if (text === null || !text.includes(`${runtimePath(ctx, "droid", guardrail)}/`))
    return { installed: false, problems: [] };
  const problems: Problem[] = managedCopyProblems(ctx, "droid", guardrail, file);
  if (getPath(parseJsonc(text, file), ["hooks", "hooksDisabled"]) !== false)
    problems.push({
      problem: `${file} does not pin hooks.hooksDisabled: false: one line in a user's hooks.json turns every hook off`,
      fix: `set hooks.hooksDisabled to false in ${file}`,
    });
  problems.push(...droidSwitches(ctx, true));
  return { installed: true, where: file, problems };
}
