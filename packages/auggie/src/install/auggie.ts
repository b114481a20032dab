// Auggie: copies the guardrail's folder next to the settings.json that runs it and merges its groups into that
// file's "hooks". User scope: ~/.augment. Project scope: <repo>/.augment/, whose hooks Auggie runs without asking
// (the command finds the copy through $AUGMENT_PROJECT_DIR, which Auggie gives every hook: the workspace root).
// Auggie runs no hook unless Augment's service turns its `enableHooks` flag on for the account (or a settings
// file's featureFlagOverrides does): the notes say so, since nothing on this machine shows the service's answer.
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
  readText,
  removeGroups,
  sameTree,
  shippedFolder,
} from "@hookrail/install-kit";
import { auggieHome, auggieHooks, auggieProbes, auggieSwitches } from "./auggie-files.ts";

function place(guardrail: string, ctx: InstallContext) {
  const base = ctx.scope === "project" ? join(ctx.project, ".augment") : auggieHome(ctx);
  const folderText =
    ctx.scope === "project"
      ? `$AUGMENT_PROJECT_DIR/.augment/hookrail/${guardrail}`
      : `$HOME/.augment/hookrail/${guardrail}`;
  return { settingsFile: join(base, "settings.json"), folder: join(base, "hookrail", guardrail), folderText };
}

function install(guardrail: string, ctx: InstallContext): Change[] {
  const { settingsFile, folder, folderText } = place(guardrail, ctx);
  const hooks = auggieHooks(guardrail, ctx, folderText);
  const before = ctx.read(settingsFile);
  const shipped = shippedFolder(ctx, guardrail, "auggie");
  return [
    ...(sameTree(shipped, folder)
      ? []
      : [{ kind: "copy", from: shippedFolder(ctx, guardrail, "auggie", true), to: folder } as const]),
    { kind: "file", path: settingsFile, before, after: mergeGroups(before, settingsFile, guardrail, hooks) },
  ];
}

function uninstall(guardrail: string, ctx: InstallContext): Change[] {
  const { settingsFile, folder } = place(guardrail, ctx);
  const changes: Change[] = [];
  const before = ctx.read(settingsFile);
  const after = before === null ? null : removeGroups(before, settingsFile, guardrail);
  if (before !== null) changes.push({ kind: "file", path: settingsFile, before, after });
  if (existsSync(folder)) changes.push({ kind: "remove", path: folder });
  // Our folder goes too once no group left in the file (as planned so far) runs anything in it.
  const left = Object.values(hooksOf(after, settingsFile)).flat();
  const parent = dirname(folder);
  if (existsSync(parent) && readdirSync(parent).every((g) => g === guardrail || !left.some(isHookrailGroup(g))))
    changes.push({ kind: "remove", path: parent });
  return changes;
}

function status(guardrail: string, ctx: InstallContext): GuardrailStatus {
  const { settingsFile, folder } = place(guardrail, ctx);
  const installed = Object.values(hooksOf(readText(settingsFile), settingsFile))
    .flat()
    .some(isHookrailGroup(guardrail));
  if (!installed) return { installed: false, problems: [] };
  const problems: Problem[] = [];
  const again = `npx hookrail install ${guardrail} --cli auggie --scope ${ctx.scope}`;
  if (!existsSync(folder))
    problems.push({ id: "auggie.hook.cannot-start", problem: `${folder} has gone`, fix: `run ${again}` });
  const bundle = `${guardrail}.cjs`;
  const shipped = join(shippedFolder(ctx, guardrail, "auggie"), bundle);
  if (existsSync(folder) && existsSync(shipped) && readText(join(folder, bundle)) !== readText(shipped))
    problems.push({
      id: "auggie.hook.outdated",
      problem: `${join(folder, bundle)} differs from the one hookrail ${ctx.bundles.version} ships`,
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
  probes: (guardrail, ctx) => auggieProbes(ctx, place(guardrail, ctx)),
  projectCopy: true,
  hookFiles: (guardrail, ctx) => [join(place(guardrail, ctx).folder, `${guardrail}.cjs`)],
};
