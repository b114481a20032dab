// Drives a terminal UI under tmux: a private tmux server (its socket in the run dir) with one pane
// running the CLI in an environment built from scratch. Keys go in with send-keys, the screen comes
// back with capture-pane. The pane stays after the CLI exits (remain-on-exit) to read its status.
import fs from "node:fs";
import path from "node:path";
import { execa } from "execa";

export interface TmuxPane {
  /** The CLI's pid: it leads its own process group (the pane's session). */
  pid: number;
  /** The visible screen, or with `history` the whole scrollback too. */
  screen(history?: boolean): Promise<string>;
  /** tmux key names: "1", "Enter", "Escape", "BTab", "C-c". */
  keys(...keys: string[]): Promise<void>;
  /** Literal text (no key names). */
  type(text: string): Promise<void>;
  /** null while the CLI runs, else its exit status. */
  exitStatus(): Promise<number | null>;
  /** Stops the tmux server (and with it whatever still runs in the pane). */
  close(): Promise<void>;
}

export const TMUX_MISSING =
  "tmux is not installed: Claude's and Codex's plan mode is only reachable in their terminal UI, which these cells drive under tmux. Install it (Debian: apt-get install -y tmux); CI installs it in .ci/run.";

export async function tmuxAvailable(): Promise<boolean> {
  const r = await execa("tmux", ["-V"], { reject: false });
  return r.exitCode === 0;
}

export interface TmuxOptions {
  /** Where the socket and config go (a folder of the run dir). */
  dir: string;
  cwd: string;
  /** The CLI's whole environment (nothing else is passed). */
  env: Record<string, string>;
  command: string[];
  width?: number;
  height?: number;
}

export async function startPane(o: TmuxOptions): Promise<TmuxPane> {
  if (!(await tmuxAvailable())) throw new Error(TMUX_MISSING);
  fs.mkdirSync(o.dir, { recursive: true });
  const socket = path.join(o.dir, "tmux.sock");
  const conf = path.join(o.dir, "tmux.conf");
  fs.writeFileSync(conf, "set -g remain-on-exit on\nset -g history-limit 20000\nset -g status off\n");
  // tmux itself gets a bare environment too; the CLI gets exactly `env` through env -i.
  const tmuxEnv = { PATH: o.env.PATH ?? "/usr/bin:/bin", HOME: o.env.HOME ?? o.dir, TMUX_TMPDIR: o.dir };
  const tmux = (...args: string[]) =>
    execa("tmux", ["-S", socket, "-f", conf, ...args], { env: tmuxEnv, extendEnv: false, cwd: o.cwd });
  const envArgs = Object.entries(o.env).map(([k, v]) => `${k}=${v}`);
  await tmux(
    "new-session",
    "-d",
    "-s",
    "cli",
    "-x",
    String(o.width ?? 200),
    "-y",
    String(o.height ?? 50),
    "-c",
    o.cwd,
    "env",
    "-i",
    ...envArgs,
    ...o.command,
  );
  const pid = Number((await tmux("display-message", "-p", "-t", "cli", "#{pane_pid}")).stdout.trim());
  let closed = false;
  return {
    pid,
    async screen(history = false) {
      const r = await tmux("capture-pane", "-p", "-J", "-t", "cli", ...(history ? ["-S", "-"] : []));
      return r.stdout;
    },
    async keys(...keys) {
      await tmux("send-keys", "-t", "cli", ...keys);
    },
    async type(text) {
      await tmux("send-keys", "-t", "cli", "-l", text);
    },
    async exitStatus() {
      const r = await tmux("display-message", "-p", "-t", "cli", "#{pane_dead} #{pane_dead_status}");
      const [dead, status] = r.stdout.trim().split(" ");
      return dead === "1" ? Number(status ?? 0) : null;
    },
    async close() {
      if (closed) return;
      closed = true;
      await execa("tmux", ["-S", socket, "kill-server"], { env: tmuxEnv, extendEnv: false, reject: false });
    },
  };
}
