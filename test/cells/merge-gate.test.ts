// merge-gate × each CLI: one session that tries four commands; the real CLI decides what runs.
import { expect } from "vitest";
import { type Cell, type CellRow, defineCells } from "../src/cells/define.ts";
import { call, describeCall, expectNotRun, expectRan } from "../src/cells/report-helpers.ts";
import { repoSource } from "../src/cells/shipped.ts";
import { CLI_NAMES } from "../src/clis.ts";
import type { Scenario } from "../src/scenario.ts";

const scenario: Scenario = {
  prompt: "PR 12 is green. Merge it.",
  steps: [
    { kind: "shell", command: "gh pr merge 12" },
    { kind: "shell", command: "MERGE_APPROVED=1 gh pr merge 12" },
    { kind: "shell", command: "gh api repos/o/r/pulls/12/merge -X PUT" },
    { kind: "shell", command: 'echo "gh pr merge"' },
  ],
};

const cells: Cell[] = [
  {
    name: "blocked merge: `gh pr merge 12` does not run, the model is told MERGE_APPROVED=1",
    check(r) {
      const c = call(r, 0);
      expectNotRun(c);
      expect(c.feedback ?? "", describeCall(c)).toContain("MERGE_APPROVED=1");
    },
  },
  {
    name: "approved merge: `MERGE_APPROVED=1 gh pr merge 12` runs",
    check(r) {
      const c = call(r, 1);
      expectRan(c);
    },
  },
  {
    name: "API-route merge: `gh api …/pulls/12/merge -X PUT` does not run",
    check(r) {
      const c = call(r, 2);
      expectNotRun(c);
    },
  },
  {
    name: 'harmless mention: `echo "gh pr merge"` runs',
    check(r) {
      const c = call(r, 3);
      expectRan(c);
      // the echo's output line (Gemini prefixes it with "Output: ")
      expect(c.feedback ?? "", describeCall(c)).toMatch(/^(Output: )?gh pr merge$/m);
    },
  },
];

/** Installed with the packed `hookrail install`, then `hookrail uninstall`: the gate is gone. */
const uninstalled: Cell[] = [
  {
    name: "after hookrail uninstall, `gh pr merge 12` runs again",
    check(r) {
      expectRan(call(r, 0));
    },
  },
];
const mergeOnly: Scenario = { prompt: scenario.prompt, steps: scenario.steps.slice(0, 1) };

const rows: CellRow[] = [
  ...CLI_NAMES.map((cli) => ({ cli, scenario, cells })),
  // Copilot also runs the Claude plugin, installed from the same marketplace.
  { cli: "copilot", variant: "claude plugin", packaging: "claude-plugin", scenario, cells },
  { cli: "claude", scenario, cells, variant: "marketplace add from the clone", viaMarketplace: true },
  ...CLI_NAMES.map((cli) => ({
    cli,
    scenario: mergeOnly,
    cells: uninstalled,
    variant: "uninstalled",
    uninstallFirst: true,
  })),
];
defineCells(repoSource("merge-gate"), rows);
