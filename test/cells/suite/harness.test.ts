// The positive control: a throwaway guardrail (generated, laid out like the shipped folders)
// through the same runners. If these fail, the harness or a CLI changed, not a bundle.
import fs from "node:fs";
import { afterAll, expect } from "vitest";
import { type Cell, type CellRow, defineCells } from "../../src/cells/define.ts";
import { call, describeCall, expectNotRun, expectRan } from "../../src/cells/report-helpers.ts";
import { CLI_NAMES } from "../../src/clis.ts";
import {
  createThrowawayGuardrail,
  THROWAWAY_EDIT_NOTE,
  THROWAWAY_NOTE,
} from "../../src/fixtures/throwaway-guardrail.ts";
import type { Scenario } from "../../src/scenario.ts";

const source = createThrowawayGuardrail();
afterAll(() => fs.rmSync(source.root, { recursive: true, force: true }));

const scenario: Scenario = {
  prompt: "Merge PR 12 and note it.",
  steps: [
    { kind: "shell", command: "gh pr merge 12" },
    { kind: "shell", command: "MERGE_APPROVED=1 gh pr merge 12" },
    { kind: "write", path: "merged.md", content: "PR 12 merged\n" },
  ],
};

const cells: Cell[] = [
  {
    name: "SessionStart context reaches the first model request",
    check: (r) => expect(r.mainTexts[0] ?? "").toContain(THROWAWAY_NOTE),
  },
  {
    name: "a denied command does not run and its reason reaches the model",
    check(r) {
      const c = call(r, 0);
      expectNotRun(c);
      expect(c.feedback ?? "", describeCall(c)).toContain("MERGE_APPROVED=1");
    },
  },
  {
    name: "an allowed command runs (stub log) and its output reaches the model",
    check(r) {
      const c = call(r, 1);
      expectRan(c);
      expect(c.feedback ?? "", describeCall(c)).toContain("fake gh: pr merge 12");
    },
  },
  {
    name: "a file write lands and the hook's note on it reaches the model with its result",
    check(r) {
      const c = call(r, 2);
      expectRan(c);
      expect(c.resultRequest, describeCall(c)).not.toBeNull();
      expect(r.mainTexts[c.resultRequest ?? 0]).toContain(THROWAWAY_EDIT_NOTE);
      expect(r.mainTexts[0]).not.toContain(THROWAWAY_EDIT_NOTE);
    },
  },
];

// Kimi Code shows its model no hook output beside a tool call (only a prompt's): no note comes with a write there.
// Auggie discards a SessionStart hook's context: no session note reaches its model.
// Cline runs hooks through the one dispatcher per event that hookrail's build writes, which this hand-made guardrail
// has no form of: its runner is proven by the merge gate's, command gates' and lifecycle cells instead. OpenClaw's
// plugin must be enabled in openclaw.json, which only `hookrail install` does, and no OpenClaw hook can give the
// model a session-start note: its runner is proven by the same cells.
const rows: CellRow[] = CLI_NAMES.filter((cli) => cli !== "cline" && cli !== "openclaw").map((cli) => ({
  cli,
  scenario,
  cells: cli === "kimi" ? cells.slice(0, 3) : cli === "auggie" ? cells.slice(1) : cells,
}));
defineCells(source, rows);
