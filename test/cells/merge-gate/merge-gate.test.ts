// merge-gate × each CLI: one session that tries four commands; the real CLI decides what runs.
import fs from "node:fs";
import path from "node:path";
import { bundleFileOf } from "@hookrail/core";
import { expect } from "vitest";
import { type AuditCapture, captureAuditLog } from "../../src/cells/audit-log.ts";
import { type Cell, type CellRow, defineCells } from "../../src/cells/define.ts";
import { call, describeCall, expectNotRun, expectRan } from "../../src/cells/report-helpers.ts";
import { repoSource } from "../../src/cells/shipped.ts";
import { CLI_NAMES, type CliName } from "../../src/clis.ts";
import type { Session } from "../../src/runner/session.ts";
import type { Scenario } from "../../src/scenario.ts";

const scenario: Scenario = {
  prompt: "PR 12 is green. Merge it.",
  steps: [
    { kind: "shell", command: "gh pr merge 12" },
    { kind: "shell", command: "MERGE_APPROVED=1 gh pr merge 12" },
    { kind: "shell", command: "gh api repos/o/r/pulls/12/merge -X PUT" },
    { kind: "shell", command: 'echo "gh pr merge"' },
  ],
};

const cells: Cell[] = [
  {
    name: "blocked merge: `gh pr merge 12` does not run, the model is told MERGE_APPROVED=1",
    check(r) {
      const c = call(r, 0);
      expectNotRun(c);
      expect(c.feedback ?? "", describeCall(c)).toContain("MERGE_APPROVED=1");
    },
  },
  {
    name: "approved merge: `MERGE_APPROVED=1 gh pr merge 12` runs",
    check(r) {
      const c = call(r, 1);
      expectRan(c);
    },
  },
  {
    name: "API-route merge: `gh api …/pulls/12/merge -X PUT` does not run",
    check(r) {
      const c = call(r, 2);
      expectNotRun(c);
    },
  },
  {
    name: 'harmless mention: `echo "gh pr merge"` runs',
    check(r) {
      const c = call(r, 3);
      expectRan(c);
      // the echo's output line (Gemini prefixes it with "Output: ")
      expect(c.feedback ?? "", describeCall(c)).toMatch(/^(Output: )?gh pr merge$/m);
    },
  },
];

/** Installed with the packed `hookrail install`, then `hookrail uninstall`: the gate is gone. */
const uninstalled: Cell[] = [
  {
    name: "after hookrail uninstall, `gh pr merge 12` runs again",
    check(r) {
      expectRan(call(r, 0));
    },
  },
];
const mergeOnly: Scenario = { prompt: scenario.prompt, steps: scenario.steps.slice(0, 1) };

/**
 * The installed bundle damaged (a line of it gone), so the hook cannot start: the gate still blocks, in the
 * form the CLI honours (Qwen: exit 2 with text on stderr; Droid and Kimi: exit 2), and says why. Qwen and Kimi
 * call the gate at UserPromptSubmit too (approval mode "user" reads prompts), so there the prompt itself is refused.
 */
const promptRefused = (title: string): Cell[] => [
  {
    name: `its bundle damaged, the gate cannot start: ${title} refuses the prompt, the model is never asked, nothing runs`,
    check(r) {
      expect(r.mainTexts, "a model request was made").toEqual([]);
      expect(r.fakeCalls, "gh ran").toEqual([]);
    },
  },
];
const cannotStart: Partial<Record<CliName, Cell[]>> = {
  qwen: promptRefused("Qwen"),
  kimi: promptRefused("Kimi"),
  auggie: [
    {
      name: "its bundle damaged, the gate cannot start and still blocks `gh pr merge 12`, saying why",
      check(r) {
        const c = call(r, 0);
        expectNotRun(c);
        expect(c.feedback ?? "", describeCall(c)).toContain("merge-gate: blocked because the hook could not start");
      },
    },
    {
      name: "its bundle damaged, even a harmless command is blocked (fails closed)",
      check: (r) => expectNotRun(call(r, 1)),
    },
  ],
  droid: [
    {
      name: "its bundle damaged, the gate cannot start and still blocks `gh pr merge 12`, saying why",
      check(r) {
        const c = call(r, 0);
        expectNotRun(c);
        expect(c.feedback ?? "", describeCall(c)).toContain("merge-gate: blocked because the hook could not start");
      },
    },
    {
      name: "its bundle damaged, even a harmless command is blocked (fails closed)",
      check: (r) => expectNotRun(call(r, 1)),
    },
  ],
};
// Cline reads no exit code and lets a call run on anything but JSON: the dispatcher answers for the gate that
// cannot start, refusing each call in the way that keeps the run going.
cannotStart.cline = [
  {
    name: "its bundle damaged, the gate cannot start and still blocks `gh pr merge 12`, saying why, and the run goes on",
    check(r) {
      const c = call(r, 0);
      expectNotRun(c);
      expect(c.feedback ?? "", describeCall(c)).toContain("merge-gate: blocked because the hook could not start");
    },
  },
  {
    name: "its bundle damaged, even a harmless command is blocked (fails closed)",
    check: (r) => expectNotRun(call(r, 1)),
  },
];
const harmless: Scenario = {
  prompt: scenario.prompt,
  steps: [
    { kind: "shell", command: "gh pr merge 12" },
    { kind: "shell", command: "gh pr view 12" },
  ],
};

/** Where the installed bundle is, per CLI whose runner damages it after the install. */
const INSTALLED: Partial<Record<CliName, string>> = {
  qwen: ".qwen/extensions/merge-gate/hooks/merge-gate.cjs",
  droid: ".factory/hookrail/merge-gate/merge-gate.cjs",
  kimi: ".kimi-code/hookrail/merge-gate/merge-gate.cjs",
  cline: ".cline/hooks/hookrail/merge-gate/merge-gate.cjs",
  auggie: ".augment/hookrail/merge-gate/merge-gate.cjs",
};

/**
 * Drops one line from the middle of the installed bundle, the file beside the hook file that its loader reads: its
 * length no longer matches. The hook file itself holds no bundle (a line of it gone would change nothing).
 */
function damage(file: string): void {
  const bundle = bundleFileOf(file);
  if (/^\/\/hookrail-bundle /m.test(fs.readFileSync(file, "utf8"))) throw new Error(`${file} holds its bundle itself`);
  const lines = fs.readFileSync(bundle, "utf8").split("\n");
  const body = lines.map((l, i) => [l, i] as const).filter(([l], i) => i > 0 && l.length > 40);
  const victim = body[Math.floor(body.length / 2)];
  if (!victim) throw new Error(`${bundle} holds no bundle lines to damage`);
  lines.splice(victim[1], 1);
  fs.writeFileSync(bundle, lines.join("\n"));
}

/** What `hookrail log` said after each CLI's session, by CLI. */
const audits = new Map<string, AuditCapture>();
const auditCell = (cli: string): Cell => ({
  name: "hookrail log shows the blocked merge and the approved one, with this CLI and its session",
  check() {
    const audit = audits.get(cli);
    expect(audit, "the session ended without reading the audit log").toBeDefined();
    if (!audit) return;
    expect(audit.error).toBeUndefined();
    const ours = audit.entries.filter((e) => e.guardrail === "merge-gate" && /gh pr merge 12\b/.test(e.command ?? ""));
    const blocked = ours.find((e) => e.decision === "block" && !e.command?.includes("MERGE_APPROVED"));
    const approved = ours.find((e) => e.decision === "approved" && e.command?.includes("MERGE_APPROVED=1"));
    const shown = JSON.stringify(audit.entries, null, 2);
    expect(blocked, `no block of gh pr merge 12 in:\n${shown}`).toBeDefined();
    expect(approved, `no approval used in:\n${shown}`).toBeDefined();
    for (const e of [blocked, approved]) {
      expect(e?.cli).toBe(cli);
      expect(e?.session, "the two entries name different sessions").toBe(blocked?.session);
      expect(e?.branch, JSON.stringify(e)).toBe("main");
    }
    expect(audit.cliKnows(blocked?.session ?? ""), `${cli}'s own files never name session ${blocked?.session}`).toBe(
      true,
    );
  },
});

const rows: CellRow[] = [
  ...CLI_NAMES.map((cli) => ({
    cli,
    scenario,
    cells: [...cells, auditCell(cli)],
    prepare: captureAuditLog(audits, cli),
  })),
  // Copilot also runs the Claude plugin, installed from the same marketplace.
  { cli: "copilot", variant: "claude plugin", packaging: "claude-plugin", scenario, cells },
  { cli: "claude", scenario, cells, variant: "marketplace add from the clone", viaMarketplace: true },
  ...CLI_NAMES.map((cli) => ({
    cli,
    scenario: mergeOnly,
    cells: uninstalled,
    variant: "uninstalled",
    uninstallFirst: true,
  })),
  ...Object.entries(INSTALLED).map(([cli, file]) => ({
    cli: cli as CliName,
    scenario: harmless,
    cells: cannotStart[cli as CliName] ?? [],
    variant: "bundle damaged",
    afterInstall: (s: Session) => damage(path.join(s.rd.home, file)),
    // kimi -p exits 1 when a UserPromptSubmit hook refuses the prompt.
    ...(cli === "kimi" ? { exitCode: 1 } : {}),
  })),
];
defineCells(repoSource("merge-gate"), rows);
