// git run inline: the process waits for git without loading node:child_process. Loading it sets up Node's
// streams, net and dgram modules (about 4 ms of a hook's run) and an asynchronous spawn costs 1–2 ms more: at
// session start in a small repository that was more than git's own `status`. Node's child_process.spawnSync is a
// call of the same binding, made here directly.
//
// Only for a process that answers one call and has nothing to do while git works (a hook's own process: hookMain
// turns it on). A process that answers calls side by side (a bridge worker) or lives in a CLI's own process keeps
// the asynchronous runner. The binding is looked for at each run: where it is missing or refused (another Node,
// the permission model), on Windows (where Node's JavaScript finds the program and orders the environment), and
// where using it would print a deprecation warning (`--pending-deprecation`), git runs the usual way.

import { builtin } from "../platform/_builtin.ts";

/** What git did: gitExec's result, and whether git could not be started (ENOENT: no git, or no such folder). */
export interface InlineResult {
  code: number | null;
  stdout: string;
  timedOut?: boolean;
  notStarted?: boolean;
}

/** Until when (epoch ms) git may run inline: the process's deadline. Undefined: never. */
let until: number | undefined;

/**
 * This process answers one call and must have answered by `deadline` (epoch ms): git may run inline until then,
 * never past it (an inline run cannot be raced by a timer, so it carries the time left as its timeout).
 * Undefined: git runs the usual way again.
 */
export function runGitInline(deadline: number | undefined): void {
  until = deadline;
}

interface SpawnSyncResult {
  /** A libuv error (negative errno): the program could not be started, or the timeout or buffer was hit. */
  error?: number;
  status: number | null;
  signal: string | null;
  output: (Buffer | null)[] | null;
}

interface SpawnSyncBinding {
  spawn(options: object): SpawnSyncResult;
}

/** The binding behind child_process.spawnSync, when this process may use it quietly; else undefined. */
function spawnSyncBinding(): SpawnSyncBinding | undefined {
  if (process.platform === "win32" || pendingDeprecation()) return undefined;
  try {
    const binding = (process as { binding?: (name: string) => unknown }).binding?.("spawn_sync");
    return typeof (binding as SpawnSyncBinding | undefined)?.spawn === "function"
      ? (binding as SpawnSyncBinding)
      : undefined;
  } catch {
    return undefined;
  }
}

/** Node prints a deprecation warning for process.binding only under --pending-deprecation. */
function pendingDeprecation(): boolean {
  const flags = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? "").split(/\s+/)];
  // Node reads `_` in an option's name as `-`.
  return (
    flags.some((f) => f.replace(/_/g, "-") === "--pending-deprecation") || process.env.NODE_PENDING_DEPRECATION === "1"
  );
}

/** SIGTERM's number on every Unix (Windows never runs git inline). */
const SIGTERM = 15;

const pipe = (child: "reads" | "writes") => ({
  type: "pipe",
  readable: child === "reads",
  writable: child === "writes",
});

/**
 * git's answer, run inline; undefined when this process may not run it so (the caller then runs git the usual
 * way). The same result gitExec gives: ENOENT is left to the caller, which knows whether the folder is there.
 */
export function gitInline(
  cwd: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  timeoutMs: number,
  maxBuffer: number,
): InlineResult | undefined {
  if (until === undefined) return undefined;
  const binding = spawnSyncBinding();
  if (!binding) return undefined;
  // The caller's timeout, or the time left before the process's deadline if that is shorter.
  const left = until - Date.now();
  if (left <= 0) return { code: null, stdout: "" };
  const ownTimeout = timeoutMs > 0 && timeoutMs <= left;
  // node:util is loaded with Node itself; node:os would be one module more.
  const { getSystemErrorName } = builtin<typeof import("node:util")>("node:util");
  const envPairs = Object.entries(env).flatMap(([k, v]) => (v === undefined ? [] : [`${k}=${v}`]));
  const result = binding.spawn({
    file: "git",
    args: ["git", ...args],
    cwd,
    envPairs,
    stdio: [pipe("reads"), pipe("writes"), pipe("writes")],
    detached: false,
    windowsHide: true,
    windowsVerbatimArguments: false,
    timeout: ownTimeout ? timeoutMs : Math.ceil(left),
    maxBuffer,
    killSignal: SIGTERM,
  });
  const stdout = result.output?.[1]?.toString("utf8") ?? "";
  if (result.error !== undefined && result.error !== 0) {
    // Only the caller's own timeout is a timeout to it; the deadline's is a failure like any other.
    const name = getSystemErrorName(result.error);
    if (name === "ETIMEDOUT") return { code: null, stdout, ...(ownTimeout ? { timedOut: true } : {}) };
    if (name === "ENOENT") return { code: null, stdout, notStarted: true };
    return { code: null, stdout };
  }
  return { code: result.status, stdout };
}
