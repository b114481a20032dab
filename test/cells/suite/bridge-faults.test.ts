// The bridge CLIs (OpenCode, Kilo, Pi: hooks are plugins in the CLI's process) when hookrail's hook cannot run:
// the installed bundle is missing, unreadable, crashes or never answers, node is not on PATH, or the gate's
// plugin file itself would not load (OpenCode and Kilo skip such a plugin without a word; its guard blocks).
// For the merge gate, the merge never runs and the model is told why; advisory guardrails stay silent and the
// session goes on (a throw from OpenCode's chat.system.transform would end the whole run). Kilo shares
// OpenCode's plugin code, so its rows are fewer: its start-up alone takes ~10 s.
import fs from "node:fs";
import path from "node:path";
import { expect } from "vitest";
import { type Cell, type CellRow, defineCells } from "../../src/cells/define.ts";
import { call, describeCall, expectNotRun, expectRan } from "../../src/cells/report-helpers.ts";
import { repoSource } from "../../src/cells/shipped.ts";
import type { CliName } from "../../src/clis.ts";
import { installedPlugin, pathWithoutNode } from "../../src/runner/bridge-clis.ts";
import type { BridgeRun } from "../../src/runner/types.ts";
import type { Scenario } from "../../src/scenario.ts";

type BridgeCli = Extract<CliName, "opencode" | "kilo" | "pi">;

const merge: Scenario = { prompt: "PR 12 is green. Merge it.", steps: [{ kind: "shell", command: "gh pr merge 12" }] };

const blocked = (why: RegExp): Cell[] => [
  {
    name: "the merge does not run",
    check: (r) => expectNotRun(call(r, 0)),
  },
  {
    name: "the model is told the hook could not run, and why",
    check(r) {
      const c = call(r, 0);
      expect(c.feedback ?? "", describeCall(c)).toMatch(/^merge-gate: blocked because/);
      expect(c.feedback ?? "", describeCall(c)).toMatch(why);
    },
  },
];

/** Replaces the installed bundle of `guardrail` with `content` (or a folder, for null). */
const replaceBundle =
  (cli: BridgeCli, guardrail: string, content: string | null): BridgeRun["afterInstall"] =>
  (s) => {
    const bundle = path.join(installedPlugin(s, cli, guardrail).folder, `${guardrail}.cjs`);
    fs.rmSync(bundle, { force: true });
    if (content === null) fs.mkdirSync(bundle);
    else fs.writeFileSync(bundle, content);
  };

// A worker that crashes once it reads an event, and one that reads events and never answers.
const CRASHES = 'process.stdin.once("data", () => process.kill(process.pid, "SIGSEGV"));\n';
const HANGS = 'process.stdin.on("data", () => {});\nsetInterval(() => {}, 1000);\n';

function gateRows(cli: BridgeCli, faults: string[]): CellRow[] {
  const all: Record<string, { bridge: BridgeRun; why: RegExp }> = {
    "bundle missing": {
      bridge: {
        afterInstall: (s) => fs.rmSync(path.join(installedPlugin(s, cli, "merge-gate").folder, "merge-gate.cjs")),
      },
      why: /its bundle .*merge-gate\.cjs is missing/,
    },
    "bundle unreadable (a folder in its place)": {
      bridge: { afterInstall: replaceBundle(cli, "merge-gate", null) },
      why: /merge-gate\.cjs is not a file/,
    },
    "bundle crashes": { bridge: { afterInstall: replaceBundle(cli, "merge-gate", CRASHES) }, why: /ended \(SIGSEGV\)/ },
    "bundle never answers": {
      bridge: { afterInstall: replaceBundle(cli, "merge-gate", HANGS) },
      why: /it did not answer within 10 s/,
    },
    "node not on PATH": { bridge: { env: (s) => ({ PATH: pathWithoutNode(s) }) }, why: /node was not found on PATH/ },
    "plugin file does not load (a syntax error)": {
      bridge: {
        afterInstall: (s) =>
          fs.appendFileSync(installedPlugin(s, cli, "merge-gate").plugin, "\nexport const broken = ;\n"),
      },
      why: /its (OpenCode|Kilo Code CLI) plugin \(hookrail-merge-gate\.js\) did not load/,
    },
  };
  return faults.map((fault) => {
    const f = all[fault];
    if (!f) throw new Error(`no fault ${fault}`);
    return { cli, variant: fault, scenario: merge, cells: blocked(f.why), bridge: f.bridge };
  });
}

defineCells(repoSource("merge-gate"), [
  ...gateRows("opencode", [
    "bundle missing",
    "bundle unreadable (a folder in its place)",
    "bundle crashes",
    "bundle never answers",
    "node not on PATH",
    "plugin file does not load (a syntax error)",
  ]),
  // Pi runs extensions in Node and starts the bundle with pi's own node; a broken extension stops pi itself.
  ...gateRows("pi", [
    "bundle missing",
    "bundle unreadable (a folder in its place)",
    "bundle crashes",
    "bundle never answers",
  ]),
  ...gateRows("kilo", ["bundle missing", "plugin file does not load (a syntax error)"]),
]);

// Advisory: the worker is broken, the session runs as if the guardrail were not installed.
const session: Scenario = {
  prompt: "Add a changelog entry.",
  steps: [{ kind: "write", path: "CHANGES.md", content: "x\n" }],
};
const silent: Cell[] = [
  { name: "the session runs its calls (advisory)", check: (r) => expectRan(call(r, 0)) },
  {
    name: "nothing of the failure reaches the model",
    check: (r) => expect(r.mainTexts.join("\n")).not.toMatch(/blocked because|could not run the hook/),
  },
];
for (const guardrail of ["worktree-check", "branch-drift"]) {
  defineCells(
    repoSource(guardrail),
    (["opencode", "pi"] as const).map((cli) => ({
      cli,
      variant: "bundle crashes",
      scenario: session,
      cells: silent,
      bridge: { afterInstall: replaceBundle(cli, guardrail, CRASHES) },
    })),
  );
}
