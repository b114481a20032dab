// Assembles a RunReport from what a run left behind: the mock's log, the stub log, the trap proxy.
import fs from "node:fs";
import path from "node:path";
import type { CliInfo } from "../clis.ts";
import { readFakeCalls } from "../fake-bin.ts";
import { readMcpCalls } from "../mcp.ts";
import type { MockServer } from "../mock/http.ts";
import { collectText, type Scenario } from "../scenario.ts";
import { buildCalls, type CliCallView } from "./calls.ts";
import { type ProcessResult, tail } from "./process.ts";
import type { Session } from "./session.ts";
import type { RunReport } from "./types.ts";

export interface ReportInput {
  cli: CliInfo;
  session: Session;
  mock: MockServer;
  result: ProcessResult;
  scenario: Scenario;
  /** Default "headless". */
  ui?: RunReport["ui"];
  /** guard.attempts.length when the CLI session started (earlier ones belong to setup). */
  attemptsBeforeSession: number;
  view: CliCallView;
}

/** How much of a run's stdout the report keeps (its end). */
export const STDOUT_KEPT = 4 * 1024 * 1024;

export function assembleReport(x: ReportInput): RunReport {
  const { session: s, mock, result: r } = x;
  const mains = mock.requests.filter((q) => q.kind === "main");
  const fakeCalls = readFakeCalls(s.rd.fakeLog);
  const mcpCalls = readMcpCalls(s.mcpRecord);
  const times = mock.requests.map((q) => q.t - r.startedAt).filter((ms) => ms >= 0);
  return {
    cli: x.cli.name,
    version: x.cli.version,
    ui: x.ui ?? "headless",
    exitCode: r.exitCode,
    timedOut: r.timedOut,
    wallMs: r.wallMs,
    calls: buildCalls(x.scenario, mains, s.rd.project, fakeCalls, x.view, mcpCalls),
    mainTexts: mains.map((q) => collectText(q.body)),
    unexpectedRequests: mock.requests.filter((q) => q.kind === "unexpected").map((q) => `${q.method} ${q.path}`),
    netAttempts: [...s.guard.attempts.slice(x.attemptsBeforeSession), ...r.socketsSeen.map((a) => `socket ${a}`)],
    setupNetAttempts: s.guard.attempts.slice(0, x.attemptsBeforeSession),
    timeline: {
      firstRequestMs: times.length ? Math.min(...times) : null,
      lastRequestMs: times.length ? Math.max(...times) : null,
    },
    fakeCalls,
    mcpCalls,
    projectFiles: snapshotFiles(s.rd.project),
    setup: s.setup,
    // Whole, up to a bound no run comes near: a check may look anywhere in it (Pi's JSON lines put a nested call's
    // result well before the last 16 KB, and how far before depends on how many progress events the run printed).
    stdout: tail(r.stdout, STDOUT_KEPT),
    stderr: tail(r.stderr),
  };
}

/** The text of every file under `dir` (but .git), by relative path; big files are cut. */
export function snapshotFiles(dir: string, maxBytes = 64 * 1024): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (rel: string): void => {
    for (const entry of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory() && entry.name !== ".git") walk(child);
      else if (entry.isFile()) out[child] = fs.readFileSync(path.join(dir, child), "utf8").slice(0, maxBytes);
    }
  };
  if (fs.existsSync(dir)) walk("");
  return out;
}
