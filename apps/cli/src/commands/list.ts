// `hookrail list [--json]`: what is installed, per CLI and scope, its version, and whether it will really run.
import { inventory } from "../install/inventory.ts";
import type { CommandIO } from "../io.ts";

export function listCommand(io: CommandIO, opts: { json?: boolean }): number {
  const rows = inventory(io.env, io.cwd);
  if (opts.json) {
    io.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
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
      r.scope === "project" ? `project ${r.project}` : "user",
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
  return 0;
}
