// merge-gate installed with `hookrail install --scope managed` (each run's own /etc and /opt, laid over
// the real ones in a private mount namespace), with the user's switches for hooks turned off:
// Claude Code `disableAllHooks: true`, Codex `[features] hooks = false`, Gemini `hooksConfig.enabled:
// false`, Copilot CLI a user hooks file with `disableAllHooks: true`. The managed gate still blocks; after
// `hookrail uninstall --scope managed` the merge runs.
import { expect } from "vitest";
import { type Cell, type CellRow, defineCells } from "../src/cells/define.ts";
import { call, describeCall, expectNotRun, expectRan } from "../src/cells/report-helpers.ts";
import { repoSource } from "../src/cells/shipped.ts";
import type { CliName } from "../src/clis.ts";
import type { Scenario } from "../src/scenario.ts";

const scenario: Scenario = {
  prompt: "PR 12 is green. Merge it.",
  steps: [
    { kind: "shell", command: "gh pr merge 12" },
    { kind: "shell", command: "MERGE_APPROVED=1 gh pr merge 12" },
  ],
};

const managed: Cell[] = [
  {
    name: "managed gate, user switched hooks off: `gh pr merge 12` still does not run",
    check(r) {
      const c = call(r, 0);
      expectNotRun(c);
      expect(c.feedback ?? "", describeCall(c)).toContain("MERGE_APPROVED=1");
    },
  },
  {
    name: "managed gate: `MERGE_APPROVED=1 gh pr merge 12` runs",
    check(r) {
      expectRan(call(r, 1));
    },
  },
];

const uninstalled: Cell[] = [
  {
    name: "after hookrail uninstall --scope managed, `gh pr merge 12` runs",
    check(r) {
      expectRan(call(r, 0));
    },
  },
];

/** Gemini: the user lists the hook in hooksConfig.disabled (which the system layer cannot pin); the admin policy remains. */
const policyOnly: Cell[] = [
  {
    name: "hook disabled by name: the admin policy still denies `gh pr merge 12`",
    check(r) {
      const c = call(r, 0);
      expectNotRun(c);
      expect(c.feedback ?? "", describeCall(c)).toContain("administrator policy");
    },
  },
  {
    name: "hook disabled by name: `MERGE_APPROVED=1 gh pr merge 12` runs (the policy matches the plain spelling only)",
    check(r) {
      expectRan(call(r, 1));
    },
  },
];

const CLIS: CliName[] = ["claude", "gemini", "codex", "copilot"];
const rows: CellRow[] = [
  ...CLIS.map((cli) => ({ cli, scenario, cells: managed, variant: "managed", managed: true as const })),
  ...CLIS.map((cli) => ({
    cli,
    scenario: { ...scenario, steps: scenario.steps.slice(0, 1) },
    cells: uninstalled,
    variant: "managed, uninstalled",
    managed: true as const,
    uninstallFirst: true,
  })),
];
rows.push({
  cli: "gemini",
  scenario,
  cells: policyOnly,
  variant: "managed, hook disabled by name",
  managed: "disabled-by-name",
});
defineCells(repoSource("merge-gate"), rows);
