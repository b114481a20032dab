// Runs a CLI in its own process group and kills the whole group on timeout and afterwards
// (CLIs leave helper processes behind: Gemini re-launches itself, Codex spawns hook shells).
import { execa } from "execa";
import { watchProcessGroup } from "../net-watch.ts";
import { inSystem } from "./managed-install.ts";

export interface ProcessResult {
  exitCode: number | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  startedAt: number;
  wallMs: number;
  /** Non-loopback remote addresses seen on the process group's sockets while it ran. */
  socketsSeen: string[];
}

export interface ProcessOptions {
  cwd: string;
  env: Record<string, string>;
  timeoutMs: number;
  input?: string;
}

function killGroup(pid: number | undefined, signal: NodeJS.Signals): void {
  if (!pid) return;
  try {
    process.kill(-pid, signal);
  } catch {
    // already gone
  }
}

export async function runProcess(file: string, args: readonly string[], opts: ProcessOptions): Promise<ProcessResult> {
  const started = Date.now();
  const [command, argv] = inSystem(file, args, opts.env);
  const child = execa(command, argv, {
    cwd: opts.cwd,
    env: opts.env,
    extendEnv: false,
    detached: true,
    reject: false,
    stripFinalNewline: false,
    ...(opts.input === undefined ? { stdin: "ignore" as const } : { input: opts.input }),
  });
  const watch = watchProcessGroup(child.pid);
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    killGroup(child.pid, "SIGTERM");
    setTimeout(() => killGroup(child.pid, "SIGKILL"), 3000).unref();
  }, opts.timeoutMs);
  const r = await child;
  clearTimeout(timer);
  const socketsSeen = watch.stop();
  killGroup(child.pid, "SIGKILL");
  return {
    exitCode: r.exitCode ?? null,
    stdout: String(r.stdout ?? ""),
    stderr: String(r.stderr ?? ""),
    timedOut,
    startedAt: started,
    socketsSeen,
    wallMs: Date.now() - started,
  };
}

export const tail = (s: string, n = 4000): string => (s.length > n ? `…${s.slice(-n)}` : s);
