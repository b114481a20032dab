// Qwen Code. User scope: its own installer, `qwen extensions install <stable copy>/plugins/<g>/qwen --consent`
// (copied to $QWEN_HOME/extensions/<g>/, default ~/.qwen, and enabled). Never `qwen extensions link`: it asks
// [Y/n] and, with stdin closed, links nothing and still exits 0; nor the `<marketplace>:<plugin>` form, which
// leaves a staging copy in the source folder. Project scope: <repo>/.qwen/settings.json runs a copy committed
// in <repo>/.qwen/hookrail/<g>/ (Qwen exports QWEN_PROJECT_DIR to hooks). Managed scope: qwen-managed.ts.
import { existsSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { bundleFileName } from "@hookrail/core";
import {
  type Change,
  type CliInstaller,
  describeErrors,
  type GuardrailStatus,
  hooksOf,
  type InstallContext,
  isHookrailGroup,
  mergeGroups,
  type Problem,
  parseJsonc,
  readText,
  removeGroups,
  shippedFolder,
  strictJsonErrors,
  sys,
} from "@hookrail/install-kit";
import { qwenExtensionEnabled, qwenProbes, qwenSwitches, qwenTrustProblem } from "./qwen-checks.ts";
import { EXTENSION_ROOT, QWEN_SYSTEM_SETTINGS, qwenHome, qwenHooks } from "./qwen-files.ts";
import { qwenManagedInstall, qwenManagedStatus, qwenManagedUninstall } from "./qwen-managed.ts";

function place(guardrail: string, ctx: InstallContext) {
  return {
    extension: join(qwenHome(ctx), "extensions", guardrail),
    settings: join(ctx.project, ".qwen", "settings.json"),
    copy: join(ctx.project, ".qwen", "hookrail", guardrail),
  };
}

// The hook file and the bundle's file its loader reads beside it.
const shippedFiles = (guardrail: string) => [
  "qwen-extension.json",
  "hooks/hooks.json",
  `hooks/${guardrail}.cjs`,
  `hooks/${bundleFileName(`${guardrail}.cjs`)}`,
];
const same = (a: string, b: string, files: string[]) =>
  files.every((f) => readText(join(a, f)) !== null && readText(join(a, f)) === readText(join(b, f)));

/** What Qwen's own extension commands change (its store keeps what it installed), put back if a later step fails. */
const touched = (guardrail: string, ctx: InstallContext) => [
  place(guardrail, ctx).extension,
  join(qwenHome(ctx), "extensions", "extension-enablement.json"),
  join(qwenHome(ctx), "extension-store"),
];

// Run from the home folder: in a project, qwen would also rewrite that project's .qwen/settings.json (it adds
// its "$version"), a file that may be hookrail's own or the team's.
const run = (ctx: InstallContext, guardrail: string, ...args: string[]): Change => ({
  kind: "run",
  bin: "qwen",
  args,
  cwd: ctx.home,
  touches: touched(guardrail, ctx),
});

function install(guardrail: string, ctx: InstallContext): Change[] {
  if (ctx.scope === "managed") return qwenManagedInstall(guardrail, ctx);
  const { extension, settings, copy } = place(guardrail, ctx);
  if (ctx.scope === "project") {
    const hooks = qwenHooks(guardrail, ctx, `$QWEN_PROJECT_DIR/.qwen/hookrail/${guardrail}`);
    const before = ctx.read(settings);
    return [
      { kind: "copy", from: shippedFolder(ctx, guardrail, "qwen", true), to: copy },
      { kind: "file", path: settings, before, after: mergeGroups(before, settings, guardrail, hooks) },
    ];
  }
  qwenHooks(guardrail, ctx, EXTENSION_ROOT);
  const shipped = shippedFolder(ctx, guardrail, "qwen");
  if (same(extension, shipped, shippedFiles(guardrail))) return [];
  return [
    // Qwen refuses to install over an extension of the same name.
    ...(existsSync(extension) ? [run(ctx, guardrail, "extensions", "uninstall", guardrail)] : []),
    run(ctx, guardrail, "extensions", "install", shippedFolder(ctx, guardrail, "qwen", true), "--consent"),
  ];
}

function uninstall(guardrail: string, ctx: InstallContext): Change[] {
  if (ctx.scope === "managed") return qwenManagedUninstall(guardrail, ctx);
  const { extension, settings, copy } = place(guardrail, ctx);
  if (ctx.scope === "user")
    return existsSync(extension) ? [run(ctx, guardrail, "extensions", "uninstall", guardrail)] : [];
  const changes: Change[] = [];
  const before = ctx.read(settings);
  const after = before === null ? null : removeGroups(before, settings, guardrail);
  if (before !== null) changes.push({ kind: "file", path: settings, before, after });
  if (existsSync(copy)) changes.push({ kind: "remove", path: copy });
  // Our folder goes too once no group left in the settings (as planned so far) runs anything in it.
  const left = Object.values(hooksOf(after, settings)).flat();
  const parent = dirname(copy);
  if (existsSync(parent) && readdirSync(parent).every((g) => g === guardrail || !left.some(isHookrailGroup(g))))
    changes.push({ kind: "remove", path: parent });
  return changes;
}

function userStatus(guardrail: string, ctx: InstallContext): GuardrailStatus {
  const { extension } = place(guardrail, ctx);
  const manifest = join(extension, "qwen-extension.json");
  if (!existsSync(manifest)) return { installed: false, problems: [] };
  const problems: Problem[] = [];
  const enablement = join(qwenHome(ctx), "extensions", "extension-enablement.json");
  const rules = (parseJsonc(readText(enablement), enablement)[guardrail] as { overrides?: string[] } | undefined)
    ?.overrides;
  if (rules && !qwenExtensionEnabled(rules, ctx.project))
    problems.push({
      id: "qwen.extension.disabled",
      problem: `the extension ${guardrail} is disabled for ${ctx.project}`,
      fix: `run qwen extensions enable ${guardrail} (and --scope workspace in that folder)`,
    });
  const metadata = join(extension, ".qwen-extension-install.json");
  const source = String(parseJsonc(readText(metadata), metadata).source ?? "");
  const shipped = shippedFolder(ctx, guardrail, "qwen");
  if (/[\\/]claude$/.test(source))
    problems.push({
      id: "qwen.extension.claude-plugin",
      problem: `${extension} is hookrail's Claude plugin, which does not know Qwen's tool names`,
      fix: `run npx hookrail install ${guardrail} --cli qwen`,
    });
  else if (existsSync(shipped) && !same(extension, shipped, shippedFiles(guardrail)))
    problems.push({
      id: "qwen.extension.outdated",
      problem: `the installed copy differs from the one hookrail ${ctx.bundles.version} ships`,
      fix: "run npx hookrail update",
    });
  const version = parseJsonc(readText(manifest), manifest).version;
  return { installed: true, ...(typeof version === "string" ? { version } : {}), where: extension, problems };
}

function status(guardrail: string, ctx: InstallContext): GuardrailStatus {
  if (ctx.scope === "managed") return qwenManagedStatus(guardrail, ctx);
  const system = ctx.env.QWEN_CODE_SYSTEM_SETTINGS_PATH || sys(ctx, QWEN_SYSTEM_SETTINGS);
  let found: GuardrailStatus;
  if (ctx.scope === "user") found = userStatus(guardrail, ctx);
  else {
    const { settings, copy } = place(guardrail, ctx);
    const groups = Object.values(hooksOf(readText(settings), settings)).flat();
    if (!groups.some(isHookrailGroup(guardrail))) return { installed: false, problems: [] };
    const problems: Problem[] = [];
    if (!existsSync(copy))
      problems.push({
        id: "qwen.hook.cannot-start",
        problem: `${copy} has gone`,
        fix: `run npx hookrail install ${guardrail} --cli qwen --scope project`,
      });
    // Measured in Qwen Code 0.24.4: a project settings file it cannot parse (comments are fine, a trailing
    // comma is not) is copied to settings.json.corrupted and replaced by an empty one at its next start.
    const broken = strictJsonErrors(readText(settings) ?? "").filter((e) => e.what !== "a comment");
    if (broken.length)
      problems.push({
        id: "qwen.settings.not-json",
        problem: `Qwen Code cannot parse ${settings} (${describeErrors(broken)}): at its next start here it saves it as settings.json.corrupted, writes an empty one over it, and this guardrail's hooks are gone`,
        fix: `remove ${broken.length > 1 ? "them" : "it"} from ${settings} before Qwen starts in this folder`,
      });
    const trust = qwenTrustProblem(ctx, system);
    if (trust) problems.push(trust);
    found = { installed: true, where: settings, problems };
  }
  if (!found.installed) return found;
  return { ...found, problems: [...found.problems, ...qwenSwitches(ctx, system)] };
}

function notes(guardrail: string, ctx: InstallContext): string[] {
  const lines =
    guardrail === "plan-export"
      ? ["Qwen Code offers its plan approval (exit_plan_mode) only in its terminal UI: plans are exported there."]
      : [];
  if (ctx.scope !== "project") return lines;
  return [
    `Qwen reads ${join(ctx.project, ".qwen", "settings.json")} when it starts in ${ctx.project}; with security.folderTrust.enabled, only in a folder the user trusts.`,
    ...lines,
  ];
}

export const qwenInstaller: CliInstaller = {
  cli: "qwen",
  title: "Qwen Code",
  bin: "qwen",
  homes: (ctx) => [qwenHome(ctx)],
  scopes: ["user", "project", "managed"],
  install,
  uninstall,
  status,
  notes,
  probes: (guardrail, ctx) => {
    if (ctx.scope === "managed") return [];
    const { extension, settings, copy } = place(guardrail, ctx);
    const system = ctx.env.QWEN_CODE_SYSTEM_SETTINGS_PATH || sys(ctx, QWEN_SYSTEM_SETTINGS);
    return qwenProbes(guardrail, ctx, system, ctx.scope === "user" ? { extension } : { settings, copy });
  },
  projectCopy: true,
  hookFiles: (guardrail, ctx) => {
    if (ctx.scope === "managed") return [];
    const { extension, copy } = place(guardrail, ctx);
    return [join(ctx.scope === "user" ? extension : copy, "hooks", `${guardrail}.cjs`)];
  },
};
