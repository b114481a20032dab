// Table-driven cells: one scenario per guardrail × CLI, one real CLI run per scenario, and each
// cell an assertion on that run's report. A guardrail not built for a CLI yet is skipped, not faked.
import fs from "node:fs";
import path from "node:path";
import { DOCUMENTED_ONLY } from "@hookrail/clis";
import { beforeAll, describe, expect, it } from "vitest";
import { type CliName, cliInfo } from "../clis.ts";
import { RUNNERS } from "../runner/index.ts";
import {
  type BridgeRun,
  type GuardrailSource,
  KNOWN_SETUP_TRAFFIC,
  KNOWN_TUI_TRAFFIC,
  type ManagedRun,
  type Packaging,
  type PlanModeRun,
  type RunOptions,
  type RunReport,
} from "../runner/types.ts";
import type { Scenario } from "../scenario.ts";
import { selectedClis } from "../selection.ts";
import type { CellMeta } from "./meta.ts";
import { missingPiece } from "./shipped.ts";

export interface Cell {
  name: string;
  check(report: RunReport): void;
}

export interface CellRow {
  cli: CliName;
  scenario: Scenario;
  cells: Cell[];
  /** What tells several rows of one guardrail × CLI apart (e.g. "clear context"); part of the names. */
  variant?: string;
  /** Start in plan mode (Claude and Codex: their terminal UI under tmux, answering the dialog). */
  planMode?: PlanModeRun;
  /** Install from another of the CLI's packaging forms (Copilot: the Claude marketplace). */
  packaging?: Packaging;
  timeoutMs?: number;
  /** Claude: install from the clone with `claude plugin marketplace add` instead of the packed hookrail. */
  viaMarketplace?: boolean;
  /** `hookrail uninstall` right after the install: the session runs without the guardrail. */
  uninstallFirst?: boolean;
  /** `--scope managed`, with a user's (or an administrator's) switch (see RunOptions.managed). */
  managed?: ManagedRun;
  /** Claude: run its terminal UI in the default permission mode, answering its dialogs (see RunOptions.tui). */
  tui?: PlanModeRun;
  /** Sets up the run's world before the install (see RunOptions.prepare). */
  prepare?: RunOptions["prepare"];
  /** The runner installs nothing: the row's afterInstall does it, step by step. */
  installNothing?: boolean;
  /** Runs once the guardrails are installed, before the session (see RunOptions.afterInstall). */
  afterInstall?: RunOptions["afterInstall"];
  /** A bridge CLI: what changes after the install (see RunOptions.bridge). */
  bridge?: BridgeRun;
  /** The CLI's own exit code when the row's guardrail refuses the prompt itself (`kimi -p` exits 1); else 0. */
  exitCode?: number;
}

/** Every run must stay on the machine and be understood by the mock, whatever the guardrail. */
export const offlineCell = (exitCode = 0): Cell => ({
  name: "offline: no connection beyond 127.0.0.1, every model request understood",
  check(r) {
    const unknownSession = r.netAttempts.filter(
      (a) => !(r.ui === "tui" && KNOWN_TUI_TRAFFIC.some((k) => k.cli === r.cli && k.target.test(a))),
    );
    expect(unknownSession, "the session tried to reach the network").toEqual([]);
    const unknownSetup = r.setupNetAttempts.filter(
      (a) => !KNOWN_SETUP_TRAFFIC.some((k) => k.cli === r.cli && k.target.test(a)),
    );
    expect(unknownSetup, "installing the guardrail tried to reach the network").toEqual([]);
    expect(r.unexpectedRequests, "the mock got requests it could not route").toEqual([]);
    expect(r.timedOut, "the CLI timed out").toBe(false);
    expect(r.exitCode, `the CLI failed:\n${r.stderr}`).toBe(exitCode);
  },
});

/**
 * Every Codex row: `hookrail install` wrote the trust itself, and the real binary (hooks/list) must
 * list each hookrail hook as trusted; an untrusted hook would be skipped silently.
 */
export const codexTrustCell: Cell = {
  name: "hookrail install --cli codex: codex lists every hookrail hook as trusted",
  check(r) {
    const hooks = r.codexHooks ?? [];
    expect(hooks.length, "codex lists no hookrail hook").toBeGreaterThan(0);
    const untrusted = hooks
      .filter((h) => h.trustStatus !== "trusted")
      .map((h) => `${h.key}: ${h.trustStatus} (codex's hash ${h.currentHash})`);
    expect(untrusted, "hooks whose trust hash hookrail install got wrong").toEqual([]);
  },
};

/** Cells every row of one CLI gets, on top of the row's own and the offline cell. */
const CLI_CELLS: Partial<Record<CliName, Cell[]>> = { codex: [codexTrustCell] };

/** HOOKRAIL_REPORT_DIR=dir keeps each run's full report as dir/<guardrail>-<cli>.json. */
function saveReport(name: string, report: RunReport): void {
  const dir = process.env.HOOKRAIL_REPORT_DIR;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, `${name}.json`), `${JSON.stringify(report, null, 2)}\n`);
}

/**
 * The cells of one guardrail, or of several installed together (`sources`: all of them, in install
 * order); `name` is what the table calls them (default: the guardrails' names).
 */
export function defineCells(sources: GuardrailSource | GuardrailSource[], rows: CellRow[], name?: string): void {
  const all = Array.isArray(sources) ? sources : [sources];
  const source = { guardrail: name ?? all.map((s) => s.guardrail).join("+"), root: all[0]?.root ?? "" };
  const selected = selectedClis();
  for (const row of rows) {
    const cli = row.packaging === "claude-plugin" ? "claude" : row.cli;
    const missing = all.map((s) => missingPiece(s, cli)).find(Boolean);
    const skipReason = cliInfo(row.cli).unavailable
      ? `cannot run here (${cliInfo(row.cli).unavailable}): ${DOCUMENTED_ONLY}`
      : !selected.includes(row.cli)
        ? "CLI not selected (HOOKRAIL_CLIS)"
        : row.managed && process.getuid?.() !== 0
          ? "--scope managed needs root: the run lays its own /etc and /opt over the real ones in a private mount namespace"
          : undefined;
    // A shipped folder that is incomplete is a failure, not a skip: every cell would pass vacuously.
    const notBuilt = missing ? `not built: ${missing} (run npm run build)` : undefined;
    const label = row.variant ? ` (${row.variant})` : "";
    describe(`${source.guardrail} × ${row.cli} ${cliInfo(row.cli).version}${label}`, () => {
      let report: RunReport | undefined;
      beforeAll(async () => {
        if (skipReason || notBuilt) return;
        report = await RUNNERS[row.cli]({
          scenario: row.scenario,
          install: row.installNothing ? [] : all,
          ...(row.planMode ? { planMode: row.planMode } : {}),
          ...(row.packaging ? { packaging: row.packaging } : {}),
          ...(row.timeoutMs ? { timeoutMs: row.timeoutMs } : {}),
          ...(row.viaMarketplace ? { viaMarketplace: true } : {}),
          ...(row.uninstallFirst ? { uninstallFirst: true } : {}),
          ...(row.managed ? { managed: row.managed } : {}),
          ...(row.prepare ? { prepare: row.prepare } : {}),
          ...(row.afterInstall ? { afterInstall: row.afterInstall } : {}),
          ...(row.tui ? { tui: row.tui } : {}),
          ...(row.bridge ? { bridge: row.bridge } : {}),
        });
        saveReport(
          `${source.guardrail}-${row.cli}${row.variant ? `-${row.variant.replace(/\W+/g, "-")}` : ""}`,
          report,
        );
      });
      const extra = row.uninstallFirst || row.managed || row.installNothing ? [] : (CLI_CELLS[row.cli] ?? []);
      for (const cell of [...row.cells, ...extra, offlineCell(row.exitCode)]) {
        const name = row.variant ? `${row.variant}: ${cell.name}` : cell.name;
        const meta: CellMeta = {
          guardrail: source.guardrail,
          cli: row.cli,
          cell: name,
          ...(skipReason ? { skipReason } : {}),
        };
        it.skipIf(skipReason !== undefined)(name, { meta: { hookrail: meta } }, () => {
          if (notBuilt) throw new Error(notBuilt);
          if (!report) throw new Error("no report: the run did not happen");
          cell.check(report);
        });
      }
    });
  }
}
