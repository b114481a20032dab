// Several guardrails installed in one CLI whose install runs them from one dispatcher: one process per hook call
// between them (docs/architecture.md#several-guardrails-on-one-call), in Kimi Code and in Auggie (below).
// merge-gate, command-gates and worktree-check are installed with `hookrail install` in Kimi Code, and every Node process the session starts is logged by a
// preload (NODE_OPTIONS, which Kimi passes to its hooks): a process that runs hookrail is the dispatcher, never a
// guardrail's own bundle, and there is one per hook event Kimi fires: one on the prompt (merge-gate's and
// worktree-check's) and one before each of the two shell calls (merge-gate's and command-gates'): three, where
// the guardrails installed on their own took six. (`kimi -p` ran no SessionEnd hook, measured on 2.1.0.)
import fs from "node:fs";
import path from "node:path";
import { expect } from "vitest";
import { type CellRow, defineCells } from "../../src/cells/define.ts";
import { call, describeCall, expectNotRun, expectRan } from "../../src/cells/report-helpers.ts";
import { repoSource } from "../../src/cells/shipped.ts";
import type { Session } from "../../src/runner/session.ts";
import type { RunReport } from "../../src/runner/types.ts";

const GUARDRAILS = ["command-gates", "merge-gate", "worktree-check"].map(repoSource);
const logs = new Map<string, string>();

/** A preload that appends each Node process's pid and script (argv[1]) to a file, as the process starts. */
function logNodeStarts(key: string) {
  return (s: Session) => {
    const dir = fs.mkdtempSync(path.join(s.rd.home, "node-starts-"));
    const log = path.join(dir, "starts.log");
    const preload = path.join(dir, "preload.cjs");
    fs.writeFileSync(
      preload,
      `require("fs").appendFileSync(${JSON.stringify(log)}, process.pid + " " + (process.argv[1] || "") + "\\n");\n`,
    );
    s.env.NODE_OPTIONS = `${s.env.NODE_OPTIONS ? `${s.env.NODE_OPTIONS} ` : ""}--require ${preload}`;
    // Read at the end of the session, before its folder goes.
    s.defer(async () => {
      logs.set(key, fs.existsSync(log) ? fs.readFileSync(log, "utf8") : "");
    });
  };
}

/** The scripts of the processes that ran hookrail (their argv[1] is in the CLI's hookrail folder, `folder`). */
function hookrailStarts(key: string, folder: string): string[] {
  return (logs.get(key) ?? "")
    .split("\n")
    .filter(Boolean)
    .map((line) => line.slice(line.indexOf(" ") + 1))
    .filter((script) => script.includes(`${path.sep}${folder}${path.sep}hookrail${path.sep}`));
}

const rows: CellRow[] = [
  {
    cli: "kimi",
    scenario: {
      prompt: "Check PR 12, then merge it.",
      steps: [
        { kind: "shell", command: "gh pr view 12" },
        { kind: "shell", command: "gh pr merge 12" },
      ],
    },
    afterInstall: logNodeStarts("kimi"),
    cells: [
      {
        name: "gh pr view 12 runs, gh pr merge 12 is blocked by the merge gate",
        check(r: RunReport) {
          expectRan(call(r, 0));
          const merge = call(r, 1);
          expectNotRun(merge);
          expect(merge.feedback ?? "", describeCall(merge)).toMatch(/merge-gate: blocked/);
        },
      },
      {
        name: "worktree-check's verdict reaches the model with the prompt",
        check: (r: RunReport) =>
          expect(r.mainTexts[0] ?? "").toMatch(/you can work in this directory|open a separate worktree first/),
      },
      {
        name: "every hookrail process is the dispatcher, one per hook event: the prompt and the two shell calls",
        check() {
          const starts = hookrailStarts("kimi", ".kimi-code");
          expect(starts.map((s) => path.basename(s))).toEqual(["dispatch.cjs", "dispatch.cjs", "dispatch.cjs"]);
        },
      },
    ],
  },
];

defineCells(GUARDRAILS, rows);

// Auggie (worktree-check has nothing to hook into there): merge-gate, command-gates and branch-drift, installed
// together, share one group per event and kind of tool in ~/.augment/settings.json. One dispatcher process on the
// prompt (merge-gate's and command-gates'), one before each shell call (all three) and one after the call that ran
// (branch-drift's): four, where the guardrails installed on their own took nine.
defineCells(["branch-drift", "command-gates", "merge-gate"].map(repoSource), [
  {
    cli: "auggie",
    scenario: {
      prompt: "Check PR 12, then merge it.",
      steps: [
        { kind: "shell", command: "gh pr view 12" },
        { kind: "shell", command: "gh pr merge 12" },
      ],
    },
    afterInstall: logNodeStarts("auggie"),
    cells: [
      {
        name: "gh pr view 12 runs, gh pr merge 12 is blocked by the merge gate",
        check(r: RunReport) {
          expectRan(call(r, 0));
          const merge = call(r, 1);
          expectNotRun(merge);
          expect(merge.feedback ?? "", describeCall(merge)).toMatch(/merge-gate: blocked/);
        },
      },
      {
        name: "every hookrail process is the dispatcher, one per hook event: the prompt, the two shell calls, the one that ran",
        check() {
          const starts = hookrailStarts("auggie", ".augment");
          expect(starts.map((s) => path.basename(s))).toEqual(Array(4).fill("dispatch.cjs"));
        },
      },
    ],
  },
]);
