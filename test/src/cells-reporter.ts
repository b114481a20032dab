// Prints the guardrail × CLI table once the real-CLI cells are done (to stderr, so a console guard
// in a setup file cannot turn it into failures). Rows: guardrail + cell; columns: the CLIs.
import type { Reporter, TestCase, TestModule } from "vitest/node";
import type { CellMeta } from "./cells/meta.ts";
import { CLI_NAMES, cliInfo } from "./clis.ts";

type Status = "pass" | "FAIL" | "skip" | "todo" | "…";

/** The error of a suite around the test (a beforeAll that threw: its cells never ran), if any. */
function setupError(test: TestCase): { suite: string; message: string } | undefined {
  for (let p: TestCase["parent"] | undefined = test.parent; p; p = p.type === "suite" ? p.parent : undefined) {
    const [error] = p.errors();
    if (error) return { suite: p.type === "suite" ? p.fullName : p.moduleId, message: error.message ?? String(error) };
  }
  return undefined;
}

function status(test: TestCase): Status {
  const state = test.result().state;
  if (state === "passed") return "pass";
  if (state === "failed") return "FAIL";
  if (state === "pending") return "…";
  if (test.options.mode === "todo") return "todo";
  return test.options.mode === "run" && setupError(test) ? "FAIL" : "skip";
}

/** The first line of a failed test's first error, cut to a readable length. */
function firstLine(test: TestCase): string {
  const [error] = test.result().errors ?? [];
  const line = (error?.message ?? "no error recorded").split("\n")[0] ?? "";
  return line.length > 300 ? `${line.slice(0, 299)}…` : line;
}

const pad = (s: string, n: number): string => (s.length >= n ? s : s + " ".repeat(n - s.length));

export default class CellsReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const rows = new Map<string, { guardrail: string; cell: string; by: Map<string, Status> }>();
    const reasons = new Map<string, string>();
    const setupFailures = new Map<string, string>();
    const failures: string[] = [];
    const counts: Record<Status, number> = { pass: 0, FAIL: 0, skip: 0, todo: 0, "…": 0 };
    for (const mod of testModules) {
      for (const test of mod.children.allTests()) {
        const meta: CellMeta | undefined = test.meta().hookrail;
        if (!meta) continue;
        const key = `${meta.guardrail}\u0000${meta.cell}`;
        const row = rows.get(key) ?? { guardrail: meta.guardrail, cell: meta.cell, by: new Map<string, Status>() };
        rows.set(key, row);
        const st = status(test);
        counts[st]++;
        for (const cli of meta.cli === "all" ? CLI_NAMES : [meta.cli]) row.by.set(cli, st);
        if (st === "skip" && meta.skipReason) reasons.set(`${meta.guardrail} × ${meta.cli}`, meta.skipReason);
        const failed = st === "FAIL" ? setupError(test) : undefined;
        if (failed) setupFailures.set(failed.suite, failed.message.split("\n")[0] ?? "");
        else if (st === "FAIL")
          failures.push(`  failed ${meta.guardrail} × ${meta.cli}: ${meta.cell}: ${firstLine(test)}`);
      }
    }
    if (rows.size === 0) return;
    const gw = Math.max(9, ...[...rows.values()].map((r) => r.guardrail.length)) + 2;
    const cw = Math.min(72, Math.max(4, ...[...rows.values()].map((r) => r.cell.length))) + 2;
    const header = `${pad("guardrail", gw)}${pad("cell", cw)}${CLI_NAMES.map((c) => pad(`${c} ${cliInfo(c).version}`, 16)).join("")}`;
    const lines = ["", "hookrail conformance: real CLIs, offline", header, "-".repeat(header.length)];
    for (const r of rows.values()) {
      const cell = r.cell.length > cw - 2 ? `${r.cell.slice(0, cw - 3)}…` : r.cell;
      lines.push(
        `${pad(r.guardrail, gw)}${pad(cell, cw)}${CLI_NAMES.map((c) => pad(r.by.get(c) ?? "-", 16)).join("")}`,
      );
    }
    lines.push("", `${counts.pass} pass, ${counts.FAIL} fail, ${counts.skip} skipped, ${counts.todo} todo`);
    for (const [what, why] of reasons) lines.push(`  skipped ${what}: ${why}`);
    for (const [what, why] of setupFailures) lines.push(`  setup failed in ${what}: ${why}`);
    // Last, so that a log cut to its tail still names what failed.
    lines.push(...failures);
    process.stderr.write(`${lines.join("\n")}\n\n`);
  }
}
