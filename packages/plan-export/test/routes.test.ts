// Each CLI's route: the captured payloads (parsed by the real adapters) and the signals they mean.
import { CLIS } from "@hookrail/clis";
import type { Adapter, CliName } from "@hookrail/core";
import { describe, expect, it } from "vitest";
import { codexPlanFromRollout, continuationEvidence, routeSignals } from "../src/routes/index.ts";
import { fixture } from "./helpers/world.ts";

// Each CLI's adapter, through the one list of CLIs.

const adapters = Object.fromEntries(Object.values(CLIS).map((c) => [c.name, c.adapter])) as Record<CliName, Adapter>;
const HOME = "/home/u";
const vars = {
  "<NEW_SESSION_ID>": "s2",
  "<SESSION_ID_8>": "s1s1s1s1",
  "<SESSION_ID>": "s1",
  "<HOME_RELATIVE_TO_PROJECT>": "..",
  "<HOME>": HOME,
  "<PROJECT_DIR>": "/home/u/p",
  "<PLAN_SLUG>": "slug",
  "<ISO_TIMESTAMP>": "2026-11-30T14:12:00.000Z",
};
const signals = (cli: CliName, name: string, planDirs: string[] = []) =>
  routeSignals(adapters[cli].parse(fixture(cli, name, vars)), planDirs);
const PLAN_START = expect.stringMatching(/^# Plan: add hello\.txt\n/);

describe("kimi route", () => {
  it.each([
    ["PreToolUse.ExitPlanMode", []],
    ["PostToolUse.Write.plan-file", []],
    [
      "PostToolUse.ExitPlanMode",
      [
        {
          kind: "plan-resolved",
          outcome: "accepted",
          resolution: "approved",
          paths: [
            "/home/user/.kimi-code/sessions/wd_project_609b453644b4/session_f6dd9d07-304c-4e6d-933f-35916f8b941a/agents/main/plans/rogue-aqualad-ant-man.md",
          ],
          text: "# Plan\n\n1. Add a CHANGELOG entry.\n2. Merge PR 12 after review.\n",
        },
      ],
    ],
  ])("%s", (name, expected) => {
    expect(signals("kimi", name)).toEqual(expected);
  });

  it("reads a plan Kimi cut at 2,000 characters from the file it names", () => {
    const payload = fixture("kimi", "PostToolUse.ExitPlanMode", vars);
    const long = `${String(payload.tool_output)}${"x".repeat(2000)}`;
    const [signal] = routeSignals(adapters.kimi.parse({ ...payload, tool_output: long }), []);
    expect(signal).toMatchObject({ kind: "plan-resolved", outcome: "accepted" });
    expect(signal).not.toHaveProperty("text");
  });
});

describe("claude route", () => {
  const dirs = [`${HOME}/.claude/plans`];
  it.each([
    ["PreToolUse.Write.plan-file", [{ kind: "plan-written", path: `${HOME}/.claude/plans/slug.md` }]],
    ["PreToolUse.Write.plan-file.plansDirectory", []],
    ["PreToolUse.first-tool-after-clear", []],
    [
      "PreToolUse.ExitPlanMode",
      [{ kind: "plan-presented", paths: [`${HOME}/.claude/plans/slug.md`], text: PLAN_START }],
    ],
    [
      "PostToolUse.ExitPlanMode.auto",
      [{ kind: "plan-resolved", outcome: "accepted", resolution: "approved", text: PLAN_START }],
    ],
    [
      "PostToolUse.ExitPlanMode.plan-edited",
      [{ kind: "plan-resolved", resolution: "approved-edited", text: expect.stringContaining("extra step") }],
    ],
    ["PostToolBatch.ExitPlanMode.approved", [{ kind: "plan-resolved", outcome: "accepted", text: PLAN_START }]],
    [
      "PostToolBatch.ExitPlanMode.rejected-with-feedback",
      [
        {
          kind: "plan-resolved",
          outcome: "rejected",
          resolution: "feedback",
          feedback: "Please also add a README line",
        },
      ],
    ],
    ["Stop.after-rejection", [{ kind: "turn-ended" }]],
    ["SessionEnd.clear", [{ kind: "session-ended", reason: "clear" }]],
    ["SessionStart.clear", [{ kind: "session-started", source: "clear" }]],
    ["UserPromptSubmit", [{ kind: "prompt" }]],
  ])("%s", (name, expected) => expect(signals("claude", name, dirs)).toMatchObject(expected));

  it("reads the approved plan, the old session and the feedback from the new transcript's first records", () => {
    const record = fixture("claude", "transcript.after-clear.first-user-record", vars);
    const message = record.message as { content: string };
    const withFeedback = {
      ...record,
      message: { content: `${message.content}\n\nUser feedback on this plan: Use lowercase only` },
    };
    expect(
      continuationEvidence(["{broken", JSON.stringify({ type: "summary" }), JSON.stringify(withFeedback)]),
    ).toEqual({
      planText: expect.stringMatching(/^# Plan: add hello\.txt/),
      fromSessionId: "s1",
      feedback: "Use lowercase only",
    });
    expect(continuationEvidence([JSON.stringify({ type: "user", message: { content: "/clear" } })])).toEqual({});
  });
});

describe("gemini route", () => {
  const dirs = [`${HOME}/.gemini/tmp/project/s1/plans`];
  const stored = `${HOME}/.gemini/tmp/project/s1/plans/hello-plan.md`;
  it.each([
    ["BeforeTool.write_file.plan-file", [{ kind: "plan-written", path: stored }]],
    ["BeforeTool.exit_plan_mode", [{ kind: "plan-presented", paths: [stored] }]],
    [
      "AfterTool.exit_plan_mode.approved-default",
      [{ kind: "plan-resolved", outcome: "accepted", paths: [stored, stored] }],
    ],
    ["AfterTool.exit_plan_mode.approved-autoEdit", [{ kind: "plan-resolved", outcome: "accepted" }]],
    ["AfterTool.exit_plan_mode.approved-yolo-headless", [{ kind: "plan-resolved", outcome: "accepted" }]],
    [
      "AfterTool.exit_plan_mode.custom-plans-dir",
      [{ kind: "plan-resolved", paths: ["/home/u/p/.gemini/plans/hello-plan.md", stored] }],
    ],
    [
      "AfterTool.exit_plan_mode.rejected-feedback",
      [
        {
          kind: "plan-resolved",
          outcome: "rejected",
          resolution: "feedback",
          feedback: "Please also add a README line",
        },
      ],
    ],
    [
      "AfterTool.exit_plan_mode.rejected-plan-edited",
      [{ outcome: "rejected", feedback: expect.stringMatching(/^I have edited/) }],
    ],
    ["AfterAgent.after-approval", []],
    ["BeforeAgent", [{ kind: "prompt" }]],
  ])("%s", (name, expected) => expect(signals("gemini", name, dirs)).toMatchObject(expected));
});

describe("codex route", () => {
  const rollout =
    "/home/user/.codex/sessions/2026/01/01/rollout-2026-01-01T00-00-00-00000000-0000-7000-8000-000000000001.jsonl";
  it.each([
    [
      "Stop.plan-mode-proposed-plan",
      [{ kind: "plan-presented", paths: [rollout], from: "codex-rollout", turnId: expect.any(String) }],
    ],
    ["UserPromptSubmit.implement-plan", [{ kind: "plan-resolved", outcome: "accepted", from: "codex-rollout" }]],
    [
      "UserPromptSubmit.clear-context-implement",
      [
        {
          kind: "plan-resolved",
          resolution: "approved-clear-context",
          anySession: true,
          paths: [expect.stringMatching(/approved-plan\.md$/)],
        },
      ],
    ],
    ["UserPromptSubmit", [{ kind: "prompt" }]],
    ["SessionStart.clear.after-plan", [{ kind: "session-started", source: "clear" }]],
  ])("%s", (name, expected) => expect(signals("codex", name)).toMatchObject(expected));

  it("reads the plan from the rollout records: the Plan item of the turn, else the <proposed_plan> block", () => {
    const records = fixture("codex", "rollout.plan-mode-records", {}) as Record<string, Record<string, unknown>>;
    const item = JSON.stringify({ type: "event_msg", payload: records["event_msg.item_completed(Plan)"] });
    const message = JSON.stringify({ type: "response_item", payload: records["response_item(assistant message)"] });
    const text = "# Plan: add hello.txt\n\n1. Create hello.txt containing hello.\n";
    expect(codexPlanFromRollout([message, item], "00000000-0000-7000-8000-000000000002")).toBe(text);
    expect(codexPlanFromRollout([message, item], "another-turn")).toBe(text);
    expect(codexPlanFromRollout([message])).toBe(text);
    const user = JSON.stringify({ type: "response_item", payload: { type: "message", role: "user", content: [] } });
    expect(codexPlanFromRollout([message, user])).toBeUndefined();
  });
});

// Auggie's plan mode is read from its shipped code (0.36.0), not captured: its payloads in the shape its captured
// tool payloads have (packages/auggie/test/fixtures).
describe("auggie route", () => {
  const plans = "/home/u/.augment/plans";
  const call = (event: string, tool: string, input: Record<string, unknown>, output?: string) =>
    routeSignals(
      adapters.auggie.parse({
        hook_event_name: event,
        conversation_id: "s1",
        workspace_roots: ["/home/u/p"],
        tool_name: tool,
        tool_input: input,
        tool_output: output ?? "[undefined]",
        tool_error: null,
        is_mcp_tool: false,
      }),
      [plans],
    );

  it("tracks a plan saved under ~/.augment/plans (as ~/… or absolute), not a file of the project", () => {
    const written = { kind: "plan-written", path: `${plans}/plan-hello.md` };
    expect(call("PreToolUse", "save-file", { path: "~/.augment/plans/plan-hello.md", file_content: "# P" })).toEqual([
      written,
    ]);
    expect(call("PreToolUse", "save-file", { path: `${plans}/plan-hello.md`, file_content: "# P" })).toEqual([written]);
    expect(call("PreToolUse", "save-file", { path: "notes.md", file_content: "# P" })).toEqual([]);
  });

  it.each([
    ["Implement selected. Plan mode complete; proceed with implementation.", "accepted", "approved"],
    ["Iterate selected. Plan mode remains active. Do not implement; stop and wait.", "rejected", "feedback"],
    ["Declined. Plan mode exited; do not implement.", "rejected", "dismissed"],
  ])("exit-plan-mode answered %s", (text, outcome, resolution) => {
    expect(call("PreToolUse", "exit-plan-mode", { summary: "s" })).toEqual([
      { kind: "plan-presented", paths: [], drafts: true },
    ]);
    expect(call("PostToolUse", "exit-plan-mode", { summary: "s" }, text)).toEqual([
      { kind: "plan-resolved", outcome, resolution, paths: [], drafts: true },
    ]);
  });

  it("a cancelled call settles nothing", () => {
    expect(call("PostToolUse", "exit-plan-mode", {}, "Tool call was cancelled.")).toEqual([]);
  });
});
