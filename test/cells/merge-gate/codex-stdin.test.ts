// merge-gate × Codex: text typed into a running interactive shell through write_stdin. Codex asks no hook
// about it (openai/codex#46372; measured in 0.169: `bash` with a tty, then `gh pr merge 12` typed in, merged),
// so the gate refuses to start such a session in Codex: nothing can be typed into one.
import { expect } from "vitest";
import { type Cell, type CellRow, defineCells } from "../../src/cells/define.ts";
import { call, describeCall, expectNotRun } from "../../src/cells/report-helpers.ts";
import { repoSource } from "../../src/cells/shipped.ts";
import type { Scenario } from "../../src/scenario.ts";

const scenario: Scenario = {
  prompt: "PR 12 is green. Merge it.",
  steps: [
    { kind: "shell", command: "bash", tty: true },
    { kind: "stdin", chars: "gh pr merge 12\n" },
  ],
};

const cells: Cell[] = [
  {
    name: "`bash` started with a tty is refused, so `gh pr merge 12` typed into it never runs",
    check(r) {
      const start = call(r, 0);
      expectNotRun(start);
      expect(start.feedback ?? "", describeCall(start)).toContain("interactive session");
      expect(r.fakeCalls, "the fake gh ran").toEqual([]);
    },
  },
];

/** Control: without the gate, the same session merges (what the pinned Codex does with any hook). */
const control: Cell[] = [
  {
    name: "without the gate, `gh pr merge 12` typed into the session runs",
    check(r) {
      expect(r.fakeCalls.map((c) => c.argv.join(" "))).toContain("pr merge 12");
    },
  },
];

const rows: CellRow[] = [
  { cli: "codex", scenario, cells, variant: "write_stdin" },
  { cli: "codex", scenario, cells: control, variant: "write_stdin, gate uninstalled", uninstallFirst: true },
];
defineCells(repoSource("merge-gate"), rows);
