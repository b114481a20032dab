// `hookrail install|uninstall|update <guardrail…|all> --cli <cli|all> [--scope user|project] [--dry-run]`:
// plans every step first (each CLI's installer, chained so later plans see earlier edits), checks
// the whole plan can run, then prints it (--dry-run) or carries it out and records it.

import type { CliName } from "@hookrail/core";
import { apply, describe, preflight } from "../install/apply.ts";
import { requireShipped } from "../install/bundles.ts";
import { installContext, parseScope } from "../install/context.ts";
import { readText } from "../install/files.ts";
import { findInstallers, installers } from "../install/installers.ts";
import { InstallRecords } from "../install/record.ts";
import { stage } from "../install/stage.ts";
import type { Change, CliInstaller } from "../install/types.ts";
import type { CommandIO } from "../io.ts";
import { findGuardrail, guardrails, UserError } from "../registry.ts";

export interface InstallOptions {
  cli?: string;
  scope?: string;
  /** Managed scope: where the bundles go (default /opt/hookrail). */
  prefix?: string | undefined;
  dryRun?: boolean;
}

type Action = "install" | "uninstall";

interface Step {
  installer: CliInstaller;
  guardrail: string;
  changes: Change[];
}

export function guardrailNames(names: readonly string[]): string[] {
  if (names.length === 1 && names[0] === "all") return Object.keys(guardrails);
  if (!names.length) findGuardrail(undefined);
  return names.map((n) => findGuardrail(n).manifest.name);
}

export async function installCommand(action: Action, names: readonly string[], opts: InstallOptions, io: CommandIO) {
  const targets = guardrailNames(names);
  const scope = parseScope(opts.scope);
  const clis: CliInstaller[] = [];
  for (const installer of findInstallers(opts.cli)) {
    const missing = installer.scopes.includes(scope)
      ? undefined
      : (installer.scopeNote?.[scope] ?? `${installer.title} has no ${scope} scope`);
    if (!missing) clis.push(installer);
    // `--cli all` covers the CLIs that have the scope and says which it left out; a CLI named alone must have it.
    else if (opts.cli === "all") io.stderr.write(`hookrail: skipped ${installer.title}: ${missing}\n`);
    else throw new UserError(missing);
  }
  if (!clis.length) throw new UserError(`no CLI has a ${scope} scope`);
  if (scope === "managed" && !opts.dryRun && process.getuid?.() !== 0)
    throw new UserError(
      "--scope managed writes the administrator's layer (/etc, and the bundles' folder): run it as root, e.g. sudo npx hookrail install … --scope managed",
    );
  const ctx = installContext(io.env, io.cwd, scope, opts.prefix);
  const records = new InstallRecords(io.env, ctx.home);
  const key = (installer: CliInstaller, guardrail: string) => ({
    cli: installer.cli,
    scope,
    project: ctx.project,
    guardrail,
  });

  const steps: Step[] = [];
  // The managed layer copies from the package straight into its root-owned prefix.
  const staging = action === "install" && scope !== "managed" ? stage(ctx.bundles) : [];
  for (const installer of clis) {
    for (const guardrail of action === "install" ? targets : [...targets].reverse()) {
      // A guardrail with no moment in this CLI: refused when asked for by name, else skipped with that line.
      const refusal = findGuardrail(guardrail).manifest.unsupported?.[installer.cli as CliName];
      if (action === "install" && refusal) {
        if (opts.cli !== "all" && names[0] !== "all")
          throw new UserError(`${guardrail} cannot run in ${installer.title}: ${refusal}`);
        io.stderr.write(`hookrail: skipped ${guardrail} for ${installer.title}: ${refusal}\n`);
        continue;
      }
      if (action === "install") requireShipped(ctx.bundles, guardrail, installer.cli);
      if (
        action === "uninstall" &&
        !installer.status(guardrail, ctx).installed &&
        !records.get(key(installer, guardrail))
      )
        continue;
      let changes = installer[action](guardrail, ctx);
      if (action === "uninstall") changes = records.restore(key(installer, guardrail), changes);
      ctx.note(changes);
      steps.push({ installer, guardrail, changes });
    }
  }
  preflight([...staging, ...steps.flatMap((s) => s.changes)], io.env, `${action} ${targets.join(", ")}`);

  const print = (text: string) => io.stdout.write(`${text}\n`);
  if (opts.dryRun) {
    for (const c of staging) print(describe(c));
    for (const s of steps) {
      print(`# ${s.installer.title}: ${action} ${s.guardrail} (${scope} scope)`);
      const lines = s.changes.map(describe).filter((l) => !l.startsWith("unchanged "));
      print(lines.length ? lines.join("\n") : "(nothing to change)");
    }
    return 0;
  }
  if (!steps.length) print(`nothing to ${action}`);
  await apply(staging, io.env);
  for (const s of steps) {
    await apply(s.changes, io.env);
    // What a CLI's own command left is recorded as it really is, not as predicted.
    const done = s.changes.map((c) => (c.kind === "settle" ? { ...c, after: readText(c.path) } : c));
    if (action === "install")
      records.noteInstall(
        key(s.installer, s.guardrail),
        ctx.bundles.version,
        done,
        scope === "managed" ? ctx.system.prefix : undefined,
      );
    else records.forget(key(s.installer, s.guardrail));
    records.save();
    const where = s.installer.status(s.guardrail, ctx).where;
    print(
      `${action === "install" ? "installed" : "uninstalled"} ${s.guardrail} for ${s.installer.title} (${scope} scope)${where && action === "install" ? `: ${where}` : ""}`,
    );
    if (action === "install") for (const note of s.installer.notes?.(s.guardrail, ctx) ?? []) print(note);
  }
  return 0;
}

/** Every CLI name, for usage text. */
export const cliNames = () => Object.keys(installers);
