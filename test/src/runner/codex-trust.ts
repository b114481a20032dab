// What the real Codex binary says about the installed hooks: `codex app-server` (JSON-RPC over
// stdio: initialize, initialized, hooks/list), as Codex's own hook review does. A hook runs only
// if config.toml holds [hooks.state."<key>"] trusted_hash for its current definition; the suite
// only reads the verdict (hookrail install writes the trust).
import { spawn } from "node:child_process";

export interface ListedHook {
  key: string;
  eventName: string;
  command?: string;
  currentHash: string;
  trustStatus: string;
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

export function listHooks(
  codexBin: string,
  cwd: string,
  env: Record<string, string>,
  timeoutMs = 30_000,
): Promise<ListedHook[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(codexBin, ["app-server"], { cwd, env, stdio: ["pipe", "pipe", "pipe"] });
    const pending = new Map<number, (m: RpcMessage) => void>();
    let buf = "";
    let stderr = "";
    let nextId = 1;
    const finish = (err: Error | null, hooks?: ListedHook[]) => {
      clearTimeout(timer);
      child.stdin.end();
      child.kill("SIGTERM");
      if (err) reject(err);
      else resolve(hooks ?? []);
    };
    const timer = setTimeout(
      () => finish(new Error(`codex app-server hooks/list timed out; stderr: ${stderr.slice(-1500)}`)),
      timeoutMs,
    );
    child.on("error", (e) => finish(e));
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
    const request = (method: string, params: unknown) =>
      new Promise<RpcMessage>((res) => {
        const id = nextId++;
        pending.set(id, res);
        child.stdin.write(`${JSON.stringify({ id, method, params })}\n`);
      });
    (async () => {
      const init = await request("initialize", { clientInfo: { name: "hookrail-conformance", version: "0.0.0" } });
      if (init.error) throw new Error(`initialize: ${JSON.stringify(init.error)}`);
      child.stdin.write(`${JSON.stringify({ method: "initialized" })}\n`);
      const list = await request("hooks/list", { cwds: [cwd] });
      if (list.error) throw new Error(`hooks/list: ${JSON.stringify(list.error)}`);
      return ((list.result as HooksList).data ?? []).flatMap((d) => d.hooks ?? []);
    })().then(
      (hooks) => finish(null, hooks),
      (e: Error) => finish(e),
    );
  });
}
