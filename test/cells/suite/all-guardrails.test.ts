// All four guardrails installed together with `hookrail install` (each its own plugin, extension or
// hooks), one session per CLI, and each guardrail's own effect in that one session: the worktree
// verdict in the first request, the plan exported once approved, `gh pr merge 12` blocked, and a drift
// note after another process moves the checkout. worktree-check and plan-export both hook session
// start; in Claude Code the plan is approved with "clear context", whose new session plan-export finds
// only through its own SessionStart, while worktree-check's verdict is in that session's first request too.
import { expect } from "vitest";
import { type Cell, type CellRow, defineCells } from "../../src/cells/define.ts";
import { DRIFT_HEADLINE, FOREIGN_MOVE } from "../../src/cells/drift-steps.ts";
import { call, describeCall, expectNotRun, expectRan, textBetween } from "../../src/cells/report-helpers.ts";
import { repoSource } from "../../src/cells/shipped.ts";
import { CLEAR_CONTEXT_OPENING } from "../../src/mock/anthropic.ts";
import type { RunReport } from "../../src/runner/types.ts";
import type { Step } from "../../src/scenario.ts";

const PLAN = '# Plan: add hello.txt\n\n## Steps\n1. Create hello.txt containing "hello".\n';
const VERDICT = /you can work in this directory|open a separate worktree first/;

/** After the plan is approved: the merge (blocked), then the checkout learned, moved by someone else, and edited. */
const WORK: Step[] = [
  { kind: "write", path: "hello.txt", content: "hello\n" },
  { kind: "shell", command: "gh pr merge 12" },
  ...FOREIGN_MOVE,
];

/** Where WORK starts among a row's steps. */
const cells = (first: number, firstRequest: (r: RunReport) => number[]): Cell[] => [
  {
    name: "worktree-check: its verdict is in the session's first request",
    check(r) {
      for (const at of firstRequest(r)) {
        expect(at, "no such request").toBeGreaterThanOrEqual(0);
        expect(r.mainTexts[at] ?? "", `request ${at} lacks the verdict`).toMatch(VERDICT);
      }
    },
  },
  {
    name: "plan-export: the approved plan is saved in docs/plans/accepted/",
    check(r) {
      const files = Object.entries(r.projectFiles).filter(([p]) => p.startsWith("docs/plans/accepted/"));
      expect(
        files.map(([p]) => p),
        `project files: ${Object.keys(r.projectFiles).join(", ")}`,
      ).toHaveLength(1);
      expect(files[0]?.[1] ?? "").toContain(PLAN.trim());
    },
  },
  {
    name: "merge-gate: gh pr merge 12 is blocked",
    check: (r) => expectNotRun(call(r, first + 1)),
  },
  {
    name: "branch-drift: after another process moves the checkout, the model is told it MOVED",
    check(r) {
      const edit = call(r, first + 5);
      expectRan(edit);
      expect(edit.resultRequest, describeCall(edit)).not.toBeNull();
      const from = call(r, first + 4).resultRequest ?? 0;
      expect(textBetween(r, from, (edit.resultRequest ?? 0) + 1)).toContain(DRIFT_HEADLINE);
    },
  },
];

const GUARDRAILS = ["worktree-check", "plan-export", "merge-gate", "branch-drift"].map(repoSource);
const PROMPT = "Plan a hello.txt file for this repo, then merge PR 12 and write the notes.";
/** Claude and Copilot: every tool the steps use, allowed, so their terminal UIs ask nothing. */
const ALLOW = { permissions: { allow: ["Bash", "Write", "Edit"] } };

const rows: CellRow[] = [
  {
    cli: "claude",
    scenario: {
      prompt: PROMPT,
      steps: [
        { kind: "plan-write", name: "plan.md", content: PLAN },
        { kind: "tool-search", query: "select:ExitPlanMode" },
        { kind: "plan-exit" },
      ],
      afterClear: WORK,
    },
    planMode: {
      // Auto mode's check runs on Anthropic's server, which the mock is not: off, so approving takes the allow rules.
      settings: { ...ALLOW, disableAutoMode: "disable", showClearContextOnPlanAccept: true },
      answers: [{ when: /1\. Yes, clear context/, keys: ["1"] }],
    },
    timeoutMs: 180_000,
    cells: cells(3, (r) => [0, r.mainTexts.findIndex((t) => t.includes(CLEAR_CONTEXT_OPENING))]),
  },
  {
    cli: "gemini",
    scenario: {
      prompt: PROMPT,
      steps: [{ kind: "plan-write", name: "hello-plan.md", content: PLAN }, { kind: "plan-exit" }, ...WORK],
    },
    planMode: {},
    timeoutMs: 180_000,
    cells: cells(2, () => [0]),
  },
  {
    cli: "codex",
    scenario: { prompt: PROMPT, steps: [{ kind: "propose-plan", content: PLAN }, ...WORK] },
    planMode: {
      answers: [
        { when: /Implement this plan\?/, keys: ["1"] },
        // The prompt typed but still in the composer (its Enter came while the start hooks ran): Enter again.
        { when: (screen) => screen.includes(`› ${PROMPT}`), keys: ["Enter"] },
      ],
    },
    timeoutMs: 180_000,
    cells: cells(1, () => [0]),
  },
  {
    cli: "copilot",
    scenario: {
      prompt: PROMPT,
      steps: [{ kind: "plan-write", name: "plan.md", content: PLAN }, { kind: "plan-exit" }, ...WORK],
    },
    planMode: { answers: [{ when: /Plan Ready for Review/, keys: ["2"] }] },
    timeoutMs: 180_000,
    cells: cells(2, () => [0]),
  },
];

defineCells(GUARDRAILS, rows, "all four together");

// Kimi Code runs three of them (branch-drift's note cannot reach its model: the manifest refuses it). In `kimi -p`
// plan mode is entered with the EnterPlanMode tool and left with ExitPlanMode, approved by Kimi itself.
const KIMI_WORK: Step[] = [
  { kind: "write", path: "hello.txt", content: "hello\n" },
  { kind: "shell", command: "gh pr merge 12" },
];
defineCells(
  GUARDRAILS.filter((g) => g.guardrail !== "branch-drift"),
  [
    {
      cli: "kimi",
      scenario: {
        prompt: PROMPT,
        steps: [
          { kind: "tool", name: "EnterPlanMode", args: {} },
          { kind: "plan-write", name: "plan.md", content: PLAN },
          { kind: "plan-exit" },
          ...KIMI_WORK,
        ],
      },
      timeoutMs: 180_000,
      cells: cells(3, () => [0]).filter((c) => !c.name.startsWith("branch-drift")),
    },
  ],
  "three together (no branch-drift in Kimi Code)",
);
