// The loop that drives a terminal UI: read the screen, answer what it asks, stop when the run is done.
// A screen is drawn before it takes keys, so an answer waits until its screen has been up a moment,
// and is given again if that screen is still there a few seconds later (the keys were lost).
import fs from "node:fs";
import type { ProcessResult } from "./process.ts";
import type { TmuxPane } from "./tmux.ts";

export interface TuiAnswer {
  /** What the screen shows when this answer is due. */
  when: RegExp | ((screen: string) => boolean);
  /** Typed literally before `keys`. */
  text?: string;
  /** tmux key names: "1", "Enter", "BTab". */
  keys: string[];
  /** Give it once only (typing a prompt); otherwise again while `when` still holds. */
  once?: boolean;
}

export interface TuiRun {
  timedOut: boolean;
  /** Every line the screen showed, once, in order of appearance. */
  lines: string[];
  /** The answers given (as "keys @ ms"), for the report. */
  given: string[];
}

/** A TUI run as the process result the reports are built from: the screen is its stdout. */
export function tuiResult(
  tui: TuiRun,
  exitCode: number | null,
  startedAt: number,
  socketsSeen: ProcessResult["socketsSeen"],
): ProcessResult {
  return {
    exitCode,
    stdout: tui.lines.join("\n"),
    stderr: `answers given: ${tui.given.join(", ") || "none"}`,
    timedOut: tui.timedOut,
    startedAt,
    wallMs: Date.now() - startedAt,
    socketsSeen,
  };
}

const SETTLE_MS = 700;
const RETRY_MS = 3000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const holds = (when: TuiAnswer["when"], screen: string): boolean =>
  typeof when === "function" ? when(screen) : when.test(screen);

export async function driveTui(o: {
  pane: TmuxPane;
  answers: readonly TuiAnswer[];
  /** The run's goal is reached (checked after every screen). */
  done(): boolean;
  deadline: number;
  startedAt: number;
  /** Where each new screen is appended (for HOOKRAIL_KEEP_RUNS). */
  log: string;
}): Promise<TuiRun> {
  const seenSince = new Map<TuiAnswer, number>();
  const givenAt = new Map<TuiAnswer, number>();
  const lines = new Set<string>();
  const given: string[] = [];
  let last = "";
  for (;;) {
    const screen = await o.pane.screen();
    const ms = () => Date.now() - o.startedAt;
    if (screen !== last) fs.appendFileSync(o.log, `--- ${ms()} ms\n${screen}\n`);
    last = screen;
    for (const line of screen.split("\n")) if (line.trim()) lines.add(line.trimEnd());
    const now = Date.now();
    for (const answer of o.answers) {
      if (!holds(answer.when, screen)) {
        seenSince.delete(answer);
        continue;
      }
      const since = seenSince.get(answer) ?? now;
      seenSince.set(answer, since);
      const at = givenAt.get(answer);
      if (now - since < SETTLE_MS || (at !== undefined && (answer.once || now - at < RETRY_MS))) continue;
      if (answer.text) await o.pane.type(answer.text);
      if (answer.text && answer.keys.length) await sleep(200);
      if (answer.keys.length) await o.pane.keys(...answer.keys);
      givenAt.set(answer, now);
      const what = `${answer.text ? JSON.stringify(answer.text) : ""} ${answer.keys.join(" ")}`.trim();
      given.push(`${what} @ ${ms()} ms`);
      fs.appendFileSync(o.log, `--- ${ms()} ms: gave ${what}\n`);
      break; // one answer per screen
    }
    if (o.done() || (await o.pane.exitStatus()) !== null) return { timedOut: false, lines: [...lines], given };
    if (Date.now() > o.deadline) return { timedOut: true, lines: [...lines], given };
    await sleep(250);
  }
}

/** Leaves a terminal UI as a user does (`/exit`), then interrupts twice if it is still running. */
export async function exitTui(pane: TmuxPane, command = "/exit"): Promise<number | null> {
  const waitExit = async (ms: number): Promise<number | null> => {
    const until = Date.now() + ms;
    for (;;) {
      const status = await pane.exitStatus();
      if (status !== null || Date.now() > until) return status;
      await sleep(200);
    }
  };
  if ((await pane.exitStatus()) === null) {
    await sleep(500);
    await pane.type(command);
    await sleep(300);
    await pane.keys("Enter");
  }
  let status = await waitExit(15_000);
  if (status === null) {
    await pane.keys("C-c");
    await sleep(300);
    await pane.keys("C-c");
    status = await waitExit(5_000);
  }
  return status;
}
