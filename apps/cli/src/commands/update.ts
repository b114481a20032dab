// `hookrail update [--dry-run]`: reinstalls every recorded install from this version (Codex re-trusts
// the new definitions, since their trust hash changes with them).
import { homedir } from "node:os";
import { InstallRecords } from "../install/record.ts";
import type { CommandIO } from "../io.ts";
import { installCommand } from "./install.ts";

export async function updateCommand(io: CommandIO, opts: { dryRun?: boolean }): Promise<number> {
  const records = new InstallRecords(io.env, io.env.HOME || homedir());
  const groups = new Map<string, { cli: string; scope: "user" | "project"; cwd: string; guardrails: string[] }>();
  for (const r of records.all()) {
    const id = `${r.cli} ${r.scope} ${r.project ?? ""}`;
    const group = groups.get(id) ?? { cli: r.cli, scope: r.scope, cwd: r.project ?? io.cwd, guardrails: [] };
    group.guardrails.push(r.guardrail);
    groups.set(id, group);
  }
  if (!groups.size) io.stdout.write("nothing to update: hookrail has installed nothing here\n");
  for (const g of groups.values()) {
    const code = await installCommand(
      "install",
      g.guardrails,
      { cli: g.cli, scope: g.scope, dryRun: opts.dryRun },
      { ...io, cwd: g.cwd },
    );
    if (code !== 0) return code;
  }
  return 0;
}
