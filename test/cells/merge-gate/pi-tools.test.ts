// merge-gate × the tools Pi 1.6 can offer beside bash: `powershell` (`--tools +powershell`) and `codemode`
// (`--tools +codemode`, a JavaScript script whose `await tools.bash(…)` calls are tool calls of their own).
// On Linux Pi's powershell tool answers that it runs only on Windows, after the extensions' tool_call: the gate's
// reading of the call (as PowerShell) and its answer are real, the tool's run is not. A codemode script's nested
// merge is blocked like any call; the script gets the reason as the error its `await` throws, and the model reads
// it only because the script prints it. branch-drift's note on a nested call's result leaves the script's structured
// result as it was (Pi drops it when a handler replaces the content alone).
import { expect } from "vitest";
import { type Cell, type CellRow, defineCells } from "../../src/cells/define.ts";
import { call, describeCall, expectNotRun, expectRan } from "../../src/cells/report-helpers.ts";
import { repoSource } from "../../src/cells/shipped.ts";
import type { RunReport } from "../../src/runner/types.ts";
import type { Scenario } from "../../src/scenario.ts";

const ps = (command: string) => ({ kind: "shell", command, tool: "powershell" }) as const;
const PS_MARKER = "$env:MERGE_APPROVED = 1; gh pr merge 12; Remove-Item Env:MERGE_APPROVED";
const onlyOnWindows = /only available on Windows/;

const powershell: Scenario = {
  prompt: "PR 12 is green. Merge it.",
  steps: [
    ps("gh pr merge 12"),
    ps("gh pr view 12"),
    ps("$x = 'gh pr merge 12'; if ($quick) { $x = 'gh pr view 12' }; iex $x"),
    { kind: "shell", command: "gh pr view 12" },
  ],
};
const powershellCells: Cell[] = [
  {
    name: "a powershell call's `gh pr merge 12` is blocked by the extension, with the PowerShell marker spelling",
    check(r) {
      const c = call(r, 0);
      expect(c.tool).toBe("powershell");
      expectNotRun(c);
      expect(c.feedback ?? "", describeCall(c)).toContain(PS_MARKER);
    },
  },
  {
    name: "an honest powershell call passes the extension (Pi then says the tool runs only on Windows)",
    check: (r) => expect(call(r, 1).feedback ?? "", describeCall(call(r, 1))).toMatch(onlyOnWindows),
  },
  {
    name: "a merge on one course of an `if` without `else` is blocked by the extension",
    check(r) {
      const c = call(r, 2);
      expectNotRun(c);
      expect(c.feedback ?? "", describeCall(c)).toMatch(/^merge-gate: blocked/);
    },
  },
  { name: "a bash call runs as before", check: (r) => expectRan(call(r, 3)) },
];

const SCRIPT = [
  "try { await tools.bash({ command: 'gh pr merge 12' }); text('merged'); } catch (e) { text(String(e.message)); }",
  "const r = await tools.bash({ command: 'gh pr view 12' });",
  "text(r.output);",
].join("\n");
const codemode: Scenario = {
  prompt: "PR 12 is green. Merge it.",
  steps: [{ kind: "tool", name: "codemode", args: { code: SCRIPT } }],
};
const ghRan = (r: RunReport, sub: string) =>
  r.fakeCalls.some((f) => f.name === "gh" && f.argv.slice(0, 2).join(" ") === `pr ${sub}`);
const codemodeCells: Cell[] = [
  {
    name: "the script's nested `gh pr merge 12` does not run; its nested `gh pr view 12` does",
    check(r) {
      expect(ghRan(r, "merge"), JSON.stringify(r.fakeCalls)).toBe(false);
      expect(ghRan(r, "view"), JSON.stringify(r.fakeCalls)).toBe(true);
    },
  },
  {
    name: "the script got the gate's reason (it printed it for the model) and, for the view, bash's structured output (`r.output`)",
    check(r) {
      const c = call(r, 0);
      expect(c.feedback ?? "", describeCall(c)).toMatch(/merge-gate: blocked/);
      expect(c.feedback ?? "", describeCall(c)).toContain("fake gh: pr view 12");
    },
  },
];

const rows: CellRow[] = [
  {
    cli: "pi",
    variant: "powershell tool (--tools +powershell)",
    scenario: powershell,
    cells: powershellCells,
    bridge: { args: ["--tools", "+powershell"] },
  },
  {
    cli: "pi",
    variant: "codemode (--tools +codemode)",
    scenario: codemode,
    cells: codemodeCells,
    bridge: { args: ["--tools", "+codemode"] },
  },
];
defineCells(repoSource("merge-gate"), rows);

const drift: Scenario = {
  prompt: "Start a topic branch.",
  steps: [
    {
      kind: "tool",
      name: "codemode",
      args: {
        code: [
          "const r = await tools.bash({ command: 'git checkout -b topic' });",
          "text(typeof r === 'string' ? 'text: ' + r : 'exit ' + r.exit_code + ', output: ' + r.output);",
        ].join("\n"),
      },
    },
  ],
};
defineCells(repoSource("branch-drift"), [
  {
    cli: "pi",
    variant: "codemode (--tools +codemode)",
    scenario: drift,
    bridge: { args: ["--tools", "+codemode"] },
    cells: [
      {
        name: "a nested call's result keeps its structured form after branch-drift's note (the script reads `exit_code`)",
        check(r) {
          const c = call(r, 0);
          expect(c.feedback ?? "", describeCall(c)).toMatch(/exit 0, output: Switched to a new branch 'topic'/);
          // The note was there: Pi's own report of the nested call (its --mode json stdout) carries it.
          const nested = r.stdout
            .split("\n")
            .find((l) => l.includes('"parentToolCallId"') && l.includes("tool_execution_end"));
          expect(nested ?? r.stdout).toMatch(/branch-drift: you moved to branch topic/);
        },
      },
    ],
  },
]);
