// `hookrail install|uninstall <guardrail…|all> --cli <cli|all> [--scope user|project|managed] [--dry-run]`:
// plans every step first (each CLI's installer, chained so later plans see earlier edits), checks the
// whole plan can run, then prints it (--dry-run) or carries it out as one transaction (a failure puts
// everything back) and records it. Per CLI, one line for the guardrails that came to the same, each piece of
// advice once (install/report.ts); one line ends it.

import type { InstallProbe } from "@hookrail/core";
import { type Change, type CliInstaller, type InstallContext, readText, type Scope } from "@hookrail/install-kit";
import { colorDiff, paint } from "../cli/color.ts";
import { apply, describe, preflight } from "../install/apply.ts";
import { withBundleProbes } from "../install/bundle-files.ts";
import { requireShipped } from "../install/bundles.ts";
import { runtimeFolders, type Tidied, tidy } from "../install/cleanup.ts";
import { installContext, type PlanContext, parseScope } from "../install/context.ts";
import { findInstallers, installers } from "../install/installers.ts";
import { missingBins, type Outcome, summaryLine } from "../install/outcome.ts";
import { pluginRouteNotes } from "../install/plugin-routes.ts";
import { presence } from "../install/presence.ts";
import {
  ignoredCopyNote,
  projectCopyChanges,
  projectCopyProbes,
  unusedProjectCopies,
} from "../install/project-copy.ts";
import { InstallRecords, type RecordKey } from "../install/record.ts";
import { cliReport } from "../install/report.ts";
import { stage } from "../install/stage.ts";
import { Transaction } from "../install/transaction.ts";
import type { CommandIO } from "../io.ts";
import { terminalProgress } from "../progress.ts";
import { findGuardrail, guardrails, namesIn, refusal, UsageError, UserError } from "../registry.ts";

export interface InstallOptions {
  /** One CLI, several (each as if named alone, all in one transaction), or "all". */
  cli?: string | readonly string[];
  scope?: string;
  /** Managed scope: where the bundles go (default /opt/hookrail). */
  prefix?: string | undefined;
  dryRun?: boolean;
  /** Uninstall: with the last install, remove the audit log too. */
  purge?: boolean;
  /** Called by `update`: the line says what changed. */
  update?: boolean;
  /** Collects the steps carried out (for `update`'s summary). */
  collect?: InstallStep[];
  /** The project folder, when known (a recorded install): not looked up again. */
  project?: string;
}

type Action = "install" | "uninstall";

export interface InstallStep {
  installer: CliInstaller;
  guardrail: string;
  changes: Change[];
  outcome: Outcome;
}

/** Whether a change reads from, or points a CLI at, `folder`. */
const refersTo = (c: Change, folder: string): boolean =>
  (c.kind === "copy" && (c.from.startsWith(folder) || c.to.startsWith(folder))) ||
  (c.kind === "run" && c.args.some((a) => a.startsWith(folder))) ||
  ((c.kind === "file" || c.kind === "settle") && (c.after ?? "").includes(folder));

export function guardrailNames(words: readonly string[]): string[] {
  const names = namesIn(words);
  if (names.includes("all")) {
    if (names.length > 1) throw new UsageError("all already names every guardrail: give it alone");
    return Object.keys(guardrails);
  }
  if (!names.length) findGuardrail(undefined);
  return [...new Set(names.map((n) => findGuardrail(n).manifest.name))];
}

/** The CLIs `--cli` names; for `all`, those this machine has (with a line for each one left out). */
function chooseClis(
  action: Action,
  scope: Scope,
  opts: InstallOptions,
  ctx: PlanContext,
  skip: (line: string) => void,
) {
  const chosen: CliInstaller[] = [];
  for (const installer of findInstallers(opts.cli)) {
    const missing = installer.scopes.includes(scope)
      ? undefined
      : (installer.scopeNote?.[scope] ?? `${installer.title} has no ${scope} scope`);
    if (missing && opts.cli !== "all") throw new UserError(missing);
    // Nothing can be installed in a scope a CLI does not have: `uninstall --cli all` has nothing to say about it.
    if (missing && action === "uninstall") continue;
    if (missing) {
      skip(`skipped ${installer.title}: ${missing}`);
      continue;
    }
    const found = presence(installer, ctx);
    // Uninstalling looks at every CLI (what is installed is gone only when removed); the managed layer is
    // written for the CLIs a machine may get later (a system image), so it covers every one.
    if (opts.cli === "all" && action === "install" && scope !== "managed" && !found.present) {
      skip(`skipped ${installer.title}: not found on this machine (${found.why})`);
      continue;
    }
    chosen.push(installer);
  }
  return chosen;
}

export async function installCommand(action: Action, words: readonly string[], opts: InstallOptions, io: CommandIO) {
  const targets = guardrailNames(words);
  const names = namesIn(words);
  const scope = parseScope(opts.scope);
  if (scope === "managed" && !opts.dryRun && process.getuid?.() !== 0)
    throw new UserError(
      "--scope managed writes the administrator's layer (/etc, and the bundles' folder): run it as root, e.g. sudo npx hookrail install … --scope managed",
    );
  const print = (text: string) => io.stdout.write(`${text}\n`);
  const ctx = installContext(io.env, io.cwd, scope, opts.prefix, opts.project);
  const skipped: string[] = [];
  const clis = chooseClis(action, scope, opts, ctx, (line) => skipped.push(line));
  const records = new InstallRecords(io.env, ctx.home);
  const hadInstalls = records.all().length > 0;
  const key = (installer: CliInstaller, guardrail: string): RecordKey => ({
    cli: installer.cli,
    scope,
    project: ctx.project,
    guardrail,
  });

  const steps: InstallStep[] = [];
  for (const installer of clis) {
    const planned: InstallStep[] = [];
    const undoNotes = ctx.mark();
    for (const guardrail of action === "install" ? targets : [...targets].reverse()) {
      // A CLI without the moment a guardrail needs: one line, skipped when many were asked for.
      const lacks = action === "install" ? unsupported(guardrail, installer.cli) : undefined;
      if (lacks && opts.cli !== "all" && names[0] !== "all")
        throw new UserError(`${guardrail} cannot run in ${installer.title}: ${lacks}`);
      if (lacks) {
        io.stderr.write(`hookrail: skipped ${guardrail} for ${installer.title}: ${lacks}\n`);
        continue;
      }
      const recorded = records.get(key(installer, guardrail));
      if (action === "install") requireShipped(ctx.bundles, guardrail, installer.cli);
      const before = installer.status(guardrail, ctx);
      if (action === "uninstall" && !before.installed && !recorded) {
        if (opts.cli !== "all" || names[0] !== "all")
          planned.push({ installer, guardrail, changes: [], outcome: { kind: "absent" } });
        continue;
      }
      let changes = installer[action](guardrail, ctx);
      if (action === "uninstall") changes = records.restore(key(installer, guardrail), changes);
      ctx.note(changes);
      planned.push({ installer, guardrail, changes, outcome: { kind: "pending", before, recorded } });
    }
    // `--cli all`: a CLI whose own installer is not on PATH is left out, with the reason.
    const lacking = missingBins(
      planned.flatMap((s) => s.changes),
      io.env,
    );
    if (opts.cli === "all" && lacking.length) {
      skipped.push(`skipped ${installer.title}: its own installer runs ${lacking.join(", ")}, which is not on PATH`);
      undoNotes();
      continue;
    }
    steps.push(...planned);
  }
  // The stable copy, when a CLI is pointed at it (Claude Code's user marketplace, Gemini CLI's extension source).
  // A folder a step copies itself (a repair) is not copied twice.
  const copied = new Set(steps.flatMap((s) => s.changes.flatMap((c) => (c.kind === "copy" ? [c.to] : []))));
  const staging =
    action === "install" && steps.some((s) => s.changes.some((c) => refersTo(c, ctx.bundles.root)))
      ? stage(ctx.bundles).filter((c) => c.kind !== "copy" || !copied.has(c.to))
      : [];
  // The project's one copy of each guardrail its CLIs' hook files run: written before them, removed after the last.
  const shared =
    action === "install"
      ? projectCopyChanges(ctx, steps)
      : unusedProjectCopies(ctx, targets, Object.values(installers), (installer, guardrail) =>
          steps.some((s) => s.installer === installer && s.guardrail === guardrail && s.outcome.kind === "pending"),
        ).map((path): Change => ({ kind: "remove", path }));
  for (const line of skipped) io.stderr.write(`hookrail: ${line}\n`);
  if (!clis.length || (!steps.length && skipped.length && opts.cli === "all"))
    throw new UserError(
      `no CLI to ${action} into here${scope === "user" ? "" : ` (${scope} scope)`}; ${action === "install" ? "install one of them first" : "nothing was changed"}`,
    );
  preflight([...staging, ...shared, ...steps.flatMap((s) => s.changes)], io.env, `${action} ${targets.join(", ")}`);

  if (opts.dryRun) {
    for (const c of staging) if (describe(c).startsWith("unchanged ") === false) print(describe(c));
    if (action === "install") for (const c of shared) print(describe(c));
    for (const s of steps) {
      print(`# ${s.installer.title}: ${action} ${s.guardrail} (${scope} scope)`);
      const lines = s.changes.map(describe).filter((l) => !l.startsWith("unchanged "));
      print(lines.length ? colorDiff(lines.join("\n"), paint(io)) : "(nothing to change)");
    }
    if (action === "uninstall") for (const c of shared) print(describe(c));
    print(`dry run: nothing was changed; run the same command without --dry-run to ${action}`);
    return 0;
  }

  if (action === "install" && !hadInstalls) records.noteFolders(runtimeFolders(io.env, ctx.home, records.dir));
  const tx = new Transaction();
  const progress = terminalProgress(io);
  try {
    await apply(staging, io.env, tx, progress);
    if (action === "install") await apply(shared, io.env, tx, progress);
    for (const s of steps) {
      if (s.outcome.kind !== "pending") continue;
      await apply(s.changes, io.env, tx, progress);
      const k = key(s.installer, s.guardrail);
      // What a CLI's own command left is recorded as it really is, not as predicted.
      const done = s.changes.map((c) => (c.kind === "settle" ? { ...c, after: readText(c.path) } : c));
      if (action === "install")
        records.noteInstall(k, ctx.bundles.version, done, {
          probes: probesOf(s.installer, s.guardrail, ctx),
          ...(scope === "managed" ? { prefix: ctx.system.prefix } : {}),
        });
      else records.forget(k, done);
      s.outcome = { ...s.outcome, after: s.installer.status(s.guardrail, ctx) };
    }
    // Other installs of these CLIs in this scope: what their probes name may have moved.
    for (const r of records.all())
      for (const installer of clis)
        if (r.cli === installer.cli && r.scope === scope && (scope !== "project" || r.project === ctx.project))
          if (!steps.some((s) => s.installer === installer && s.guardrail === r.guardrail))
            records.reprobe(r, probesOf(installer, r.guardrail, ctx));
    if (action === "uninstall") await apply(shared, io.env, tx, progress);
    records.noteFolders(tx.created);
    records.save();
    tx.commit();
  } catch (error) {
    const left = tx.rollback();
    const why = error instanceof Error ? error.message : String(error);
    throw new UserError(
      left.length
        ? `${why}\nrolled back what it could; these were left as they are now:\n${left.map((l) => `  ${l}`).join("\n")}`
        : `${why}\nrolled back: nothing was changed`,
    );
  }
  const tidied = tidy(
    records,
    io.env,
    ctx.home,
    ctx.bundles.version,
    action === "uninstall" && hadInstalls,
    action === "uninstall" && opts.purge === true,
  );
  const notes = (s: InstallStep) =>
    action === "install" && s.outcome.kind === "pending"
      ? [...(s.installer.notes?.(s.guardrail, ctx) ?? []), ...pluginRouteNotes(s.installer.cli, s.guardrail, ctx)]
      : [];
  for (const installer of clis) {
    const own = steps.filter((s) => s.installer === installer);
    for (const line of cliReport(action, own, scope, ctx.bundles.version, opts.update === true, notes)) print(line);
  }
  if (action === "install") for (const line of ignoredCopyNote(ctx, targets)) print(`hookrail: ${line}`);
  opts.collect?.push(...steps.filter((s) => s.outcome.kind === "pending"));
  if (!opts.update) print(summaryLine(action, steps, ctx.bundles.version, skipped.length));
  if (action === "uninstall") for (const line of auditLines(tidied, records.all().length, opts.purge)) print(line);
  return 0;
}

/** What the record checks at each session start for an install: the CLI's own probes, and the project's copy. */
const probesOf = (installer: CliInstaller, guardrail: string, ctx: InstallContext): InstallProbe[] =>
  withBundleProbes([...(installer.probes?.(guardrail, ctx) ?? []), ...projectCopyProbes(installer, guardrail, ctx)]);

/** What became of the audit log: kept after the last uninstall (and where), removed with --purge. */
function auditLines(tidied: Tidied, left: number, purge: boolean | undefined): string[] {
  if (tidied.auditKept)
    return [
      `kept the audit log: ${tidied.auditKept} (hookrail log reads it; uninstall with --purge, or delete the folder, to remove it)`,
    ];
  if (tidied.auditPurged) return [`removed the audit log: ${tidied.auditPurged} (--purge)`];
  if (purge && left)
    return [`kept the audit log: ${left} install(s) remain and still write it; --purge removes it with the last one`];
  return [];
}

/** Why a guardrail cannot run in a CLI (packages/<guardrail>/README.md says the same). */
const unsupported = (guardrail: string, cli: string): string | undefined =>
  refusal(findGuardrail(guardrail).manifest, cli);

/** Every CLI name, for usage text. */
export const cliNames = () => Object.keys(installers);
