// branch-drift × each CLI: an edit (the session learns its checkout); the session's own
// `git checkout -b other` (a short "you moved to" line, never the drift note); then another process
// (a background job waiting for a trigger file) switches the branch behind the session's back, and the
// next edits must tell the model the checkout MOVED. Claude and Codex deliver notes as PreToolUse or
// PostToolUse additionalContext, Gemini with the call's AfterTool result.
import { expect } from "vitest";
import { type Cell, type CellRow, defineCells } from "../../src/cells/define.ts";
import { DRIFT_HEADLINE, FOREIGN_MOVE } from "../../src/cells/drift-steps.ts";
import { call, describeCall, expectRan, textBetween } from "../../src/cells/report-helpers.ts";
import { repoSource } from "../../src/cells/shipped.ts";
import { CLI_NAMES } from "../../src/clis.ts";
import type { Scenario } from "../../src/scenario.ts";

const HEADLINE = DRIFT_HEADLINE;
const OWN = "branch-drift: you moved to branch other";

const scenario: Scenario = {
  prompt: "Write the release notes.",
  steps: [{ kind: "write", path: "notes-1.md", content: "first edit\n" }, ...FOREIGN_MOVE],
};

/** What the model read from the request that carries call `from`'s result up to the one after call `to`'s. */
const told = (r: Parameters<Cell["check"]>[0], from: number, to: number) =>
  textBetween(r, call(r, from).resultRequest ?? 0, (call(r, to).resultRequest ?? 0) + 1);

const cells: Cell[] = [
  {
    name: "the session's own `git checkout -b other`: a short line, not the drift note",
    check(r) {
      const switched = call(r, 1);
      expectRan(switched);
      expect(switched.resultRequest, describeCall(switched)).not.toBeNull();
      expect(told(r, 1, 1)).toContain(OWN);
      expect(textBetween(r, 0, (call(r, 2).resultRequest ?? 0) + 1)).not.toContain(HEADLINE);
    },
  },
  {
    name: "after another process switches the branch, the model is told the checkout MOVED",
    check(r) {
      const edit = call(r, 4);
      expect(edit.resultRequest, describeCall(edit)).not.toBeNull();
      expect(told(r, 3, 4)).toContain(HEADLINE);
      // Gemini escapes ">" in hook context as "&gt;".
      expect(told(r, 3, 4)).toMatch(/\(other -(>|&gt;) theirs\)/);
    },
  },
  {
    name: "the edits still land (advisory)",
    check(r) {
      expectRan(call(r, 3));
      expectRan(call(r, 4));
    },
  },
];

const rows: CellRow[] = [
  // Antigravity CLI, Kimi Code and OpenClaw have no channel for a note beside a tool call: branch-drift's manifest
  // refuses them.
  ...CLI_NAMES.filter((cli) => cli !== "antigravity" && cli !== "kimi" && cli !== "openclaw").map((cli) => ({
    cli,
    scenario,
    cells,
  })),
  // Copilot also runs the Claude plugin, installed from the same marketplace.
  { cli: "copilot", variant: "claude plugin", packaging: "claude-plugin", scenario, cells },
];
defineCells(repoSource("branch-drift"), rows);
