// Gemini CLI. User scope: its own installer, `gemini extensions install <stable copy> --consent`
// (GEMINI_CLI_TRUST_WORKSPACE=true answers the folder-trust question it would otherwise wait on).
// Project scope: extensions are per user in Gemini, so the hooks go where its workspace settings
// allow them: <repo>/.gemini/settings.json, running a copy committed in <repo>/.gemini/hookrail/<g>/
// (Gemini runs them only in a folder the user trusts).

import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { bundleFileName } from "@hookrail/core";
import {
  type Change,
  type CliInstaller,
  type GuardrailStatus,
  type HookGroups,
  type InstallContext,
  type InstallProbe,
  isHookrailGroup,
  managedInstall,
  managedStatus,
  managedUninstall,
  mergeGroups,
  type Problem,
  parseJsonc,
  readText,
  removeGroups,
  sameTree,
  shippedFolder,
} from "@hookrail/install-kit";
import { GEMINI_EXTENSION_PATH } from "../packaging.ts";
import { geminiManaged } from "./gemini-managed.ts";

const geminiDir = (ctx: InstallContext) => join(ctx.env.GEMINI_CLI_HOME || ctx.home, ".gemini");
const RUN_ENV = { GEMINI_CLI_TRUST_WORKSPACE: "true" };

function place(guardrail: string, ctx: InstallContext) {
  const project = join(ctx.project, ".gemini");
  return {
    extension: join(geminiDir(ctx), "extensions", guardrail),
    settings: ctx.scope === "project" ? join(project, "settings.json") : join(geminiDir(ctx), "settings.json"),
    copy: join(project, "hookrail", guardrail),
  };
}

/** What Gemini's own extension commands change, for the transaction to put back if a later step fails. */
const touched = (guardrail: string, ctx: InstallContext) => [
  place(guardrail, ctx).extension,
  join(geminiDir(ctx), "extensions", "extension-enablement.json"),
];

const same = (a: string, b: string, files: string[]) =>
  files.every((f) => readText(join(a, f)) === readText(join(b, f)));
// The hook file and the bundle's file its loader reads beside it.
const shippedFiles = (guardrail: string) => [
  "gemini-extension.json",
  "hooks/hooks.json",
  `hooks/${guardrail}.cjs`,
  `hooks/${bundleFileName(`${guardrail}.cjs`)}`,
];

function install(guardrail: string, ctx: InstallContext): Change[] {
  if (ctx.scope === "managed") return managedInstall(geminiManaged, guardrail, ctx);
  const { extension, settings, copy } = place(guardrail, ctx);
  const source = shippedFolder(ctx, guardrail, "gemini", true);
  if (ctx.scope === "project") {
    const hooksFile = join(shippedFolder(ctx, guardrail, "gemini"), "hooks", "hooks.json");
    const text = readFileSync(hooksFile, "utf8").replaceAll(
      GEMINI_EXTENSION_PATH,
      `$GEMINI_PROJECT_DIR/.gemini/hookrail/${guardrail}`,
    );
    const before = ctx.read(settings);
    return [
      ...(sameTree(shippedFolder(ctx, guardrail, "gemini"), copy)
        ? []
        : [{ kind: "copy", from: shippedFolder(ctx, guardrail, "gemini"), to: copy } as const]),
      {
        kind: "file",
        path: settings,
        before,
        after: mergeGroups(before, settings, guardrail, parseJsonc(text, hooksFile).hooks as HookGroups),
      },
    ];
  }
  const run = (...args: string[]): Change => ({
    kind: "run",
    bin: "gemini",
    args,
    env: RUN_ENV,
    cwd: ctx.project,
    touches: touched(guardrail, ctx),
  });
  if (existsSync(extension) && same(extension, shippedFolder(ctx, guardrail, "gemini"), shippedFiles(guardrail)))
    return [];
  return [
    ...(existsSync(extension) ? [run("extensions", "uninstall", guardrail)] : []),
    run("extensions", "install", source, "--consent"),
  ];
}

function uninstall(guardrail: string, ctx: InstallContext): Change[] {
  if (ctx.scope === "managed") return managedUninstall(geminiManaged, guardrail, ctx);
  const { extension, settings, copy } = place(guardrail, ctx);
  if (ctx.scope === "user")
    return existsSync(extension)
      ? [
          {
            kind: "run",
            bin: "gemini",
            args: ["extensions", "uninstall", guardrail],
            env: RUN_ENV,
            cwd: ctx.project,
            touches: touched(guardrail, ctx),
          },
        ]
      : [];
  const changes: Change[] = [];
  const before = ctx.read(settings);
  if (before !== null)
    changes.push({ kind: "file", path: settings, before, after: removeGroups(before, settings, guardrail) });
  if (existsSync(copy)) changes.push({ kind: "remove", path: copy });
  const parent = dirname(copy);
  if (existsSync(parent) && readdirSync(parent).every((entry) => entry === guardrail))
    changes.push({ kind: "remove", path: parent });
  return changes;
}

/** Gemini's enablement rules for an extension: the last rule matching the folder wins ("!" disables). */
function enabledIn(rules: string[], folder: string): boolean {
  let enabled = true;
  for (const rule of rules) {
    const negated = rule.startsWith("!");
    const pattern = negated ? rule.slice(1) : rule;
    const matches = pattern.endsWith("*") ? `${folder}/`.startsWith(pattern.slice(0, -1)) : folder === pattern;
    if (matches) enabled = !negated;
  }
  return enabled;
}

function status(guardrail: string, ctx: InstallContext): GuardrailStatus {
  if (ctx.scope === "managed") return managedStatus(geminiManaged, guardrail, ctx);
  const { extension, settings, copy } = place(guardrail, ctx);
  const dir = geminiDir(ctx);
  const problems: Problem[] = [];
  let version: string | undefined;
  let where: string;
  if (ctx.scope === "user") {
    if (!existsSync(join(extension, "gemini-extension.json"))) return { installed: false, problems: [] };
    where = extension;
    version = parseJsonc(readText(join(extension, "gemini-extension.json")), extension).version as string | undefined;
    const enablementFile = join(dir, "extensions", "extension-enablement.json");
    const rules = (
      parseJsonc(readText(enablementFile), enablementFile)[guardrail] as { overrides?: string[] } | undefined
    )?.overrides;
    if (rules && !enabledIn(rules, ctx.project))
      problems.push({
        id: "gemini.extension.disabled",
        problem: `the extension is disabled for ${ctx.project}`,
        fix: `run gemini extensions enable ${guardrail}`,
      });
    const shipped = shippedFolder(ctx, guardrail, "gemini");
    if (existsSync(shipped) && !same(extension, shipped, shippedFiles(guardrail)))
      problems.push({
        id: "gemini.extension.outdated",
        problem: `the installed copy differs from the one hookrail ${ctx.bundles.version} ships`,
        fix: "run npx hookrail update",
      });
  } else {
    const groups = Object.values(parseJsonc(readText(settings), settings).hooks ?? {}) as HookGroups[string][];
    if (!groups.flat().some(isHookrailGroup(guardrail))) return { installed: false, problems: [] };
    where = settings;
    if (!existsSync(copy))
      problems.push({
        id: "gemini.hook.cannot-start",
        problem: `${copy} has gone, so its hooks cannot start`,
        fix: `run npx hookrail install ${guardrail} --cli gemini --scope project`,
      });
    const trustFile = join(dir, "trustedFolders.json");
    const trusted = Object.entries(parseJsonc(readText(trustFile), trustFile)).some(
      ([folder, level]) =>
        (folder === ctx.project && level === "TRUST_FOLDER") ||
        (level === "TRUST_PARENT" && `${ctx.project}/`.startsWith(`${dirname(folder)}/`)) ||
        (level === "TRUST_FOLDER" && `${ctx.project}/`.startsWith(`${folder}/`)),
    );
    if (!trusted)
      problems.push({
        id: "gemini.folder.untrusted",
        problem: `${ctx.project} is not a trusted folder, so Gemini ignores its .gemini/settings.json hooks`,
        fix: "trust the folder when Gemini asks (or /permissions in Gemini)",
      });
  }
  for (const file of new Set([join(dir, "settings.json"), join(ctx.project, ".gemini", "settings.json")])) {
    const hooksConfig = (parseJsonc(readText(file), file).hooksConfig ?? {}) as {
      enabled?: boolean;
      disabled?: string[];
    };
    if (hooksConfig.enabled === false)
      problems.push({
        id: "gemini.hooks.disabled",
        problem: `hooksConfig.enabled is false in ${file}: no hook runs`,
        fix: `remove it from ${file}`,
      });
    if (hooksConfig.disabled?.includes(guardrail))
      problems.push({
        id: "gemini.hook.disabled",
        problem: `hooksConfig.disabled lists ${guardrail} in ${file}`,
        fix: `remove it from that list in ${file}`,
      });
  }
  return { installed: true, ...(version ? { version } : {}), where, problems };
}

/** What a session-start hook checks: the extension (or the project's copy and its hooks) there, hooks on. */
function probes(guardrail: string, ctx: InstallContext): InstallProbe[] {
  if (ctx.scope === "managed") return [];
  const { extension, settings, copy } = place(guardrail, ctx);
  const userSettings = join(geminiDir(ctx), "settings.json");
  const common: InstallProbe[] = [...new Set([userSettings, settings])].flatMap((file): InstallProbe[] => [
    { file, at: ["hooksConfig", "enabled"], not: false, why: `hooksConfig.enabled is false in ${file}` },
    { file, at: ["hooksConfig", "disabled"], lacks: guardrail, why: `hooksConfig.disabled lists it in ${file}` },
  ]);
  if (ctx.scope === "user")
    return [
      { exists: join(extension, "gemini-extension.json"), why: `its extension ${extension} has gone` },
      ...common,
    ];
  return [
    { exists: copy, why: `${copy} has gone` },
    { file: settings, contains: [`/.gemini/hookrail/${guardrail}/`], why: `its hooks are gone from ${settings}` },
    ...common,
  ];
}

function notes(guardrail: string, ctx: InstallContext): string[] {
  if (ctx.scope !== "project") return [];
  return [
    `Gemini runs ${guardrail} from ${join(ctx.project, ".gemini", "settings.json")} only where the user trusts the folder ${ctx.project}.`,
  ];
}

export const geminiInstaller: CliInstaller = {
  cli: "gemini",
  title: "Gemini CLI",
  bin: "gemini",
  homes: (ctx) => [geminiDir(ctx)],
  scopes: ["user", "project", "managed"],
  install,
  uninstall,
  status,
  notes,
  probes,
  projectCopy: true,
  hookFiles: (guardrail, ctx) => {
    if (ctx.scope === "managed") return [];
    const { extension, copy } = place(guardrail, ctx);
    return [join(ctx.scope === "user" ? extension : copy, "hooks", `${guardrail}.cjs`)];
  },
};
