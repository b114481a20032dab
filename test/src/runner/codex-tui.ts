// Codex's terminal UI under tmux, for plan mode: a TUI "collaboration mode" (shift+tab) that
// `codex exec` does not have (measured; packages/plan-export/README.md). The runner gets past the first-run model dialog, switches
// to Plan mode, types the prompt; the mock answers with a <proposed_plan> block; the row's answers
// answer "Implement this plan?"; the run ends once the last step's final answer was served.
import fs from "node:fs";
import path from "node:path";
import { requireCli } from "../clis.ts";
import { watchProcessGroup } from "../net-watch.ts";
import { allSteps } from "../scenario.ts";
import { codexView, prepareCodex } from "./codex.ts";
import { assembleReport } from "./report.ts";
import { openSession } from "./session.ts";
import { startPane, TMUX_MISSING, tmuxAvailable } from "./tmux.ts";
import { driveTui, exitTui, type TuiAnswer, tuiResult } from "./tui.ts";
import type { RunOptions, RunReport } from "./types.ts";

/** Processes started from this run's CODEX_HOME (the TUI leaves a managed app-server daemon behind). */
function processesUnder(dir: string): number[] {
  const pids: number[] = [];
  for (const name of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const cmdline = fs.readFileSync(`/proc/${name}/cmdline`, "utf8");
      if (cmdline.includes(dir)) pids.push(Number(name));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

/** The empty prompt box, and the footer of Plan mode. */
const COMPOSER = /› Ask Codex to do anything/;
const PLAN_MODE = /Plan mode/i;

/** Still running (a zombie, exited but not reaped yet, counts as gone). */
const alive = (pid: number): boolean => {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return false;
  }
};

/** SIGTERM, then SIGKILL what is left after a grace period; returns once they are gone (they write into CODEX_HOME). */
async function stopProcesses(pids: number[], graceMs = 3000): Promise<void> {
  const signal = (pid: number, sig: NodeJS.Signals) => {
    try {
      process.kill(pid, sig);
    } catch {
      // already gone
    }
  };
  for (const pid of pids) signal(pid, "SIGTERM");
  const until = Date.now() + graceMs;
  while (pids.some(alive) && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
  for (const pid of pids.filter(alive)) signal(pid, "SIGKILL");
  const killedBy = Date.now() + 2000;
  while (pids.some(alive) && Date.now() < killedBy) await new Promise((r) => setTimeout(r, 50));
}

export async function runCodexTui(opts: RunOptions): Promise<RunReport> {
  const cli = requireCli("codex");
  if (!(await tmuxAvailable())) throw new Error(TMUX_MISSING);
  const s = await openSession("codex", opts.prepare, opts.scenario.fakeCommands);
  try {
    const { mock, hooks } = await prepareCodex(s, cli.bin, opts);
    const attemptsBeforeSession = s.guard.attempts.length;
    const startedAt = Date.now();
    const pane = await startPane({
      dir: path.join(s.rd.root, "tmux"),
      cwd: s.rd.project,
      env: { ...s.env, TERM: "xterm-256color" },
      command: [cli.bin, "--dangerously-bypass-approvals-and-sandbox"],
    });
    s.defer(async () => {
      await pane.close();
      await stopProcesses(processesUnder(s.rd.codexHome));
    });
    const watch = watchProcessGroup(pane.pid);
    const finalTurn = allSteps(opts.scenario).length;
    const answers: TuiAnswer[] = [
      // Shown when a hook's trust does not match (codexTrustCell fails then): the suite never trusts.
      { when: /Hooks need review/, keys: ["3"] },
      // First start with a model the catalogue calls old: keep the configured one (the mock's).
      { when: /Use existing model/, keys: ["2"] },
      { when: (sc) => COMPOSER.test(sc) && !PLAN_MODE.test(sc), keys: ["BTab"] },
      {
        when: (sc) => COMPOSER.test(sc) && PLAN_MODE.test(sc),
        text: opts.scenario.prompt,
        keys: ["Enter"],
        once: true,
      },
      ...(opts.planMode?.answers ?? []),
    ];
    const tui = await driveTui({
      pane,
      answers,
      done: () => mock.requests.some((q) => q.kind === "main" && q.turn === finalTurn),
      deadline: startedAt + (opts.timeoutMs ?? 120_000),
      startedAt,
      log: path.join(s.rd.logs, "screens.txt"),
    });
    const exitCode = await exitTui(pane, "/quit");
    const socketsSeen = watch.stop();
    await mock.close();

    const report = assembleReport({
      cli,
      session: s,
      mock,
      result: tuiResult(tui, exitCode, startedAt, socketsSeen),
      scenario: opts.scenario,
      attemptsBeforeSession,
      ui: "tui",
      view: codexView(opts.scenario),
    });
    return { ...report, codexHooks: hooks };
  } finally {
    await s.close();
  }
}
