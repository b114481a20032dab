// merge-gate × Copilot CLI: Copilot's hook files have no tool matcher, so the gate is asked about every tool call.
// Its tools that run no command and write no file (view, glob, grep, list_bash) must run; the merge must not; text
// typed into a running shell with write_bash is read as the command line it is. Measured in 1.0.102's -p mode:
// write_bash is not offered there ("Tool 'write_bash' does not exist"), but the hook is asked before Copilot looks the
// tool up, so the rows below show the gate's answer; the control row notices a version that offers it.
import { expect } from "vitest";
import { type Cell, type CellRow, defineCells } from "../../src/cells/define.ts";
import { call, describeCall, expectNotRun } from "../../src/cells/report-helpers.ts";
import { repoSource } from "../../src/cells/shipped.ts";
import type { RunReport } from "../../src/runner/types.ts";
import type { Scenario } from "../../src/scenario.ts";

const NOTE = "hello from the notes file\n";

const scenario: Scenario = {
  prompt: "Look around, then merge PR 12.",
  steps: [
    { kind: "write", path: "notes.md", content: NOTE },
    { kind: "tool", name: "view", args: { path: "notes.md" } },
    { kind: "tool", name: "glob", args: { pattern: "*.md" } },
    { kind: "tool", name: "grep", args: { pattern: "hello", output_mode: "files_with_matches" } },
    { kind: "tool", name: "list_bash", args: {} },
    { kind: "shell", command: "gh pr merge 12" },
    // A running session (cat echoes what it reads), then text typed into it.
    { kind: "tool", name: "bash", args: { command: "cat", description: "echo", async: true, shellId: "typed" } },
    { kind: "tool", name: "write_bash", args: { shellId: "typed", input: "gh pr merge 12\n", delay: 1 } },
    { kind: "tool", name: "write_bash", args: { shellId: "typed", input: "plain text\n", delay: 1 } },
  ],
};

const denied = (r: RunReport, i: number) => /^Denied by preToolUse hook/.test(call(r, i).feedback ?? "");

const cells: Cell[] = [
  {
    name: "view, glob, grep and list_bash run: the gate lets tools that cannot merge through",
    check(r) {
      for (const i of [1, 2, 3, 4]) expect(denied(r, i), describeCall(call(r, i))).toBe(false);
      expect(call(r, 1).feedback ?? "", describeCall(call(r, 1))).toContain("hello from the notes file");
      expect(call(r, 2).feedback ?? "", describeCall(call(r, 2))).toContain("notes.md");
      expect(call(r, 3).feedback ?? "", describeCall(call(r, 3))).toContain("notes.md");
      expect(call(r, 4).feedback ?? "", describeCall(call(r, 4))).not.toMatch(/does not exist/);
    },
  },
  {
    name: "gh pr merge 12 is blocked, and the fake gh never runs",
    check(r) {
      expectNotRun(call(r, 5));
      expect(call(r, 5).feedback ?? "").toMatch(/merge-gate: blocked/);
      expect(r.fakeCalls, "the fake gh ran").toEqual([]);
    },
  },
  {
    name: "write_bash: typed `gh pr merge 12` is blocked as a merge, typed plain text is not",
    check(r) {
      expect(denied(r, 6), describeCall(call(r, 6))).toBe(false);
      expect(denied(r, 7), describeCall(call(r, 7))).toBe(true);
      expect(call(r, 7).feedback ?? "").toMatch(/merge-gate: blocked/);
      expect(denied(r, 8), describeCall(call(r, 8))).toBe(false);
    },
  },
];

/** Control: without the gate, nothing stops the typed merge but Copilot itself, which offers no write_bash in -p mode. */
const controlScenario: Scenario = {
  prompt: "Merge PR 12 from a shell session.",
  steps: [
    { kind: "tool", name: "bash", args: { command: "sh", description: "shell", async: true, shellId: "typed" } },
    { kind: "tool", name: "write_bash", args: { shellId: "typed", input: "gh pr merge 12\n", delay: 2 } },
  ],
};
const control: Cell[] = [
  {
    name: "without the gate, the shell starts and write_bash is refused only as a tool Copilot -p does not offer",
    check(r) {
      expect(denied(r, 0), describeCall(call(r, 0))).toBe(false);
      // A Copilot that offers write_bash here makes this fail: then the typed merge reaches the session.
      expect(call(r, 1).feedback ?? "", describeCall(call(r, 1))).toContain("Tool 'write_bash' does not exist");
      expect(r.fakeCalls, "the fake gh ran").toEqual([]);
    },
  },
];
const startRefused: Cell[] = [
  {
    name: "with the gate, the shell session is refused, so nothing can be typed into it",
    check(r) {
      expect(denied(r, 0), describeCall(call(r, 0))).toBe(true);
      expect(call(r, 0).feedback ?? "").toContain("interactive session");
      expect(r.fakeCalls, "the fake gh ran").toEqual([]);
    },
  },
];

const rows: CellRow[] = [
  { cli: "copilot", scenario, cells, variant: "every tool" },
  { cli: "copilot", scenario: controlScenario, cells: startRefused, variant: "typed into a shell" },
  {
    cli: "copilot",
    scenario: controlScenario,
    cells: control,
    variant: "typed into a shell, gate uninstalled",
    uninstallFirst: true,
  },
];
defineCells(repoSource("merge-gate"), rows);
