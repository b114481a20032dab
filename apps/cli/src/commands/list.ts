// `hookrail list [--json]`: what is installed, per CLI and scope, its version, and whether it will really run.
import { cliLabel } from "@hookrail/clis";
import { inventory } from "../install/inventory.ts";
import type { CommandIO } from "../io.ts";

export function listCommand(io: CommandIO, opts: { json?: boolean }): number {
  const rows = inventory(io.env, io.cwd);
  if (opts.json) {
    const labelled = rows.map((r) => (cliLabel(r.cli) ? { ...r, label: cliLabel(r.cli) } : r));
    io.stdout.write(`${JSON.stringify(labelled, null, 2)}\n`);
    return 0;
  }
  if (!rows.length) {
    io.stdout.write("no hookrail guardrail is installed (hookrail install <guardrail> --cli <cli>)\n");
    return 0;
  }
  const table = [
    ["CLI", "SCOPE", "GUARDRAIL", "VERSION", "RUNS"],
    ...rows.map((r) => [
      r.cli,
      r.scope === "project" ? `project ${r.project}` : r.scope,
      r.guardrail,
      r.version ?? "?",
      r.problems.length ? `no: ${r.problems.map((p) => p.problem).join("; ")}` : "yes",
    ]),
  ];
  const widths = table[0]?.map((_, i) => Math.max(...table.map((row) => row[i]?.length ?? 0))) ?? [];
  for (const row of table)
    io.stdout.write(
      `${row.map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i] ?? 0))).join("  ")}\n`,
    );
  // A CLI hookrail could not run here says so under the table.
  for (const cli of new Set(rows.map((r) => r.cli))) if (cliLabel(cli)) io.stdout.write(`${cli}: ${cliLabel(cli)}\n`);
  return 0;
}
