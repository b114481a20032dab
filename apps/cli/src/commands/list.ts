// `hookrail list [--json]`: what is installed, per CLI and scope, its version, and whether it will
// really run; what hookrail's record lists but a CLI no longer has is listed as not running. A file
// that cannot be read is named and the rest is still listed. A guardrail installed with a CLI's own plugin
// command (claude plugin install merge-gate@hookrail) is a row too, and one installed twice is a line under
// the table. Exit 1 when something will not run.
import { cliLabel } from "@hookrail/clis";
import { inventory } from "../install/inventory.ts";
import type { CommandIO } from "../io.ts";

export function listCommand(io: CommandIO, opts: { json?: boolean }): number {
  const { rows, unreadable, doubles } = inventory(io.env, io.cwd);
  const failing = rows.filter((r) => r.problems.length).length + unreadable.length;
  if (opts.json) {
    const labelled = rows.map((r) => (cliLabel(r.cli) ? { ...r, label: cliLabel(r.cli) } : r));
    io.stdout.write(`${JSON.stringify(labelled, null, 2)}\n`);
    for (const u of unreadable) io.stderr.write(`hookrail: ${u.problem.problem}\n`);
    return failing ? 1 : 0;
  }
  for (const u of unreadable) io.stdout.write(`cannot check ${u.cli} (${u.scope} scope): ${u.problem.problem}\n`);
  if (!rows.length) {
    io.stdout.write("list: no hookrail guardrail is installed; next: hookrail install <guardrail> --cli <cli>\n");
    return unreadable.length ? 1 : 0;
  }
  const table = [
    ["CLI", "SCOPE", "GUARDRAIL", "VERSION", "RUNS"],
    ...rows.map((r) => [
      r.cli,
      `${r.scope === "project" ? `project ${r.project}` : r.scope}${r.via ? `, installed with ${r.via.command} ${r.via.id}${r.via.scope === "user" ? "" : ` --scope ${r.via.scope}`}` : ""}`,
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
  // A guardrail one CLI has twice: the CLI runs it twice or only one of them (doctor: which to remove).
  for (const d of doubles) io.stdout.write(`${d.problem}; next: hookrail doctor says which one to remove\n`);
  const runs = rows.filter((r) => !r.problems.length).length;
  io.stdout.write(
    failing
      ? `list: ${runs} of ${rows.length} will run; next: hookrail doctor says why the others will not, and the fix\n`
      : `list: all ${rows.length} will run\n`,
  );
  return failing ? 1 : 0;
}
