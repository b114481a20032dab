// branch-drift × each CLI: an edit (the session learns its checkout), a branch switch behind its
// back, another edit: the model must then be told the checkout moved. Claude and Codex deliver the
// note as PreToolUse additionalContext, Gemini with the edit's AfterTool result: both land in the
// request that carries the second edit's result.
import { expect } from "vitest";
import { type Cell, type CellRow, defineCells } from "../src/cells/define.ts";
import { call, describeCall, expectRan, textBetween } from "../src/cells/report-helpers.ts";
import { repoSource } from "../src/cells/shipped.ts";
import { CLI_NAMES } from "../src/clis.ts";
import type { Scenario } from "../src/scenario.ts";

const HEADLINE = "drift: this checkout MOVED since the session was last told what it is";

const scenario: Scenario = {
  prompt: "Write the release notes.",
  steps: [
    { kind: "write", path: "notes-1.md", content: "first edit\n" },
    { kind: "shell", command: "git checkout -q -b other" },
    { kind: "write", path: "notes-2.md", content: "second edit\n" },
  ],
};

const cells: Cell[] = [
  {
    name: "no drift note before the branch moved",
    check(r) {
      const switched = call(r, 1);
      expectRan(switched);
      expect(switched.resultRequest, describeCall(switched)).not.toBeNull();
      expect(textBetween(r, 0, (switched.resultRequest ?? 0) + 1)).not.toContain(HEADLINE);
    },
  },
  {
    name: "after `git checkout -b other` + an edit, the model is told the checkout MOVED",
    check(r) {
      const edit = call(r, 2);
      expect(edit.resultRequest, describeCall(edit)).not.toBeNull();
      expect(textBetween(r, edit.resultRequest ?? 0, (edit.resultRequest ?? 0) + 1)).toContain(HEADLINE);
    },
  },
  {
    name: "the edit itself still lands (advisory)",
    check(r) {
      const edit = call(r, 2);
      expectRan(edit);
    },
  },
];

const rows: CellRow[] = [
  ...CLI_NAMES.map((cli) => ({ cli, scenario, cells })),
  // Copilot also runs the Claude plugin, installed from the same marketplace.
  { cli: "copilot", variant: "claude plugin", packaging: "claude-plugin", scenario, cells },
];
defineCells(repoSource("branch-drift"), rows);
