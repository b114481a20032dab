// Claude Code's terminal UI under tmux, for plan mode: ExitPlanMode is unavailable in -p (measured; docs/cli-differences.md),
// so its approval dialog exists only here. The session starts in plan mode with the prompt, the mock
// plays the plan steps, and the row's answers answer the dialog. A "clear context" approval starts a
// new session whose requests the mock answers from `afterClear`. The run ends once the last script's
// final answer was served and the Stop hooks after it ran; then `/exit`.
import fs from "node:fs";
import path from "node:path";
import { requireCli } from "../clis.ts";
import { startAnthropicMock } from "../mock/anthropic.ts";
import { watchProcessGroup } from "../net-watch.ts";
import { allSteps } from "../scenario.ts";
import { claudeEnv, claudeView, installPlugins, spySettings } from "./claude.ts";
import { assembleReport } from "./report.ts";
import { openSession, readSpy, type Session } from "./session.ts";
import { startPane, TMUX_MISSING, tmuxAvailable } from "./tmux.ts";
import { driveTui, exitTui, tuiResult } from "./tui.ts";
import type { RunOptions, RunReport } from "./types.ts";

/** What the interactive start asks once (measured; packages/plan-export/README.md): onboarding done, this folder trusted, the key approved. */
function skipFirstRunDialogs(s: Session): void {
  const file = path.join(s.rd.home, ".claude.json");
  const config = (fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, "utf8")) : {}) as {
    projects?: Record<string, Record<string, unknown>>;
  } & Record<string, unknown>;
  const projects = config.projects ?? {};
  projects[s.rd.project] = { ...projects[s.rd.project], hasTrustDialogAccepted: true };
  Object.assign(config, {
    hasCompletedOnboarding: true,
    projects,
    customApiKeyResponses: { approved: [s.env.ANTHROPIC_API_KEY], rejected: [] },
  });
  fs.writeFileSync(file, JSON.stringify(config, null, 2));
}

export async function runClaudeTui(opts: RunOptions): Promise<RunReport> {
  const cli = requireCli("claude");
  if (!(await tmuxAvailable())) throw new Error(TMUX_MISSING);
  const s = await openSession("claude", opts.prepare, opts.scenario.fakeCommands);
  const ui = opts.planMode ?? opts.tui;
  try {
    claudeEnv(s);
    // The interactive start (not -p) installs the official marketplace: downloads.claude.ai, github.com.
    s.env.CLAUDE_CODE_DISABLE_OFFICIAL_MARKETPLACE_AUTOINSTALL = "1";
    const mock = await startAnthropicMock(opts.scenario, s.rd.project);
    s.defer(() => mock.close());
    s.env.ANTHROPIC_BASE_URL = mock.url;
    await installPlugins(s, cli.bin, opts.install, opts);
    await opts.afterInstall?.(s);
    skipFirstRunDialogs(s);
    const settings = spySettings(s, ["PostToolUse", "PostToolUseFailure", "Stop"], ui?.settings);

    const attemptsBeforeSession = s.guard.attempts.length;
    const startedAt = Date.now();
    const pane = await startPane({
      dir: path.join(s.rd.root, "tmux"),
      cwd: s.rd.project,
      env: { ...s.env, TERM: "xterm-256color" },
      command: [
        cli.bin,
        "--permission-mode",
        opts.planMode ? "plan" : "default",
        "--settings",
        settings,
        opts.scenario.prompt,
      ],
    });
    s.defer(() => pane.close());
    const watch = watchProcessGroup(pane.pid);
    const finalTurn = allSteps(opts.scenario).length;
    const tui = await driveTui({
      pane,
      answers: ui?.answers ?? [],
      done() {
        const final = mock.requests.find((q) => q.kind === "main" && q.turn === finalTurn);
        return final !== undefined && readSpy(s.spyLog).some((e) => e.event === "Stop" && e.t >= final.t);
      },
      deadline: startedAt + (opts.timeoutMs ?? 120_000),
      startedAt,
      log: path.join(s.rd.logs, "screens.txt"),
    });
    const exitCode = await exitTui(pane);
    const socketsSeen = watch.stop();
    await pane.close();
    await mock.close();

    return assembleReport({
      cli,
      session: s,
      mock,
      result: tuiResult(tui, exitCode, startedAt, socketsSeen),
      scenario: opts.scenario,
      attemptsBeforeSession,
      ui: "tui",
      view: claudeView(opts.scenario, readSpy(s.spyLog)),
    });
  } finally {
    await s.close();
  }
}
