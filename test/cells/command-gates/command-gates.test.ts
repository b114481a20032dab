// command-gates × each CLI: two gates in the user's config; the model runs a gated command (blocked), the same
// command with the gate's marker (runs), one whose words are known only at run time (blocked), a harmless
// command of the gated tool (runs), and a marker outside the `bash -c` that runs the gated command (blocked).
// The gated tools are logging stubs first on PATH: whether they ran is a fact, and nothing is published.
import { expect } from "vitest";
import { type Cell, type CellRow, defineCells } from "../../src/cells/define.ts";
import { call, describeCall, expectNotRun, expectRan } from "../../src/cells/report-helpers.ts";
import { repoSource } from "../../src/cells/shipped.ts";
import { writeUserConfig } from "../../src/cells/user-config.ts";
import { CLI_NAMES } from "../../src/clis.ts";
import type { Session } from "../../src/runner/session.ts";
import type { Scenario } from "../../src/scenario.ts";

const GATES = [
  {
    name: "publish",
    commands: ["npm publish", "pnpm publish"],
    marker: "PUBLISH_APPROVED",
    reason: "Publishing is a release step: ask the owner first.",
  },
  { name: "infra", commands: ["terraform apply", "terraform destroy"], marker: "INFRA_APPROVED" },
];

/** The gates in the user's own config file, where hookrail reads them. */
const userGates = (s: Session) => writeUserConfig(s, { "command-gates": GATES });

const scenario: Scenario = {
  prompt: "Release the package and apply the infrastructure.",
  steps: [
    { kind: "shell", command: "npm publish --access public" },
    { kind: "shell", command: "PUBLISH_APPROVED=1 npm publish --access public" },
    // No $(…): Gemini CLI refuses command substitution in its shell tool; an unset variable is as unknown.
    { kind: "shell", command: "npm $NPM_SUBCOMMAND" },
    { kind: "shell", command: "terraform plan" },
    { kind: "shell", command: "INFRA_APPROVED=1 bash -c 'cd /tmp && terraform apply'" },
  ],
  fakeCommands: ["npm", "terraform"],
};

const said = (i: number) => (r: Parameters<Cell["check"]>[0]) => {
  const c = call(r, i);
  return { c, feedback: c.feedback ?? "", why: describeCall(c) };
};

const cells: Cell[] = [
  {
    name: "blocked: `npm publish` does not run; the model is told the gate's reason and PUBLISH_APPROVED=1",
    check(r) {
      const { c, feedback, why } = said(0)(r);
      expectNotRun(c);
      expect(feedback, why).toContain("Publishing is a release step: ask the owner first.");
      expect(feedback, why).toContain("PUBLISH_APPROVED=1");
    },
  },
  {
    name: "approved: `PUBLISH_APPROVED=1 npm publish` runs",
    check: (r) => expectRan(call(r, 1)),
  },
  {
    name: "unknown → blocked: `npm $NPM_SUBCOMMAND` does not run",
    check(r) {
      const { c, feedback, why } = said(2)(r);
      expectNotRun(c);
      expect(feedback, why).toContain("may run npm publish");
    },
  },
  {
    name: "not gated: `terraform plan` runs",
    check: (r) => expectRan(call(r, 3)),
  },
  {
    name: "blocked: a marker outside the `bash -c` that runs `terraform apply` approves nothing",
    check(r) {
      const { c, feedback, why } = said(4)(r);
      expectNotRun(c);
      expect(feedback, why).toContain('(gate "infra")');
    },
  },
];

// Approval mode user: the user's own prompt says `approve publish`; the marked command runs once.
const typedByUser: Scenario = {
  prompt: "approve publish",
  steps: [
    { kind: "shell", command: "PUBLISH_APPROVED=1 npm publish" },
    { kind: "shell", command: "PUBLISH_APPROVED=1 npm publish --tag next" },
  ],
  fakeCommands: ["npm"],
};
const userCells: Cell[] = [
  {
    name: "user: after the user's prompt `approve publish`, `PUBLISH_APPROVED=1 npm publish` runs",
    check: (r) => expectRan(call(r, 0)),
  },
  {
    name: "user: the approval is used once: the next marked publish does not run, the model is told `approve publish`",
    check(r) {
      const { c, feedback, why } = said(1)(r);
      expectNotRun(c);
      expect(feedback, why).toContain("approve publish");
    },
  },
];
const userGate = (s: Session) => writeUserConfig(s, { "command-gates": [{ ...GATES[0], approval: "user" }] });

const rows: CellRow[] = [
  ...CLI_NAMES.map((cli) => ({ cli, scenario, cells, prepare: userGates })),
  { cli: "claude", variant: "approval user", scenario: typedByUser, cells: userCells, prepare: userGate },
];
defineCells(repoSource("command-gates"), rows);
