// worktree-check × each CLI: the SessionStart verdict must be in the model's FIRST request.
import { expect } from "vitest";
import { type Cell, type CellRow, defineCells } from "../../src/cells/define.ts";
import { repoSource } from "../../src/cells/shipped.ts";
import { CLI_NAMES } from "../../src/clis.ts";
import type { Scenario } from "../../src/scenario.ts";

const VERDICT = /you can work in this directory|open a separate worktree first/;

const scenario: Scenario = {
  prompt: "Add a changelog entry for the login fix.",
  steps: [{ kind: "shell", command: "git status --short" }],
};

const cells: Cell[] = [
  {
    name: "SessionStart verdict line is in the model's first request",
    check(r) {
      const first = r.mainTexts[0] ?? "";
      expect(first, "no model request at all").not.toBe("");
      expect(first, "first request lacks the verdict line").toMatch(VERDICT);
    },
  },
];

const rows: CellRow[] = [
  // Not Cline, OpenClaw or Auggie: no hook reaches their model's first request (Auggie discards SessionStart's
  // answer), and `hookrail install` refuses worktree-check there.
  ...CLI_NAMES.filter((cli) => !["cline", "openclaw", "auggie"].includes(cli)).map((cli) => ({ cli, scenario, cells })),
  // Copilot also runs the Claude plugin, installed from the same marketplace.
  { cli: "copilot", variant: "claude plugin", packaging: "claude-plugin", scenario, cells },
  // Qwen Code converts the Claude plugin into an extension: its payloads' ISO timestamp must not make the Claude
  // bundle answer in Copilot's flat form, which Qwen drops.
  { cli: "qwen", variant: "claude plugin", packaging: "claude-plugin", scenario, cells },
];
defineCells(repoSource("worktree-check"), rows);
