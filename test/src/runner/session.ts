// The parts of a run every CLI shares: the throwaway dirs, the trap proxy, the git project,
// setup commands (plugin installs) and the post-tool spy that proves a tool ran.
import fs from "node:fs";
import path from "node:path";
import type { CliName } from "../clis.ts";
import { callsForCommand, DEFAULT_FAKES, type FakeCall, mentionsFake } from "../fake-bin.ts";
import type { McpCall } from "../mcp.ts";
import { type NetGuard, startNetGuard } from "../net-guard.ts";
import { baseEnv, createRunDir, initGitProject, type RunDir, removeRunDir } from "../run-dir.ts";
import type { Step } from "../scenario.ts";
import { runProcess, tail } from "./process.ts";
import { SetupError, type SetupStep } from "./types.ts";

export interface Session {
  rd: RunDir;
  guard: NetGuard;
  env: Record<string, string>;
  setup: SetupStep[];
  /** A node script that appends `{event, t, stdin}` to `spyLog`: hook it on post-tool events. */
  spyScript: string;
  spyLog: string;
  /** Where the run's MCP server (src/mock/mcp-server.mjs) records each call it receives. */
  mcpRecord: string;
  /** Runs a setup command (e.g. `claude plugin install`); throws SetupError when it fails. */
  /** Registers a cleanup (e.g. closing a mock) for `close()`. */
  defer(fn: () => Promise<void>): void;
  run(
    file: string,
    args: string[],
    opts?: { cwd?: string; input?: string; label?: string; env?: Record<string, string> },
  ): Promise<SetupStep>;
  close(): Promise<void>;
}

/** `prepare` runs once the world and its git project exist, before any install (e.g. config files, a remote). */
export async function openSession(
  cli: CliName,
  prepare?: (s: Session) => Promise<void> | void,
  fakes: readonly string[] = DEFAULT_FAKES,
): Promise<Session> {
  const rd = createRunDir(cli, fakes);
  const guard = await startNetGuard();
  const env = baseEnv(rd, guard.url);
  await initGitProject(rd, env);
  const spyLog = path.join(rd.logs, "spy.jsonl");
  const spyScript = path.join(rd.root, "spy.cjs");
  fs.writeFileSync(
    spyScript,
    `const fs=require("node:fs");let s="";try{s=fs.readFileSync(0,"utf8")}catch{}let j;try{j=JSON.parse(s)}catch{j={raw:s}}` +
      `fs.appendFileSync(${JSON.stringify(spyLog)},JSON.stringify({event:process.argv[2],t:Date.now(),stdin:j})+"\\n");\n`,
  );
  const setup: SetupStep[] = [];
  const cleanups: (() => Promise<void>)[] = [];
  const session: Session = {
    rd,
    guard,
    env,
    setup,
    spyScript,
    spyLog,
    mcpRecord: path.join(rd.logs, "mcp-calls.jsonl"),
    defer(fn) {
      cleanups.push(fn);
    },
    async run(file, args, opts = {}) {
      const r = await runProcess(file, args, {
        cwd: opts.cwd ?? rd.project,
        env: opts.env ?? env,
        timeoutMs: 90_000,
        input: opts.input,
      });
      const step = {
        cmd: opts.label ?? [path.basename(file), ...args].join(" "),
        exitCode: r.exitCode,
        output: tail(`${r.stdout}\n${r.stderr}`.trim(), 2000),
      };
      setup.push(step);
      guard.attempts.push(...r.socketsSeen.map((a) => `socket ${a}`));
      if (r.exitCode !== 0) throw new SetupError(`setup failed: ${step.cmd}`, setup);
      return step;
    },
    async close() {
      for (const fn of cleanups.reverse()) await fn();
      await guard.close();
      removeRunDir(rd);
    },
  };
  try {
    await prepare?.(session);
  } catch (error) {
    await session.close();
    throw error;
  }
  return session;
}

export interface SpyEntry {
  event: string;
  /** Date.now() when the hook ran. */
  t: number;
  stdin: Record<string, unknown>;
}

export function readSpy(spyLog: string): SpyEntry[] {
  if (!fs.existsSync(spyLog)) return [];
  return fs
    .readFileSync(spyLog, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as SpyEntry);
}

/**
 * Execution evidence that needs no CLI knowledge: a stub's log for commands that call one,
 * the file on disk for writes. `undefined` = ask the CLI-specific evidence (spy, output).
 */
export function directEvidence(
  step: Step,
  project: string,
  fakeCalls: readonly FakeCall[],
  window: { from: number; to: number },
  fakes: readonly string[] = DEFAULT_FAKES,
  mcpCalls: readonly McpCall[] = [],
): { executed: boolean; evidence: string } | undefined {
  if (step.kind === "mcp") {
    const hits = mcpCalls.filter((c) => c.tool === step.tool && c.t >= window.from && c.t <= window.to);
    return { executed: hits.length > 0, evidence: `MCP server record: ${hits.length} call(s) of ${step.tool}` };
  }
  if (step.kind === "write") {
    const file = path.join(project, step.path);
    const ok = fs.existsSync(file) && fs.readFileSync(file, "utf8") === step.content;
    return { executed: ok, evidence: `file ${step.path} ${ok ? "written" : "not written"}` };
  }
  if (step.kind !== "shell") return undefined;
  if (mentionsFake(step.command, fakes)) {
    const inWindow = fakeCalls.filter((c) => c.t >= window.from && c.t <= window.to);
    const hits = callsForCommand(step.command, inWindow);
    return { executed: hits.length > 0, evidence: `fake command log: ${hits.length} matching call(s)` };
  }
  return undefined;
}
