// Assembles a RunReport from what a run left behind: the mock's log, the stub log, the trap proxy.
import type { CliInfo } from "../clis.ts";
import { readFakeCalls } from "../fake-bin.ts";
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
  /** guard.attempts.length when the CLI session started (earlier ones belong to setup). */
  attemptsBeforeSession: number;
  view: CliCallView;
}

export function assembleReport(x: ReportInput): RunReport {
  const { session: s, mock, result: r } = x;
  const mains = mock.requests.filter((q) => q.kind === "main");
  const fakeCalls = readFakeCalls(s.rd.fakeLog);
  const times = mock.requests.map((q) => q.t - r.startedAt).filter((ms) => ms >= 0);
  return {
    cli: x.cli.name,
    version: x.cli.version,
    exitCode: r.exitCode,
    timedOut: r.timedOut,
    wallMs: r.wallMs,
    calls: buildCalls(x.scenario, mains, s.rd.project, fakeCalls, x.view),
    mainTexts: mains.map((q) => collectText(q.body)),
    unexpectedRequests: mock.requests.filter((q) => q.kind === "unexpected").map((q) => `${q.method} ${q.path}`),
    netAttempts: [...s.guard.attempts.slice(x.attemptsBeforeSession), ...r.socketsSeen.map((a) => `socket ${a}`)],
    setupNetAttempts: s.guard.attempts.slice(0, x.attemptsBeforeSession),
    timeline: {
      firstRequestMs: times.length ? Math.min(...times) : null,
      lastRequestMs: times.length ? Math.max(...times) : null,
    },
    fakeCalls,
    setup: s.setup,
    stdout: tail(r.stdout),
    stderr: tail(r.stderr),
  };
}
