// Codex: copies the guardrail's folder next to the hooks.json that runs it, merges its groups into
// that hooks.json, and trusts exactly those hooks in the user's config.toml (Codex skips an
// untrusted hook without a word). User scope: $CODEX_HOME (default ~/.codex). Project scope:
// <repo>/.codex/, which Codex loads only in a project the user trusts.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { jsonErrorMessage } from "@hookrail/core";
import {
  type Change,
  type CliInstaller,
  type GuardrailStatus,
  type HookGroups,
  hooksOf,
  type InstallContext,
  type InstallProbe,
  isHookrailGroup,
  managedInstall,
  managedStatus,
  managedUninstall,
  mergeGroups,
  type Problem,
  parseJsonc,
  parseToml,
  readText,
  removeGroups,
  removeTable,
  sameTree,
  setTable,
  shippedFolder,
  tableBodies,
  UserError,
} from "@hookrail/install-kit";
import { codexTrustChecks } from "./codex-doctor.ts";
import { codexManaged } from "./codex-managed.ts";
import { codexProjectHooks } from "./codex-project-hooks.ts";
import { codexTrustEntries, movedHandlers } from "./codex-trust.ts";

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

/** The shipped groups; for a project, their commands find the bundle from the repository's top level. */
function shippedHooks(guardrail: string, ctx: InstallContext): HookGroups {
  const file = join(shippedFolder(ctx, guardrail, "codex"), "hooks.json");
  const hooks = parseJsonc(readFileSync(file, "utf8"), file).hooks as HookGroups;
  return ctx.scope === "project" ? codexProjectHooks(hooks, guardrail) : hooks;
}

/** The trust entries Codex needs for this guardrail's groups in the hooks.json at `file`. */
export const ourTrust = (file: string, text: string | null, name: string) =>
  codexTrustEntries(file, hooksOf(text, file), isHookrailGroup(name));

const trustKey = (key: string) => ["hooks", "state", key];

/** Codex reads hooks.json as strict JSON: one it cannot read stops us (it would skip every hook in it). */
function strictHooks(file: string, text: string | null): void {
  if (text === null || text.trim() === "") return;
  try {
    JSON.parse(text);
  } catch {
    throw new UserError(
      `${jsonErrorMessage(file, text)}, and Codex cannot read it; fix it, then run again: nothing was changed`,
    );
  }
}

/**
 * config.toml once the hooks.json at `hooksFile` goes from `before` to `after`: our hooks trusted with
 * their current hash, and every other handler's state (trusted, untrusted, disabled) moved with it to
 * its new place, so a hook that was trusted stays trusted and one that was not does not become so.
 */
function retrusted(
  config: string,
  configFile: string,
  hooksFile: string,
  before: string | null,
  after: string | null,
  guardrail: string,
): string {
  const ours = isHookrailGroup(guardrail);
  const { moves, before: existed } = movedHandlers(
    hooksFile,
    hooksOf(before, hooksFile),
    hooksOf(after, hooksFile),
    ours,
  );
  const bodies = tableBodies(config, ["hooks", "state"], configFile);
  const desired = new Map<string, string | null>();
  for (const [from, to] of moves) desired.set(to, bodies.get(from) ?? null);
  if (after !== null)
    for (const { key, hash } of ourTrust(hooksFile, after, guardrail))
      desired.set(key, `trusted_hash = ${JSON.stringify(hash)}`);
  for (const key of existed) if (!desired.has(key)) desired.set(key, null);
  let out = config;
  for (const [key, body] of desired) {
    if (body === (bodies.get(key) ?? null)) continue;
    out = body === null ? removeTable(out, trustKey(key), configFile) : setTable(out, trustKey(key), body, configFile);
  }
  return out;
}

function install(guardrail: string, ctx: InstallContext): Change[] {
  if (ctx.scope === "managed") return managedInstall(codexManaged, guardrail, ctx);
  const { hooksFile, folder, configFile } = place(guardrail, ctx);
  // The project hook finds its bundle through git: outside a repository it could not start (and Codex runs the tool).
  if (ctx.scope === "project" && !existsSync(join(ctx.project, ".git")))
    throw new UserError(
      `${ctx.project} is not a git repository; Codex project hooks are installed at a repository's top level`,
    );
  const hooksBefore = ctx.read(hooksFile);
  strictHooks(hooksFile, hooksBefore);
  const hooksAfter = mergeGroups(hooksBefore, hooksFile, guardrail, shippedHooks(guardrail, ctx));
  const configBefore = ctx.read(configFile);
  parseToml(configBefore, configFile);
  const config = retrusted(configBefore ?? "", configFile, hooksFile, hooksBefore, hooksAfter, guardrail);
  const shipped = shippedFolder(ctx, guardrail, "codex");
  return [
    ...(sameTree(shipped, folder)
      ? []
      : [{ kind: "copy", from: shippedFolder(ctx, guardrail, "codex"), to: folder } as const]),
    { kind: "file", path: hooksFile, before: hooksBefore, after: hooksAfter },
    {
      kind: "file",
      path: configFile,
      before: configBefore,
      after: configBefore === null && config === "" ? null : config,
    },
  ];
}

function uninstall(guardrail: string, ctx: InstallContext): Change[] {
  if (ctx.scope === "managed") return managedUninstall(codexManaged, guardrail, ctx);
  const { hooksFile, folder, configFile } = place(guardrail, ctx);
  const changes: Change[] = [];
  const hooksBefore = ctx.read(hooksFile);
  const hooksAfter = hooksBefore === null ? null : removeGroups(hooksBefore, hooksFile, guardrail);
  const configBefore = ctx.read(configFile);
  if (configBefore !== null)
    changes.push({
      kind: "file",
      path: configFile,
      before: configBefore,
      after: retrusted(configBefore, configFile, hooksFile, hooksBefore, hooksAfter, guardrail),
    });
  if (hooksBefore !== null) changes.push({ kind: "file", path: hooksFile, before: hooksBefore, after: hooksAfter });
  if (existsSync(folder)) changes.push({ kind: "remove", path: folder });
  // Our parent folder goes too when this was the last guardrail in it.
  const parent = dirname(folder);
  if (existsSync(parent) && readdirSync(parent).every((entry) => entry === guardrail))
    changes.push({ kind: "remove", path: parent });
  return changes;
}

function status(guardrail: string, ctx: InstallContext): GuardrailStatus {
  if (ctx.scope === "managed") return managedStatus(codexManaged, guardrail, ctx);
  const { hooksFile, folder, configFile } = place(guardrail, ctx);
  const hooksText = ctx.read(hooksFile);
  strictHooks(hooksFile, hooksText);
  const entries = hooksText !== null ? ourTrust(hooksFile, hooksText, guardrail) : [];
  if (!entries.length) return { installed: false, problems: [] };
  const config = parseToml(ctx.read(configFile), configFile).value;
  const state = ((config.hooks as Record<string, unknown> | undefined)?.state ?? {}) as Record<
    string,
    { trusted_hash?: string; enabled?: boolean }
  >;
  const problems: Problem[] = [];
  const again = `npx hookrail install ${guardrail} --cli codex --scope ${ctx.scope}`;
  if (!existsSync(join(folder, `${guardrail}.cjs`)))
    problems.push({
      id: "codex.hook.cannot-start",
      problem: `${join(folder, `${guardrail}.cjs`)} has gone, so its hooks cannot start`,
      fix: `run ${again}`,
    });
  const untrusted = entries.filter(({ key, hash }) => state[key]?.trusted_hash !== hash);
  if (untrusted.length)
    problems.push({
      id: "codex.hook.untrusted",
      problem: `${untrusted.length} hook(s) not trusted or edited since trusted in ${configFile}: Codex skips them silently`,
      fix: `run ${again} (it re-trusts exactly these hooks)`,
    });
  const disabled = entries.filter(({ key }) => state[key]?.enabled === false);
  if (disabled.length)
    problems.push({
      id: "codex.hook.disabled",
      problem: `${disabled.length} hook(s) switched off (enabled = false) in ${configFile}`,
      fix: "switch them on again in Codex (/hooks), or remove `enabled = false` from their tables",
    });
  if (ctx.scope === "project") {
    const projects = (config.projects ?? {}) as Record<string, { trust_level?: string }>;
    if (projects[ctx.project]?.trust_level !== "trusted")
      problems.push({
        id: "codex.project.untrusted",
        problem: `project ${ctx.project} is not trusted, so Codex does not load its .codex/hooks.json`,
        fix: `trust the project when Codex asks, or add [projects."${ctx.project}"] trust_level = "trusted" to ${configFile}`,
      });
  }
  const shipped = join(shippedFolder(ctx, guardrail, "codex"), `${guardrail}.cjs`);
  const installed = join(folder, `${guardrail}.cjs`);
  if (existsSync(shipped) && existsSync(installed) && readText(installed) !== readText(shipped))
    problems.push({
      id: "codex.hook.outdated",
      problem: `${installed} differs from the one hookrail ${ctx.bundles.version} ships`,
      fix: `run npx hookrail update`,
    });
  return { installed: true, where: folder, problems };
}

/**
 * What a session-start hook checks: each of our handlers still where its trust key says (Codex trusts
 * by place), that trust still in config.toml, and the bundle there.
 */
function probes(guardrail: string, ctx: InstallContext): InstallProbe[] {
  if (ctx.scope === "managed") return [];
  const { hooksFile, folder, configFile } = place(guardrail, ctx);
  const text = ctx.read(hooksFile);
  const hooks = hooksOf(text, hooksFile);
  const bundle = join(folder, `${guardrail}.cjs`);
  const found: InstallProbe[] = [{ exists: bundle, why: `its bundle ${bundle} has gone` }];
  for (const [event, groups] of Object.entries(hooks))
    groups.forEach((group, g) => {
      if (!isHookrailGroup(guardrail)(group)) return;
      group.hooks.forEach((_, h) => {
        found.push({
          file: hooksFile,
          at: ["hooks", event, g, "hooks", h, "command"],
          has: `/hookrail/${guardrail}/`,
          why: `its hook in ${hooksFile} was moved or removed (Codex trusts a hook by its place)`,
        });
      });
    });
  for (const { key, hash } of ourTrust(hooksFile, text, guardrail))
    found.push({
      file: configFile,
      contains: [`"${key}"]`, hash],
      why: `Codex no longer trusts its hooks (${configFile})`,
    });
  return found;
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
  bin: "codex",
  homes: (ctx) => [codexHome(ctx.env, ctx.home)],
  scopes: ["user", "project", "managed"],
  install,
  uninstall,
  status,
  notes,
  probes,
  doctorChecks: codexTrustChecks,
  projectCopy: true,
  hookFiles: (guardrail, ctx) =>
    ctx.scope === "managed" ? [] : [join(place(guardrail, ctx).folder, `${guardrail}.cjs`)],
};
