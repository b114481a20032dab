// merge-gate × Cline's editor: an edit of a Cline hooks folder (a project's .clinerules/hooks, .cline/hooks) is
// refused without ending the run. Cline 3.0.65 runs a hook's `overrideInput` in the call's place; the gate's is an
// empty `path`, which the editor rejects before it touches a file, and the reason reaches the model as hook context.
// The session goes on: a second refused edit and an edit elsewhere follow.
import { expect } from "vitest";
import { type Cell, type CellRow, defineCells } from "../../src/cells/define.ts";
import { call, describeCall, expectNotRun, expectRan, textBetween } from "../../src/cells/report-helpers.ts";
import { repoSource } from "../../src/cells/shipped.ts";
import type { RunReport } from "../../src/runner/types.ts";
import type { Scenario } from "../../src/scenario.ts";

const scenario: Scenario = {
  prompt: "Add a hook to this project, then write the notes.",
  steps: [
    { kind: "write", path: ".clinerules/hooks/PreToolUse", content: "#!/bin/bash\necho '{}'\n" },
    { kind: "write", path: ".cline/hooks/PostToolUse", content: "#!/bin/bash\necho '{}'\n" },
    { kind: "write", path: "notes.md", content: "notes\n" },
  ],
};

/** What the model was shown once the call's result came back (the result, then the hook's context). */
const toldAfter = (r: RunReport, i: number) => {
  const at = call(r, i).resultRequest;
  return at === null ? "" : textBetween(r, at, at + 1);
};

const refused = (i: number, file: string): Cell => ({
  name: `an edit of ${file} is refused: no file written, the editor reports a rejected input, the model gets the reason`,
  check(r) {
    const c = call(r, i);
    expectNotRun(c);
    expect(c.feedback ?? "", describeCall(c)).toMatch(/at path/);
    expect(toldAfter(r, i), describeCall(c)).toMatch(/<hook_context source="PreToolUse"[^>]*>\s*merge-gate: blocked/);
    expect(Object.keys(r.projectFiles), "a file in a hooks folder").not.toContain(file);
  },
});

const cells: Cell[] = [
  refused(0, ".clinerules/hooks/PreToolUse"),
  refused(1, ".cline/hooks/PostToolUse"),
  {
    name: "the run goes on: the edit of notes.md is written and the run completes",
    check(r) {
      expectRan(call(r, 2));
      expect(r.stdout).toMatch(/"finishReason":"completed"/);
    },
  },
];

const rows: CellRow[] = [{ cli: "cline", scenario, cells }];
defineCells(repoSource("merge-gate"), rows, "merge-gate-cline-edits");
