// `hookrail update [--dry-run]`: reinstalls every recorded install from this version, repairing what
// vanished (a plugin uninstalled, a trust lost, a bundle deleted or altered: each install compares what is
// on disk with what this build ships); Codex re-trusts the new definitions, since their trust hash changes
// with them. Each line says what changed; an install whose project folder has gone is forgotten, with a
// line. Installs the CLIs' own files show but the record lacks (the record deleted) are recorded first; a
// guardrail this build does not ship (another build's) is skipped, with a line.
import { existsSync } from "node:fs";
import { homedir } from "node:os";
import type { Scope } from "@hookrail/install-kit";
import { installers } from "../install/installers.ts";
import { type InstalledRow, type Inventory, inventory } from "../install/inventory.ts";
import { summaryLine } from "../install/outcome.ts";
import { InstallRecords } from "../install/record.ts";
import type { CommandIO } from "../io.ts";
import { guardrails, UserError } from "../registry.ts";
import { VERSION } from "../version.ts";
import { type InstallStep, installCommand } from "./install.ts";

export async function updateCommand(io: CommandIO, opts: { dryRun?: boolean }): Promise<number> {
  const records = new InstallRecords(io.env, io.env.HOME || homedir());
  const found = inventory(io.env, io.cwd);
  for (const line of pluginLines(found)) io.stdout.write(`${line}\n`);
  const rebuilt = adopt(records, io, found.rows);
  if (rebuilt && !opts.dryRun) records.save();
  const groups = new Map<string, { cli: string; scope: Scope; cwd: string; prefix?: string; guardrails: string[] }>();
  let forgot = 0;
  for (const r of records.all()) {
    if (!Object.hasOwn(guardrails, r.guardrail)) {
      // A guardrail of another hookrail build (a user's own, made with `hookrail new`): that build updates it.
      io.stdout.write(
        `${r.guardrail} for ${installers[r.cli]?.title ?? r.cli} (${r.scope} scope): skipped, this hookrail ${VERSION} does not ship it; the hookrail build that installed it updates it\n`,
      );
      continue;
    }
    if (r.scope === "project" && r.project && !existsSync(r.project)) {
      io.stdout.write(`${r.guardrail} for ${r.cli} (project scope ${r.project}): forgotten, the folder has gone\n`);
      if (!opts.dryRun) records.forget(r);
      forgot++;
      continue;
    }
    const id = `${r.cli} ${r.scope} ${r.project ?? ""} ${r.prefix ?? ""}`;
    const group = groups.get(id) ?? {
      cli: r.cli,
      scope: r.scope,
      cwd: r.project ?? io.cwd,
      ...(r.prefix ? { prefix: r.prefix } : {}),
      guardrails: [],
    };
    group.guardrails.push(r.guardrail);
    groups.set(id, group);
  }
  if (forgot && !opts.dryRun) records.save();
  if (!groups.size && !forgot && records.all().length) {
    io.stdout.write("update: nothing this hookrail ships is installed here\n");
    return 0;
  }
  if (!groups.size) {
    io.stdout.write(
      forgot
        ? "update: nothing else is installed\n"
        : "update: nothing to update; hookrail has installed nothing here\n",
    );
    return 0;
  }
  const steps: InstallStep[] = [];
  const failed: string[] = [];
  for (const g of groups.values()) {
    try {
      await installCommand(
        "install",
        g.guardrails,
        {
          cli: g.cli,
          scope: g.scope,
          prefix: g.prefix,
          dryRun: opts.dryRun,
          update: true,
          collect: steps,
          ...(g.scope === "project" ? { project: g.cwd } : {}),
        },
        { ...io, cwd: g.cwd },
      );
    } catch (error) {
      // One CLI that cannot be updated (its command gone, a broken file) does not stop the others.
      if (!(error instanceof UserError)) throw error;
      failed.push(`${g.cli} (${g.scope} scope): ${error.message}`);
      io.stderr.write(
        `hookrail: ${g.guardrails.join(", ")} for ${g.cli} (${g.scope} scope) not updated: ${error.message}\n`,
      );
    }
  }
  if (opts.dryRun) return failed.length ? 1 : 0;
  io.stdout.write(`${summaryLine("update", steps, VERSION, 0, failed.length)}\n`);
  return failed.length ? 1 : 0;
}

/**
 * Installs the CLIs' own files show that the record lacks (the record deleted with hookrail's data folder, or
 * never written): recorded again, so that the update repairs them like any other. One line says how many.
 */
function adopt(records: InstallRecords, io: CommandIO, rows: readonly InstalledRow[]): number {
  const lost = !existsSync(records.file);
  const found = rows.filter((r) => r.installed && !r.recorded && r.scope !== "managed" && !r.via);
  for (const r of found)
    records.noteInstall(
      { cli: r.cli, scope: r.scope, ...(r.project ? { project: r.project } : {}), guardrail: r.guardrail },
      r.version ?? VERSION,
      [],
      {},
    );
  if (found.length)
    io.stdout.write(
      lost
        ? `update: hookrail's install record (${records.file}) had gone; rebuilt it from the CLIs' own files (${found.length} install(s))\n`
        : `update: ${found.length} install(s) found in the CLIs' own files were missing from hookrail's record; recorded\n`,
    );
  return found.length;
}

/**
 * What update does with the guardrails a CLI's own plugin command installed (nothing: that command updates
 * them, measured: Claude Code fetches the marketplace first), and each guardrail installed twice.
 */
function pluginLines({ rows, doubles }: Pick<Inventory, "rows" | "doubles">): string[] {
  const lines = rows.flatMap((r) => {
    if (!r.via) return [];
    const title = installers[r.cli]?.title ?? r.cli;
    const what = `${r.via.id} for ${title} (${r.via.scope} scope${r.project ? ` ${r.project}` : ""})`;
    return [
      r.via.update
        ? `${what}: installed with ${r.via.command}, which hookrail does not update; update it with: ${r.via.update}`
        : `${what}: installed with ${r.via.command} from a folder, which ${title} reads as it is: nothing to update`,
    ];
  });
  return [...lines, ...doubles.map((d) => `update: ${d.problem}; to ${d.fix}`)];
}
