// `hookrail update [--dry-run]`: reinstalls every recorded install from this version, repairing what
// vanished (a plugin uninstalled, a trust lost, a bundle deleted); Codex re-trusts the new
// definitions, since their trust hash changes with them. Each line says what changed; an install
// whose project folder has gone is forgotten, with a line.
import { existsSync } from "node:fs";
import { homedir } from "node:os";
import { summaryLine } from "../install/outcome.ts";
import { InstallRecords } from "../install/record.ts";
import type { Scope } from "../install/types.ts";
import type { CommandIO } from "../io.ts";
import { UserError } from "../registry.ts";
import { VERSION } from "../version.ts";
import { type InstallStep, installCommand } from "./install.ts";

export async function updateCommand(io: CommandIO, opts: { dryRun?: boolean }): Promise<number> {
  const records = new InstallRecords(io.env, io.env.HOME || homedir());
  const groups = new Map<string, { cli: string; scope: Scope; cwd: string; prefix?: string; guardrails: string[] }>();
  let forgot = 0;
  for (const r of records.all()) {
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
