// merge-gate installed with `hookrail install --scope managed` (each run's own /etc and /opt, laid over
// the real ones in a private mount namespace), against every switch a user can reach in each CLI: one
// row per switch (managed-switches/<cli>.ts), each with the outcome the real binary gives. Then
// `hookrail uninstall --scope managed`: the merge runs.
import { expect } from "vitest";
import { type Cell, type CellRow, defineCells } from "../../src/cells/define.ts";
import { CLAUDE_SWITCHES } from "../../src/cells/managed-switches/claude.ts";
import { CODEX_SWITCHES } from "../../src/cells/managed-switches/codex.ts";
import { COPILOT_SWITCHES } from "../../src/cells/managed-switches/copilot.ts";
import { DROID_SWITCHES } from "../../src/cells/managed-switches/droid.ts";
import { GEMINI_SWITCHES } from "../../src/cells/managed-switches/gemini.ts";
import { QWEN_SWITCHES } from "../../src/cells/managed-switches/qwen.ts";
import type { Outcome, Switch } from "../../src/cells/managed-switches/types.ts";
import { call, describeCall, expectNotRun, expectRan } from "../../src/cells/report-helpers.ts";
import { repoSource } from "../../src/cells/shipped.ts";
import type { CliName } from "../../src/clis.ts";
import type { Scenario } from "../../src/scenario.ts";

const merge: Scenario = {
  prompt: "PR 12 is green. Merge it.",
  steps: [
    { kind: "shell", command: "gh pr merge 12" },
    { kind: "shell", command: "MERGE_APPROVED=1 gh pr merge 12" },
  ],
};
/** For the rows about the user's own hooks: one it blocks (view), one the managed gate blocks (merge). */
const viewThenMerge: Scenario = {
  prompt: "Look at PR 12, then merge it.",
  steps: [
    { kind: "shell", command: "gh pr view 12" },
    { kind: "shell", command: "gh pr merge 12" },
  ],
};

const gateBlocks = (i: number, by: "hook" | "policy" = "hook"): Cell => ({
  name: `\`gh pr merge 12\` does not run: the managed ${by === "hook" ? "gate" : "admin policy"} blocks it`,
  check(r) {
    const c = call(r, i);
    expectNotRun(c);
    expect(c.feedback ?? "", describeCall(c)).toContain("MERGE_APPROVED=1");
    if (by === "policy") expect(c.feedback ?? "", describeCall(c)).toContain("administrator policy");
    else expect(c.feedback ?? "", describeCall(c)).not.toContain("administrator policy");
  },
});
const approvedRuns: Cell = {
  name: "`MERGE_APPROVED=1 gh pr merge 12` runs",
  check: (r) => expectRan(call(r, 1)),
};

const CELLS: Record<Outcome, (sw: Switch) => Cell[]> = {
  blocked: () => [gateBlocks(0), approvedRuns],
  policy: () => [gateBlocks(0, "policy"), approvedRuns],
  hole: (sw) => [
    {
      name: `\`gh pr merge 12\` runs: a hole${sw.closedBy ? `, closed by ${sw.closedBy}` : ""}`,
      check: (r) => expectRan(call(r, 0)),
    },
  ],
  "user-hook-runs": () => [
    {
      name: "the user's own hook runs: `gh pr view 12` is blocked by it",
      check(r) {
        const c = call(r, 0);
        expectNotRun(c);
        expect(c.feedback ?? "", describeCall(c)).toContain("USER-VIEW-GATE");
      },
    },
    gateBlocks(1),
  ],
  "user-hook-dropped": () => [
    { name: "the user's own hook no longer runs: `gh pr view 12` runs", check: (r) => expectRan(call(r, 0)) },
    gateBlocks(1),
  ],
};

const SWITCHES: Switch[] = [
  ...CLAUDE_SWITCHES,
  ...CODEX_SWITCHES,
  ...GEMINI_SWITCHES,
  ...COPILOT_SWITCHES,
  ...QWEN_SWITCHES,
  ...DROID_SWITCHES,
];
const userHook = (o: Outcome) => o === "user-hook-runs" || o === "user-hook-dropped";

const rows: CellRow[] = SWITCHES.map((sw) => ({
  cli: sw.cli,
  scenario: userHook(sw.outcome) ? viewThenMerge : merge,
  cells: [...CELLS[sw.outcome](sw), ...(sw.effect ? [sw.effect] : [])],
  variant: `managed, ${sw.admin ? "admin" : "user"}: ${sw.name}`,
  managed: sw.run,
}));
const CLIS: CliName[] = ["claude", "gemini", "codex", "copilot", "qwen", "droid"];
for (const cli of CLIS)
  rows.push({
    cli,
    scenario: { ...merge, steps: merge.steps.slice(0, 1) },
    cells: [
      { name: "after hookrail uninstall --scope managed, `gh pr merge 12` runs", check: (r) => expectRan(call(r, 0)) },
    ],
    variant: "managed, uninstalled",
    managed: {},
    uninstallFirst: true,
  });
defineCells(repoSource("merge-gate"), rows);
