// Amp's plugin runtime, driven as Amp's host drives it. No Amp turn runs offline (its agent runs in Amp's service),
// but each plugin runs in a process of its own: the `amp` binary as Bun (BUN_BE_BUN=1) running the runtime script
// Amp writes to a temporary folder as it starts a plugin, in the plugin's folder, speaking JSON lines on stdio
// (requests {type: "request", id, method, params}, answers {type: "response", id, result, error}). The script is
// Amp's own: a probe plugin copies it out of `amp plugins exec`, so nothing of Amp's is kept in the repository.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import { pathToFileURL } from "node:url";

const PROBE = `import { copyFileSync } from "node:fs";
copyFileSync(process.argv[1], process.env.HOOKRAIL_AMP_RUNTIME_COPY);
export default function () {}
`;

/** Copies the runtime script Amp starts plugins with into `dir`, by starting a probe plugin in `project`. */
export function copyAmpRuntime(amp: string, project: string, dir: string, env: NodeJS.ProcessEnv): string {
  const probe = path.join(project, ".amp", "plugins", "hookrail-runtime-probe.ts");
  const copy = path.join(dir, "amp-plugin-runtime.ts");
  fs.mkdirSync(path.dirname(probe), { recursive: true });
  fs.writeFileSync(probe, PROBE);
  try {
    execFileSync(amp, ["plugins", "exec", probe, "session.start", "--data", '{"thread":{"id":"T-probe"}}'], {
      cwd: project,
      env: { ...env, HOOKRAIL_AMP_RUNTIME_COPY: copy },
      stdio: "pipe",
      timeout: 60_000,
    });
  } finally {
    fs.rmSync(probe, { force: true });
  }
  return copy;
}

export interface AmpPluginHost {
  /** One request to the plugin (tool.call, agent.start, event, events.list, dispose…): its answer. */
  request(method: string, params: unknown): Promise<{ result?: unknown; error?: unknown }>;
  /** What the plugin asked of Amp (ui.notify…), in order. */
  asked: { method: string; params: unknown }[];
  close(): Promise<void>;
}

/** Starts `plugin` (its index.js) in Amp's runtime for the workspace `workspace`; resolves once it is ready. */
export async function startAmpPlugin(
  amp: string,
  runtime: string,
  plugin: string,
  workspace: string,
  env: NodeJS.ProcessEnv,
): Promise<AmpPluginHost> {
  const child: ChildProcess = spawn(amp, ["run", runtime, plugin], {
    cwd: path.dirname(plugin),
    env: { ...env, BUN_BE_BUN: "1", AMP_PLUGIN_URI: pathToFileURL(plugin).href },
    stdio: ["pipe", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (chunk) => {
    stderr += String(chunk);
  });
  const send = (message: unknown) => child.stdin?.write(`${JSON.stringify(message)}\n`);
  const pending = new Map<number, (m: { result?: unknown; error?: unknown }) => void>();
  const asked: AmpPluginHost["asked"] = [];
  let seq = 0;
  const ready = new Promise<void>((resolve, reject) => {
    child.on("exit", (code) => reject(new Error(`the plugin's runtime exited (${code}): ${stderr}`)));
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).on("line", (line) => {
      let m: { type?: string; id?: number; method?: string; params?: unknown; event?: string };
      try {
        m = JSON.parse(line);
      } catch {
        return;
      }
      if (m.type === "response" && m.id !== undefined) pending.get(m.id)?.(m as { result?: unknown });
      else if (m.type === "request" && m.method) {
        // client.info is the runtime's first question: where Amp runs, and the session's folder.
        if (m.method !== "client.info") asked.push({ method: m.method, params: m.params });
        const result =
          m.method === "client.info"
            ? { ampURL: "http://127.0.0.1:9", workspaceRoot: pathToFileURL(workspace).href, executorKind: "local" }
            : undefined;
        send({ type: "response", id: m.id, result });
      } else if (m.type === "event" && m.event === "runtime.ready") resolve();
    });
  });
  const host: AmpPluginHost = {
    asked,
    request: (method, params) =>
      new Promise((resolve) => {
        const id = ++seq;
        pending.set(id, resolve);
        send({ type: "request", id, method, params });
      }),
    async close() {
      if (child.exitCode === null) {
        await Promise.race([host.request("dispose", {}), new Promise((r) => setTimeout(r, 5_000))]);
        child.stdin?.end();
        await Promise.race([new Promise((r) => child.once("exit", r)), new Promise((r) => setTimeout(r, 5_000))]);
      }
      if (child.exitCode === null) child.kill("SIGKILL");
    },
  };
  try {
    await ready;
  } catch (error) {
    await host.close();
    throw error;
  }
  return host;
}
