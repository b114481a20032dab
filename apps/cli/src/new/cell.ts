// The real-CLI cell file of a new guardrail (test/cells/<name>/<name>.test.ts): each CLI, with the guardrail
// installed the way a user does, plays the scaffold's default case. `echo` keeps it harmless if it runs.
import { join } from "node:path";

/** Where a guardrail's cell file goes: its own folder under test/cells, named after it. */
export function cellFilePath(root: string, name: string): string {
  return join(root, "test", "cells", name, `${name}.test.ts`);
}

/** The basic kind's cells: a blocked command and a harmless one. */
export function cellTemplate(name: string): string {
  return `// ${name} × each CLI: one session that tries a blocked command and a harmless one; the real CLI decides.
import { type Cell, type CellRow, defineCells } from "../../src/cells/define.ts";
import { call, expectNotRun, expectRan } from "../../src/cells/report-helpers.ts";
import { repoSource } from "../../src/cells/shipped.ts";
import { CLI_NAMES } from "../../src/clis.ts";
import type { Scenario } from "../../src/scenario.ts";

const scenario: Scenario = {
  prompt: "Clean up, then say hello.",
  steps: [
    { kind: "shell", command: 'echo "rm -rf /"' },
    { kind: "shell", command: "echo hello" },
  ],
  // Commands to put first on PATH as logging stubs, if the guardrail's cases need them.
  fakeCommands: [],
};

const cells: Cell[] = [
  {
    name: "blocked: a command containing a configured string does not run",
    check(r) {
      expectNotRun(call(r, 0));
    },
  },
  {
    name: "allowed: \`echo hello\` runs",
    check(r) {
      expectRan(call(r, 1));
    },
  },
];

const rows: CellRow[] = CLI_NAMES.map((cli) => ({ cli, scenario, cells }));
defineCells(repoSource("${name}"), rows);
`;
}

/** A command gate's cells follow its gate.ts: the first pattern, blocked, then approved, with its command faked. */
export function commandGateCellTemplate(name: string): string {
  return `// ${name} × each CLI: the gate's first pattern, then the same command approved; the real CLI decides what runs.
import { gate } from "@hookrail/${name}";
import { expect } from "vitest";
import { type Cell, type CellRow, defineCells } from "../../src/cells/define.ts";
import { call, describeCall, expectNotRun, expectRan } from "../../src/cells/report-helpers.ts";
import { repoSource } from "../../src/cells/shipped.ts";
import { CLI_NAMES } from "../../src/clis.ts";
import type { Scenario } from "../../src/scenario.ts";

const [pattern = ""] = gate.patterns;
const marker = \`\${gate.approvalVariable}=1\`;

const scenario: Scenario = {
  prompt: \`Run \${pattern}.\`,
  steps: [
    { kind: "shell", command: pattern },
    { kind: "shell", command: \`\${marker} \${pattern}\` },
  ],
  // The pattern's command is a logging stub first on PATH: whether it ran is a fact, and nothing real runs.
  fakeCommands: [pattern.split(" ")[0] ?? ""],
};

const cells: Cell[] = [
  {
    name: \`blocked: \\\`\${pattern}\\\` does not run, the model is told \${marker}\`,
    check(r) {
      const c = call(r, 0);
      expectNotRun(c);
      expect(c.feedback ?? "", describeCall(c)).toContain(marker);
    },
  },
  {
    name: \`approved: \\\`\${marker} \${pattern}\\\` runs\`,
    check(r) {
      expectRan(call(r, 1));
    },
  },
];

const rows: CellRow[] = CLI_NAMES.map((cli) => ({ cli, scenario, cells }));
defineCells(repoSource("${name}"), rows);
`;
}
