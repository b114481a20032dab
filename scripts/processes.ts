// Which processes a test started and left running, read from /proc (Linux; elsewhere nothing is found): the
// descendants of this test process born during the test, and any process carrying the test's mark in its
// environment (a child that detached or whose parent exited is no descendant any more).
import { readdirSync, readFileSync } from "node:fs";

/** The variable that marks the processes a test started, also those that left its process tree. */
export const TEST_MARK = "HOOKRAIL_TEST_PROCESS";

// A library's own long-lived helper, started on first use and shared by the whole test process: esbuild's service.
const SHARED_HELPERS = /\besbuild\b.* --service=/;

export interface Proc {
  pid: number;
  ppid: number;
  /** Start time in clock ticks since boot: a pid reused by a new process is a different process. */
  start: string;
  zombie: boolean;
  command: string;
}

function readProc(pid: number): Proc | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) is in parentheses and may hold spaces: split after the last ")".
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return {
      pid,
      ppid: Number(fields[1]),
      start: fields[19] ?? "",
      zombie: fields[0] === "Z" || fields[0] === "X",
      command: stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")")),
    };
  } catch {
    return undefined; // gone meanwhile, or no /proc
  }
}

/** The process's whole command line, when it can still be read. */
function withCommandLine(p: Proc): Proc {
  try {
    const line = readFileSync(`/proc/${p.pid}/cmdline`, "utf8").split("\0").filter(Boolean).join(" ");
    return line ? { ...p, command: line.slice(0, 200) } : p;
  } catch {
    return p;
  }
}

function allProcesses(): Proc[] {
  let pids: string[];
  try {
    pids = readdirSync("/proc").filter((d) => /^\d+$/.test(d));
  } catch {
    return [];
  }
  return pids.map((p) => readProc(Number(p))).filter((p): p is Proc => p !== undefined);
}

const key = (p: Proc) => `${p.pid}:${p.start}`;

function descendants(all: Proc[], root: number): Proc[] {
  const children = new Map<number, Proc[]>();
  for (const p of all) children.set(p.ppid, [...(children.get(p.ppid) ?? []), p]);
  const found: Proc[] = [];
  const queue = [root];
  for (let pid = queue.shift(); pid !== undefined; pid = queue.shift()) {
    for (const child of children.get(pid) ?? []) {
      found.push(child);
      queue.push(child.pid);
    }
  }
  return found;
}

function marked(pid: number, mark: string): boolean {
  try {
    return readFileSync(`/proc/${pid}/environ`, "utf8").split("\0").includes(`${TEST_MARK}=${mark}`);
  } catch {
    return false;
  }
}

/** Every process running when a test starts: what is not in it was started later. */
export function processSnapshot(): Set<string> {
  return new Set(allProcesses().map(key));
}

function leftNow(before: Set<string>, mark: string): Proc[] {
  const all = allProcesses().filter((p) => !before.has(key(p)) && !p.zombie);
  const mine = new Map(descendants(all, process.pid).map((p) => [key(p), p]));
  // Only processes born during the test are read for the mark: one environment file each.
  for (const p of all) if (p.pid !== process.pid && !mine.has(key(p)) && marked(p.pid, mark)) mine.set(key(p), p);
  return [...mine.values()].map(withCommandLine).filter((p) => !SHARED_HELPERS.test(p.command));
}

/**
 * The processes the test started that are still running. A process that was sent a signal just before the test
 * ended gets up to two seconds to exit.
 */
export async function leftChildren(before: Set<string>, mark: string): Promise<Proc[]> {
  let left = leftNow(before, mark);
  for (let waited = 0; left.length > 0 && waited < 2000; waited += 50) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    left = leftNow(before, mark);
  }
  return left;
}

/** Kills each process, and waits (up to two seconds) until they are gone. */
export async function stopProcesses(procs: readonly Proc[]): Promise<void> {
  for (const p of procs) {
    try {
      process.kill(p.pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
  const alive = () =>
    procs.some((p) => {
      const now = readProc(p.pid);
      return now !== undefined && now.start === p.start && !now.zombie;
    });
  for (let waited = 0; alive() && waited < 2000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
}
