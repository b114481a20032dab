// Every guardrail installed on this machine that hookrail can see, reconciled with its install record:
// per CLI, in the user scope and in the projects the record names (plus the current project), each
// with its status. A guardrail the record lists that the CLI no longer has is a row too (vanished). A
// file that cannot be read is a problem of its CLI and scope; every other check still runs.
import { existsSync } from "node:fs";
import { probeHolds } from "@hookrail/core";
import {
  type CliInstaller,
  type GuardrailStatus,
  type InstallContext,
  onPath,
  type Problem,
  type Scope,
} from "@hookrail/install-kit";
import { guardrails } from "../registry.ts";
import { unreadableHookFile } from "./bundle-files.ts";
import { DEFAULT_PREFIX, installContext } from "./context.ts";
import { installers } from "./installers.ts";
import { type Double, type PluginVia, pluginRoutes } from "./plugin-routes.ts";
import { projectCopyProblems } from "./project-copy.ts";
import { type InstallRecord, InstallRecords, recordId } from "./record.ts";

export interface InstalledRow extends GuardrailStatus {
  cli: string;
  scope: Scope;
  project?: string;
  guardrail: string;
  /** hookrail's record lists it. */
  recorded: boolean;
  /** Installed with the CLI's own plugin command (the marketplace route), not by hookrail. */
  via?: PluginVia;
}

/** A CLI and scope whose files could not be read: nothing in it could be checked. */
export interface UnreadablePlace {
  cli: string;
  scope: Scope;
  project?: string;
  problem: Problem;
}

export interface Inventory {
  rows: InstalledRow[];
  /** A guardrail one CLI loads twice in one place. */
  doubles: Double[];
  unreadable: UnreadablePlace[];
  records: readonly InstallRecord[];
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Why a recorded guardrail is gone, from its probes when one says (else the CLI's files simply lack it). */
function vanished(record: InstallRecord, title: string): Problem {
  const again = `hookrail update`;
  const where = record.scope === "project" ? ` in ${record.project}` : "";
  if (record.scope === "project" && record.project && !existsSync(record.project))
    return {
      id: `${record.cli}.project.missing`,
      problem: `${record.guardrail} was installed for ${title} in ${record.project}, which has gone`,
      fix: `run ${again} (it forgets installs whose folder has gone; install again where the project is now)`,
    };
  const why = record.probes?.find((p) => !("twin" in p) && probeHolds(p) === false)?.why;
  return {
    id: `${record.cli}.guardrail.vanished`,
    problem: `${record.guardrail} was installed for ${title}${where} by hookrail ${record.version}, but ${title} no longer has it${why ? ` (${why})` : ""}`,
    fix: `run ${again} to put it back, or hookrail uninstall ${record.guardrail} --cli ${record.cli} --scope ${record.scope} to forget it`,
  };
}

const MISSING = " is missing or unreadable";

/**
 * Hooks that cannot start: the CLI starts every hook as `node …`, so without node on the PATH it starts
 * hooks with (this one) no guardrail runs, a gate or not (doctor's node check says the same). A gate
 * whose hooks cannot start lets the action run in a CLI that has no fail-closed switch for it, so each
 * bundle a gate's hooks start must be readable too.
 */
function startProblems(
  installer: CliInstaller,
  guardrail: string,
  ctx: InstallContext,
  status: GuardrailStatus,
): Problem[] {
  if (!installer.hookFiles) return [];
  const id = `${installer.cli}.hook.cannot-start`;
  const problems: Problem[] = [];
  if (!installer.checksNode && !onPath("node", ctx.env))
    problems.push({
      id,
      problem: "its hooks cannot start: there is no node on PATH",
      fix: "install Node.js >= 18, or put it on the PATH the CLI starts with",
    });
  if (guardrails[guardrail]?.guardrail.failure !== "closed") return problems;
  // A start problem the CLI's own check found already is not said twice.
  if (status.problems.some((p) => p.id === id)) return problems;
  for (const file of installer.hookFiles(guardrail, ctx)) {
    const gone = unreadableHookFile(file);
    if (gone)
      problems.push({
        id,
        problem: `its hooks cannot start: ${gone}${MISSING}`,
        fix: "run npx hookrail update",
      });
  }
  return problems;
}

/**
 * A status with its start problems. A bundle that is missing makes the installed copy differ from the shipped one
 * too: that is one problem with one fix, said as the missing file.
 */
function withStartProblems(status: GuardrailStatus, start: readonly Problem[]): GuardrailStatus {
  const missing = start.filter((p) => p.problem.endsWith(MISSING));
  const consequence = (p: Problem) => p.id?.endsWith(".outdated") && missing.some((m) => m.fix === p.fix);
  return { ...status, problems: [...status.problems.filter((p) => !consequence(p)), ...start] };
}

export function inventory(env: NodeJS.ProcessEnv, cwd: string): Inventory {
  const user = installContext(env, cwd, "user");
  const records = new InstallRecords(env, user.home);
  const projects = new Set([user.project]);
  for (const r of records.all())
    if (r.scope === "project" && r.project && existsSync(r.project)) projects.add(r.project);
  // And the projects a CLI's own files say hookrail installed into (the record may have gone).
  for (const installer of Object.values(installers))
    for (const p of installer.projects?.(user) ?? []) if (existsSync(p)) projects.add(p);
  const prefixes = new Set([DEFAULT_PREFIX]);
  for (const r of records.all()) if (r.scope === "managed" && r.prefix) prefixes.add(r.prefix);
  const rows: InstalledRow[] = [];
  const unreadable: UnreadablePlace[] = [];
  const seen = new Set<string>();
  // A project's missing copy of a guardrail is one problem, however many CLIs run it: said once.
  const reportedCopies = new Set<string>();
  for (const installer of Object.values(installers)) {
    const places: { scope: Scope; cwd: string; prefix?: string }[] = [{ scope: "user", cwd }];
    if (installer.scopes.includes("project")) for (const p of projects) places.push({ scope: "project", cwd: p });
    if (installer.scopes.includes("managed"))
      for (const prefix of prefixes) places.push({ scope: "managed", cwd, prefix });
    for (const place of places) {
      const ctx = place.scope === "user" ? user : installContext(env, place.cwd, place.scope, place.prefix);
      const at = {
        cli: installer.cli,
        scope: place.scope,
        ...(place.scope === "project" ? { project: ctx.project } : {}),
      };
      for (const guardrail of Object.keys(guardrails)) {
        const key = { ...at, project: ctx.project, guardrail };
        const record = records.get(key);
        let status: GuardrailStatus;
        try {
          status = installer.status(guardrail, ctx);
        } catch (error) {
          const problem = {
            id: `${installer.cli}.file.invalid`,
            problem: message(error),
            fix: "fix the file named above",
          };
          if (!unreadable.some((u) => u.problem.problem === problem.problem)) unreadable.push({ ...at, problem });
          if (record) seen.add(recordId(record));
          continue;
        }
        if (record) seen.add(recordId(record));
        if (status.installed)
          status = withStartProblems(status, [
            ...projectCopyProblems(installer, guardrail, ctx, reportedCopies),
            ...startProblems(installer, guardrail, ctx, status),
          ]);
        if (!status.installed) {
          if (record)
            rows.push({
              ...at,
              guardrail,
              recorded: true,
              installed: false,
              problems: [vanished(record, installer.title)],
            });
          continue;
        }
        const version = status.version ?? record?.version;
        rows.push({ ...at, guardrail, recorded: record !== undefined, ...status, ...(version ? { version } : {}) });
      }
    }
  }
  // Recorded installs no place above covered: a project folder that has gone, a CLI this command no longer knows.
  for (const record of records.all()) {
    if (seen.has(recordId(record))) continue;
    const title = installers[record.cli]?.title ?? record.cli;
    const other = otherBuild(record, env, cwd);
    if (other) {
      rows.push(other);
      continue;
    }
    rows.push({
      cli: record.cli,
      scope: record.scope,
      ...(record.project ? { project: record.project } : {}),
      guardrail: record.guardrail,
      recorded: true,
      installed: false,
      problems: [vanished(record, title)],
    });
  }
  const routes = pluginRoutes(env, user.home, [...projects], user.bundles.source, rows);
  return { rows: [...rows, ...routes.rows], doubles: routes.doubles, unreadable, records: records.all() };
}

/**
 * A recorded guardrail this build does not ship (another hookrail build's, e.g. one made with `hookrail new`):
 * checked in its CLI's files, with fixes for that build to carry out. Undefined for this build's guardrails.
 */
function otherBuild(record: InstallRecord, env: NodeJS.ProcessEnv, cwd: string): InstalledRow | undefined {
  const installer = installers[record.cli];
  if (Object.hasOwn(guardrails, record.guardrail) || !installer || record.scope === "managed") return undefined;
  const ctx = installContext(env, record.project ?? cwd, record.scope, undefined, record.project);
  let status: GuardrailStatus;
  try {
    status = installer.status(record.guardrail, ctx);
  } catch (error) {
    status = { installed: false, problems: [{ problem: message(error), fix: "fix the file named above" }] };
  }
  const theirs = `run update with the hookrail build that ships ${record.guardrail} (this one, ${ctx.bundles.version}, does not)`;
  const problems = status.installed ? status.problems : [vanished(record, installer.title)];
  return {
    cli: record.cli,
    scope: record.scope,
    ...(record.project ? { project: record.project } : {}),
    guardrail: record.guardrail,
    recorded: true,
    ...status,
    installed: status.installed,
    version: status.version ?? record.version,
    problems: problems.map((p) => (/hookrail (update|install)/.test(p.fix) ? { ...p, fix: theirs } : p)),
  };
}
