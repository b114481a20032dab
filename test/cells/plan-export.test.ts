// plan-export × each CLI: cells to come (contract pending). Plan mode is only partly reachable
// headless (Claude's ExitPlanMode is unavailable in -p; Gemini's exit_plan_mode is auto-approved
// headless; Codex's plan mode is a TUI collaboration mode), so these wait for the exact contract.
import { describe, it } from "vitest";
import type { CellMeta } from "../src/cells/meta.ts";
import { CLI_NAMES } from "../src/clis.ts";

const CELL = "the approved plan is exported";

for (const cli of CLI_NAMES) {
  describe(`plan-export × ${cli}`, () => {
    const meta: CellMeta = { guardrail: "plan-export", cli, cell: CELL };
    it.todo(CELL, { meta: { hookrail: meta } });
  });
}
