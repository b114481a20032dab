// What the real Codex binary says about the hooks it would run: `codex app-server` (JSON-RPC over
// stdio: initialize, initialized, hooks/list), as Codex's own hook review does. A hook runs only if
// config.toml holds [hooks.state."<key>"] trusted_hash for its current definition; `hookrail doctor`
// reads each hook's trustStatus here when codex is on PATH, and the conformance suite proves
// hookrail's trust with it.
import { spawn } from "node:child_process";

export interface ListedHook {
  key: string;
  eventName: string;
  command?: string;
  currentHash: string;
  trustStatus: string;
  enabled?: boolean;
  isManaged?: boolean;
}
interface HooksList {
  data?: { hooks?: ListedHook[]; errors?: unknown[]; warnings?: unknown[] }[];
}
interface RpcMessage {
  id?: number;
  result?: unknown;
  error?: unknown;
}

/** Every hook Codex lists for `cwds` (the user's and each project's), with its trust. */
export function listHooks(
  codexBin: string,
  cwd: string | string[],
  env: NodeJS.ProcessEnv,
  timeoutMs = 30_000,
): Promise<ListedHook[]> {
  const cwds = Array.isArray(cwd) ? cwd : [cwd];
  return new Promise((resolve, reject) => {
    const child = spawn(codexBin, ["app-server"], { cwd: cwds[0], env, stdio: ["pipe", "pipe", "pipe"] });
    const pending = new Map<number, (m: RpcMessage) => void>();
    let buf = "";
    let stderr = "";
    let nextId = 1;
    let done = false;
    const finish = (err: Error | null, hooks?: ListedHook[]) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      child.stdin.end();
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      if (err) reject(err);
      else resolve(hooks ?? []);
    };
    const timer = setTimeout(
      () =>
        finish(
          new Error(
            `codex app-server timed out after ${timeoutMs % 1000 ? `${timeoutMs} ms` : `${timeoutMs / 1000} s`}${stderrNote(stderr)}`,
          ),
        ),
      timeoutMs,
    );
    child.on("error", (e) => finish(new Error(`codex app-server could not start: ${e.message}`)));
    // A codex that exits at once (a broken install, an npm codex with no node on PATH) closes its stdin
    // before we write: the write fails with EPIPE, and its exit, reported on close, says what happened.
    child.stdin.on("error", () => {});
    child.stdout.on("error", () => {});
    child.stderr.on("error", () => {});
    child.on("close", (code, signal) =>
      finish(
        new Error(
          `codex app-server exited before it answered (${code === null ? `signal ${signal}` : `exit ${code}`})${stderrNote(stderr)}`,
        ),
      ),
    );
    child.stderr.on("data", (d: Buffer) => {
      stderr += d.toString();
    });
    child.stdout.on("data", (d: Buffer) => {
      buf += d.toString();
      for (let i = buf.indexOf("\n"); i >= 0; i = buf.indexOf("\n")) {
        const line = buf.slice(0, i).trim();
        buf = buf.slice(i + 1);
        if (!line) continue;
        try {
          const msg = JSON.parse(line) as RpcMessage;
          if (msg.id !== undefined) pending.get(msg.id)?.(msg);
        } catch {
          // not JSON-RPC
        }
      }
    });
    const send = (message: unknown) => {
      if (!child.stdin.writable) return;
      child.stdin.write(`${JSON.stringify(message)}\n`);
    };
    const request = (method: string, params: unknown) =>
      new Promise<RpcMessage>((res) => {
        const id = nextId++;
        pending.set(id, res);
        send({ id, method, params });
      });
    (async () => {
      const init = await request("initialize", { clientInfo: { name: "hookrail", version: "0.0.0" } });
      if (init.error) throw new Error(`codex app-server refused initialize: ${JSON.stringify(init.error)}`);
      send({ method: "initialized" });
      const list = await request("hooks/list", { cwds });
      if (list.error) throw new Error(`codex app-server refused hooks/list: ${JSON.stringify(list.error)}`);
      const all = ((list.result as HooksList).data ?? []).flatMap((d) => d.hooks ?? []);
      // The user's hooks are listed once per folder asked about.
      return all.filter((h, i) => all.findIndex((o) => o.key === h.key) === i);
    })().then(
      (hooks) => finish(null, hooks),
      (e: Error) => finish(e),
    );
  });
}

/** The first line codex wrote to stderr, as a note: what a broken install says about itself. */
function stderrNote(stderr: string): string {
  const first = stderr.split("\n").find((l) => l.trim());
  return first ? `: ${first.trim().slice(0, 300)}` : "";
}
