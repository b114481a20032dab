// Second network check, for clients that would ignore the trap proxy: while a CLI runs, sample the
// sockets of its process group (/proc/<pid>/fd -> /proc/net/{tcp,tcp6,udp,udp6}) and record any
// remote address that is not loopback. Sampling can miss a very short connection; the proxy trap
// catches the rest. Linux only: elsewhere it records nothing.
import fs from "node:fs";

const TABLES = ["tcp", "tcp6", "udp", "udp6"] as const;

function groupMembers(pgid: number): number[] {
  const out: number[] = [];
  for (const name of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[2]) === pgid) out.push(Number(name));
    } catch {
      // exited meanwhile
    }
  }
  return out;
}

function socketInodes(pid: number, into: Set<string>): void {
  try {
    for (const fd of fs.readdirSync(`/proc/${pid}/fd`)) {
      const m = /^socket:\[(\d+)\]$/.exec(fs.readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (m?.[1]) into.add(m[1]);
    }
  } catch {
    // exited meanwhile
  }
}

/** "0100007F:1F90" (v4) or 32-hex-digit v6 -> printable address, or null for loopback/unset. */
export function remoteAddress(hex: string): string | null {
  const [addr = "", portHex = "0"] = hex.split(":");
  const port = Number.parseInt(portHex, 16);
  if (addr.length === 8) {
    const bytes = (addr.match(/../g) ?? []).map((b) => Number.parseInt(b, 16)).reverse();
    if (bytes[0] === 127 || bytes.every((b) => b === 0)) return null;
    return `${bytes.join(".")}:${port}`;
  }
  const words = (addr.match(/.{8}/g) ?? []).map((w) => (w.match(/../g) ?? []).reverse().join(""));
  const v6 = words.join("");
  if (/^0{32}$/.test(v6) || /^0{31}1$/.test(v6)) return null;
  if (/^0{20}ffff7f/i.test(v6)) return null; // ::ffff:127.x.x.x
  return `[${(v6.match(/.{4}/g) ?? []).join(":")}]:${port}`;
}

export interface NetWatch {
  stop(): string[];
}

export function watchProcessGroup(pgid: number | undefined, intervalMs = 50): NetWatch {
  const seen = new Set<string>();
  if (!pgid || !fs.existsSync("/proc/net/tcp")) return { stop: () => [] };
  const tick = () => {
    const inodes = new Set<string>();
    for (const pid of groupMembers(pgid)) socketInodes(pid, inodes);
    if (inodes.size === 0) return;
    for (const table of TABLES) {
      let text = "";
      try {
        text = fs.readFileSync(`/proc/net/${table}`, "utf8");
      } catch {
        continue;
      }
      for (const line of text.split("\n").slice(1)) {
        const cols = line.trim().split(/\s+/);
        const remote = cols[2] && inodes.has(cols[9] ?? "") ? remoteAddress(cols[2]) : null;
        if (remote) seen.add(`${table} ${remote}`);
      }
    }
  };
  const timer = setInterval(tick, intervalMs);
  tick();
  return {
    stop() {
      clearInterval(timer);
      tick();
      return [...seen];
    },
  };
}
