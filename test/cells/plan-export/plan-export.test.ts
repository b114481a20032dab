// plan-export × each CLI: the model writes a plan in plan mode and asks for approval, the user
// approves it the way each CLI offers, and the plan must land in docs/plans/accepted/ with the
// model (and, in the terminal UIs, the user) told where it went. Plan mode is reachable headless
// only in Gemini; Claude's ExitPlanMode dialog and Codex's Plan mode exist only in their terminal
// UIs, which these rows drive under tmux (measured; packages/plan-export/README.md).
import { expect } from "vitest";
import { type Cell, type CellRow, defineCells } from "../../src/cells/define.ts";
import { call, describeCall, expectRan, textBetween } from "../../src/cells/report-helpers.ts";
import { repoSource } from "../../src/cells/shipped.ts";
import { CLEAR_CONTEXT_OPENING } from "../../src/mock/anthropic.ts";
import type { TuiAnswer } from "../../src/runner/tui.ts";
import type { RunReport } from "../../src/runner/types.ts";
import type { Step } from "../../src/scenario.ts";

const PLAN = `# Plan: add hello.txt

## Steps
1. Create hello.txt containing "hello".

## Verification
- cat hello.txt
`;
const PROMPT = "Plan a hello.txt file for this repo.";
const SAVED = "plan-export: saved the accepted plan to docs/plans/accepted/";
const IMPLEMENT: Step = { kind: "write", path: "hello.txt", content: "hello\n" };
/** What Codex sends when the user picks "Yes, implement this plan" (measured; packages/plan-export/README.md). */
const CODEX_IMPLEMENT_PROMPT = "Implement the plan.";

/** The exported files of one outcome folder: [relative path, text]. */
const exported = (r: RunReport, outcome: "accepted" | "rejected"): [string, string][] =>
  Object.entries(r.projectFiles).filter(([p]) => p.startsWith(`docs/plans/${outcome}/`));

/** Exactly one accepted file, with the plan and front matter saying how it was approved. */
const acceptedCell = (resolution: string): Cell => ({
  name: `the plan is saved in docs/plans/accepted/ (resolution: ${resolution})`,
  check(r) {
    const files = exported(r, "accepted");
    expect(
      files.map(([p]) => p),
      `project files: ${Object.keys(r.projectFiles).join(", ")}`,
    ).toHaveLength(1);
    const [file, text] = files[0] ?? ["", ""];
    expect(file).toMatch(/^docs\/plans\/accepted\/\d{4}-\d{2}-\d{2}-\d{4}-add-hello-txt\.md$/);
    expect(text).toContain(PLAN.trim());
    expect(text).toMatch(/^outcome: accepted$/m);
    expect(text).toMatch(new RegExp(`^resolution: ${resolution}$`, "m"));
  },
});

/** Exactly one rejected file, with the plan and front matter saying why. */
const rejectedCell = (resolution: string): Cell => ({
  name: `the plan is saved in docs/plans/rejected/ (resolution: ${resolution})`,
  check(r) {
    const files = exported(r, "rejected");
    expect(
      files.map(([p]) => p),
      `project files: ${Object.keys(r.projectFiles).join(", ")}`,
    ).toHaveLength(1);
    const [file, text] = files[0] ?? ["", ""];
    expect(file).toMatch(/^docs\/plans\/rejected\/\d{4}-\d{2}-\d{2}-\d{4}-add-hello-txt\.md$/);
    expect(text).toContain(PLAN.trim());
    expect(text).toMatch(/^outcome: rejected$/m);
    expect(text).toMatch(new RegExp(`^resolution: ${resolution}$`, "m"));
  },
});

const nothingAcceptedCell: Cell = {
  name: "nothing is filed as accepted",
  check: (r) => expect(exported(r, "accepted").map(([p]) => p)).toEqual([]),
};

const nothingRejectedCell: Cell = {
  name: "nothing is filed as rejected",
  check: (r) => expect(exported(r, "rejected").map(([p]) => p)).toEqual([]),
};

/** The edit the model makes after the approval ran: the approval really went through. */
const implementedCell = (index: number): Cell => ({
  name: "after the approval, the implementation edit lands",
  check: (r) => expectRan(call(r, index)),
});

/** The terminal UI showed the line to the user (Claude: "<Hook> says: …", Codex: "↳ Hook · …"). */
const userToldCell: Cell = {
  name: "the user sees the line on screen",
  check: (r) => expect(r.stdout, "the screen never showed it").toContain("plan-export: saved the accepted plan to"),
};

/** Requests [from, to] of a run (indexes into mainTexts). */
type Window = (r: RunReport) => { from: number; to: number };

/** The model is told where the plan went in requests [from, to] (`where` says which), never before. */
const modelToldCell = (where: string, window: Window): Cell => ({
  name: `the model is told "${SAVED}…"`,
  check(r) {
    const { from, to } = window(r);
    expect(from, `no such request (${where})`).toBeGreaterThanOrEqual(0);
    expect(textBetween(r, 0, from), "told before the approval").not.toContain(SAVED);
    expect(textBetween(r, from, to + 1), `requests ${from}..${to}: ${where}`).toContain(SAVED);
  },
});

/** The request that carries call `index`'s result. */
function resultRequest(r: RunReport, index: number): number {
  const c = call(r, index);
  if (c.resultRequest === null) throw new Error(`its result never reached the model: ${describeCall(c)}`);
  return c.resultRequest;
}

const withResultOf =
  (index: number): Window =>
  (r) => ({ from: resultRequest(r, index), to: resultRequest(r, index) });

/** The first request that contains `text`, alone. */
const firstWith =
  (text: string): Window =>
  (r) => {
    const at = r.mainTexts.findIndex((t) => t.includes(text));
    return { from: at, to: at };
  };

/** Qwen's plan dialog: "1. Yes, restore previous mode … 2. Yes, and auto-accept edits … 4. No, keep planning (esc)". */
const QWEN_DIALOG = /Yes, and auto-accept edits[\s\S]*No, keep planning/;

/** Types `text` as the next prompt once the screen that matched `dialog` has gone and the input box is back. */
function promptAfter(dialog: RegExp, text: string): TuiAnswer {
  let seen = false;
  return {
    when: (screen) => {
      if (dialog.test(screen)) seen = true;
      return seen && !dialog.test(screen) && /Type your message/.test(screen);
    },
    text,
    keys: ["Enter"],
    once: true,
  };
}

// Claude: the plan is written where plan mode says, ExitPlanMode (a deferred tool) loaded with
// ToolSearch, then called: the dialog opens.
const claudePlanSteps: Step[] = [
  { kind: "plan-write", name: "plan.md", content: PLAN },
  { kind: "tool-search", query: "select:ExitPlanMode" },
  { kind: "plan-exit" },
];

const rows: CellRow[] = [
  // "Yes, clear context" (showClearContextOnPlanAccept) starts a new session whose first message
  // is the plan; no PostToolUse. plan-export finds the plan in that session's transcript once its
  // record is written (from the first tool call on), so the model hears it with an edit's result.
  {
    cli: "claude",
    variant: "clear context",
    scenario: {
      prompt: PROMPT,
      steps: claudePlanSteps,
      afterClear: [IMPLEMENT, { kind: "write", path: "hello-2.txt", content: "hello again\n" }],
    },
    planMode: {
      settings: { showClearContextOnPlanAccept: true },
      answers: [{ when: /1\. Yes, clear context/, keys: ["1"] }],
    },
    cells: [
      acceptedCell("approved-clear-context"),
      modelToldCell("in the new session, at the latest with its second edit's result", (r) => ({
        from: r.mainTexts.findIndex((t) => t.includes(CLEAR_CONTEXT_OPENING)),
        to: resultRequest(r, 4),
      })),
      implementedCell(3),
      userToldCell,
      nothingRejectedCell,
    ],
  },
  // "Yes, and use auto mode" (the default dialog's first option) keeps the session: PostToolUse
  // (ExitPlanMode) exports the plan, and its note comes with ExitPlanMode's result.
  {
    cli: "claude",
    variant: "keep context",
    scenario: { prompt: PROMPT, steps: [...claudePlanSteps, IMPLEMENT] },
    planMode: { answers: [{ when: /1\. Yes, and use auto mode/, keys: ["1"] }] },
    cells: [
      acceptedCell("approved"),
      modelToldCell("with ExitPlanMode's result (PostToolUse)", withResultOf(2)),
      implementedCell(3),
      userToldCell,
      nothingRejectedCell,
    ],
  },
  // Gemini, headless `--approval-mode plan`: exit_plan_mode is approved automatically (switching to
  // yolo); AfterTool(exit_plan_mode) exports the plan and its note rides on that result.
  {
    cli: "gemini",
    scenario: {
      prompt: PROMPT,
      steps: [{ kind: "plan-write", name: "hello-plan.md", content: PLAN }, { kind: "plan-exit" }, IMPLEMENT],
    },
    planMode: {},
    cells: [
      acceptedCell("approved"),
      modelToldCell("with exit_plan_mode's result (AfterTool)", withResultOf(1)),
      implementedCell(2),
      nothingRejectedCell,
    ],
  },
  // Codex, the TUI's Plan mode: the answer is a <proposed_plan> block (no tool), read from the
  // rollout at Stop; "Implement this plan?" → 1 sends "Implement the plan.", whose UserPromptSubmit
  // exports the plan and adds the note to that very request.
  {
    cli: "codex",
    scenario: { prompt: PROMPT, steps: [{ kind: "propose-plan", content: PLAN }, IMPLEMENT] },
    planMode: { answers: [{ when: /Implement this plan\?/, keys: ["1"] }] },
    cells: [
      acceptedCell("approved"),
      modelToldCell(
        `with the "${CODEX_IMPLEMENT_PROMPT}" prompt (UserPromptSubmit)`,
        firstWith(CODEX_IMPLEMENT_PROMPT),
      ),
      implementedCell(1),
      userToldCell,
      nothingRejectedCell,
    ],
  },
  // Copilot, the terminal UI's plan mode (`--mode plan -i`): the plan goes to plan.md in the session
  // folder, exit_plan_mode opens "Plan Ready for Review"; "2. Accept plan and continue in Interactive
  // execution mode" answers it, and postToolUse(exit_plan_mode) exports the plan with the note on its result.
  {
    cli: "copilot",
    scenario: {
      prompt: PROMPT,
      steps: [{ kind: "plan-write", name: "plan.md", content: PLAN }, { kind: "plan-exit" }, IMPLEMENT],
    },
    planMode: { answers: [{ when: /Plan Ready for Review/, keys: ["2"] }] },
    cells: [
      acceptedCell("approved"),
      modelToldCell("with exit_plan_mode's result (postToolUse)", withResultOf(1)),
      implementedCell(2),
      nothingRejectedCell,
    ],
  },
  // Qwen Code, the terminal UI's plan mode (`--approval-mode plan -i`; headless plan mode registers no
  // exit_plan_mode): exit_plan_mode {plan} opens "Would you like to proceed?"; "Yes, and auto-accept edits"
  // answers it, PostToolUse(exit_plan_mode) exports the plan with the note on its result.
  {
    cli: "qwen",
    scenario: { prompt: PROMPT, steps: [{ kind: "plan-exit", plan: PLAN }, IMPLEMENT] },
    planMode: { answers: [{ when: QWEN_DIALOG, keys: ["2"] }] },
    cells: [
      acceptedCell("approved"),
      modelToldCell("with exit_plan_mode's result (PostToolUse)", withResultOf(0)),
      implementedCell(1),
      nothingRejectedCell,
    ],
  },
  // Qwen Code, "No, keep planning": no hook fires until the user's next prompt, which files the plan they saw.
  {
    cli: "qwen",
    variant: "keep planning",
    scenario: { prompt: PROMPT, steps: [{ kind: "plan-exit", plan: PLAN }] },
    planMode: { answers: [{ when: QWEN_DIALOG, keys: ["4"] }, promptAfter(QWEN_DIALOG, "Never mind, leave it.")] },
    cells: [rejectedCell("dismissed"), nothingAcceptedCell],
  },
  // Factory Droid, headless spec mode (`droid exec --use-spec`): ExitSpecMode's PreToolUse carries the plan, and
  // the exec session refuses the tool itself, so nobody approves it: the plan is saved as rejected (abandoned)
  // when the session ends, never lost.
  {
    cli: "droid",
    scenario: { prompt: PROMPT, steps: [{ kind: "plan-exit", plan: PLAN }] },
    planMode: {},
    cells: [rejectedCell("abandoned"), nothingAcceptedCell],
  },
];

defineCells(repoSource("plan-export"), rows);
