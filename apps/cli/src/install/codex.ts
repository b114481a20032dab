// Codex: copies the guardrail's folder next to the hooks.json that runs it, merges its groups into
// that hooks.json, and trusts exactly those hooks in the user's config.toml (Codex skips an
// untrusted hook without a word). User scope: $CODEX_HOME (default ~/.codex). Project scope:
// <repo>/.codex/, which Codex loads only in a project the user trusts.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { CODEX_DIRS } from "@hookrail/codex";
import { UserError } from "../registry.ts";
import { pluginFolder } from "./bundles.ts";
import { codexTrustEntries } from "./codex-trust.ts";
import { readText, sameTree } from "./files.ts";
import { type HookGroups, hooksOf, isHookrailGroup, mergeGroups, removeGroups } from "./hook-groups.ts";
import { parseJsonc } from "./jsonc.ts";
import { managedInstall, managedStatus, managedUninstall } from "./managed.ts";
import { parseToml, removeTable, setTable } from "./toml.ts";
import type { Change, CliInstaller, GuardrailStatus, InstallContext, Problem } from "./types.ts";

export const codexHome = (env: NodeJS.ProcessEnv, home: string) => env.CODEX_HOME || join(home, ".codex");

/** Where the hooks.json and the copied folders live for this scope. */
function place(guardrail: string, ctx: InstallContext) {
  const base = ctx.scope === "project" ? join(ctx.project, ".codex") : codexHome(ctx.env, ctx.home);
  return {
    hooksFile: join(base, "hooks.json"),
    folder: join(base, "hookrail", guardrail),
    configFile: join(codexHome(ctx.env, ctx.home), "config.toml"),
  };
}

/** The shipped groups; for a project, their command finds the bundle from the repository's top level. */
function shippedHooks(guardrail: string, ctx: InstallContext): HookGroups {
  const file = join(pluginFolder(ctx.bundles.source, guardrail, "codex"), "hooks.json");
  let text = readFileSync(file, "utf8");
  if (ctx.scope === "project") {
    // JSON strings: the Windows command's quotes are single quotes, written as they are.
    text = text
      .replaceAll(CODEX_DIRS.user.posix, CODEX_DIRS.project.posix)
      .replaceAll(CODEX_DIRS.user.windows, CODEX_DIRS.project.windows);
  }
  return parseJsonc(text, file).hooks as HookGroups;
}

/** The trust entries Codex needs for this guardrail's groups in the hooks.json at `file`. */
export const ourTrust = (file: string, text: string | null, name: string) =>
  codexTrustEntries(file, hooksOf(text, file), isHookrailGroup(name));

const trustKey = (key: string) => ["hooks", "state", key];

function install(guardrail: string, ctx: InstallContext): Change[] {
  if (ctx.scope === "managed") return managedInstall("codex", guardrail, ctx);
  const { hooksFile, folder, configFile } = place(guardrail, ctx);
  // The project hook finds its bundle through git: outside a repository it could not start (and Codex runs the tool).
  if (ctx.scope === "project" && !existsSync(join(ctx.project, ".git")))
    throw new UserError(
      `${ctx.project} is not a git repository; Codex project hooks are installed at a repository's top level`,
    );
  const hooksBefore = ctx.read(hooksFile);
  const hooksAfter = mergeGroups(hooksBefore, hooksFile, guardrail, shippedHooks(guardrail, ctx));
  const configBefore = ctx.read(configFile);
  let config = configBefore ?? "";
  parseToml(config, configFile);
  // Trust tables of our earlier definitions go; the current ones are written.
  for (const { key } of ourTrust(hooksFile, hooksBefore, guardrail))
    config = removeTable(config, trustKey(key), configFile);
  for (const { key, hash } of ourTrust(hooksFile, hooksAfter, guardrail))
    config = setTable(config, trustKey(key), { trusted_hash: hash }, configFile);
  const shipped = pluginFolder(ctx.bundles.source, guardrail, "codex");
  return [
    ...(sameTree(shipped, folder)
      ? []
      : [{ kind: "copy", from: pluginFolder(ctx.bundles.root, guardrail, "codex"), to: folder } as const]),
    { kind: "file", path: hooksFile, before: hooksBefore, after: hooksAfter },
    { kind: "file", path: configFile, before: configBefore, after: config },
  ];
}

function uninstall(guardrail: string, ctx: InstallContext): Change[] {
  if (ctx.scope === "managed") return managedUninstall("codex", guardrail, ctx);
  const { hooksFile, folder, configFile } = place(guardrail, ctx);
  const changes: Change[] = [];
  const hooksBefore = ctx.read(hooksFile);
  const configBefore = ctx.read(configFile);
  if (configBefore !== null) {
    let config = configBefore;
    for (const { key } of ourTrust(hooksFile, hooksBefore, guardrail))
      config = removeTable(config, trustKey(key), configFile);
    changes.push({ kind: "file", path: configFile, before: configBefore, after: config });
  }
  if (hooksBefore !== null)
    changes.push({
      kind: "file",
      path: hooksFile,
      before: hooksBefore,
      after: removeGroups(hooksBefore, hooksFile, guardrail),
    });
  if (existsSync(folder)) changes.push({ kind: "remove", path: folder });
  // Our parent folder goes too when this was the last guardrail in it.
  const parent = dirname(folder);
  if (existsSync(parent) && readdirSync(parent).every((entry) => entry === guardrail))
    changes.push({ kind: "remove", path: parent });
  return changes;
}

function status(guardrail: string, ctx: InstallContext): GuardrailStatus {
  if (ctx.scope === "managed") return managedStatus("codex", guardrail, ctx);
  const { hooksFile, folder, configFile } = place(guardrail, ctx);
  const hooksText = ctx.read(hooksFile);
  const entries = existsSync(folder) && hooksText !== null ? ourTrust(hooksFile, hooksText, guardrail) : [];
  if (!entries.length) return { installed: false, problems: [] };
  const config = parseToml(ctx.read(configFile), configFile).value;
  const state = ((config.hooks as Record<string, unknown> | undefined)?.state ?? {}) as Record<
    string,
    { trusted_hash?: string }
  >;
  const problems: Problem[] = [];
  const again = `npx hookrail install ${guardrail} --cli codex --scope ${ctx.scope}`;
  const untrusted = entries.filter(({ key, hash }) => state[key]?.trusted_hash !== hash);
  if (untrusted.length)
    problems.push({
      problem: `${untrusted.length} hook(s) not trusted or edited since trusted in ${configFile}: Codex skips them silently`,
      fix: `run ${again} (it re-trusts exactly these hooks)`,
    });
  if (ctx.scope === "project") {
    const projects = (config.projects ?? {}) as Record<string, { trust_level?: string }>;
    if (projects[ctx.project]?.trust_level !== "trusted")
      problems.push({
        problem: `project ${ctx.project} is not trusted, so Codex does not load its .codex/hooks.json`,
        fix: `trust the project when Codex asks, or add [projects."${ctx.project}"] trust_level = "trusted" to ${configFile}`,
      });
  }
  const shipped = join(pluginFolder(ctx.bundles.source, guardrail, "codex"), `${guardrail}.cjs`);
  const installed = join(folder, `${guardrail}.cjs`);
  if (existsSync(shipped) && readText(installed) !== readText(shipped))
    problems.push({
      problem: `${installed} differs from the one hookrail ${ctx.bundles.version} ships`,
      fix: `run npx hookrail update`,
    });
  return { installed: true, where: folder, problems };
}

function notes(guardrail: string, ctx: InstallContext): string[] {
  if (ctx.scope !== "project") return [];
  return [
    `Codex runs ${ctx.project}/.codex/hooks.json only in a trusted project, and only hooks each user trusts:`,
    `  this user's trust for ${guardrail} is written; trust the project when Codex asks (or [projects."${ctx.project}"] trust_level = "trusted");`,
    `  each teammate runs npx hookrail install ${guardrail} --cli codex --scope project once in their clone (it trusts the hooks, commits nothing new).`,
  ];
}

export const codexInstaller: CliInstaller = {
  cli: "codex",
  title: "Codex",
  scopes: ["user", "project", "managed"],
  install,
  uninstall,
  status,
  notes,
};
