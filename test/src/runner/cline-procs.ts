// Ends what a Cline run left behind, and only that: every process whose initial environment names the run's
// throwaway HOME (a hub daemon, were one started despite CLINE_SESSION_BACKEND_MODE=local; a detached TaskStart or
// TaskComplete hook still running). Nothing is matched by name; each PID is checked again before each signal.
import fs from "node:fs";

const read = (pid: string, what: string): string | null => {
  try {
    return fs.readFileSync(`/proc/${pid}/${what}`, "utf8");
  } catch {
    return null;
  }
};

const ours = (pid: string, home: string) => (read(pid, "environ") ?? "").split("\0").includes(`HOME=${home}`);

/** The PIDs of the processes started with HOME=home, this one left out. */
export function processesWithHome(home: string): string[] {
  let entries: string[] = [];
  try {
    entries = fs.readdirSync("/proc");
  } catch {
    return [];
  }
  return entries.filter((d) => /^\d+$/.test(d) && Number(d) !== process.pid && ours(d, home));
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** SIGTERM, a grace period, then SIGKILL, until a scan finds none; resolves with the command lines ended. */
export async function endProcessesWithHome(home: string, graceMs = 3000): Promise<string[]> {
  const ended: string[] = [];
  for (let round = 0; round < 3; round++) {
    const pids = processesWithHome(home);
    if (!pids.length) break;
    for (const pid of pids) {
      ended.push((read(pid, "cmdline") ?? "").split("\0").join(" ").trim());
      try {
        process.kill(Number(pid), "SIGTERM");
      } catch {
        // gone
      }
    }
    const until = Date.now() + graceMs;
    while (Date.now() < until && pids.some((p) => ours(p, home))) await sleep(100);
    for (const pid of pids)
      if (ours(pid, home))
        try {
          process.kill(Number(pid), "SIGKILL");
        } catch {
          // gone
        }
    await sleep(200);
  }
  return ended;
}
