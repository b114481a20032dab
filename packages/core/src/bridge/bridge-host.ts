// The plugin's side of a bridge (bridge.ts): it runs the guardrail's bundle as one worker process for the
// CLI's whole run, sends it each event, reads the answer, and decides what a failure means. The CLIs have no
// hook timeout and skip or survive a plugin's errors in ways of their own, so every failure is decided here:
// a missing or unreadable bundle, no node, a worker that crashes, exits or does not answer in time. A gate
// then blocks with the reason; an advisory guardrail says nothing (and logs to HOOKRAIL_DEBUG_LOG).
import { type ChildProcess, spawn } from "node:child_process";
import { accessSync, constants, statSync } from "node:fs";
import { isAbsolute, join } from "node:path";
import type { HookAnswer } from "../adapter/adapter.ts";
import { createDebugLog } from "../model/debug-log.ts";
import { BRIDGE_SERVE_FLAG, type BridgeAnswer, type BridgePayload, type BridgeSettings } from "./bridge.ts";

/** What the plugin does with an event. */
export type BridgeOutcome =
  | { type: "allow" }
  | { type: "block"; reason: string }
  | { type: "note"; context?: string; userMessage?: string };

export interface BridgeHost {
  /**
   * Sends one event to the worker (`cwd`: the session's folder, if not the one the host was made with); never
   * rejects: a failure is already decided by the guardrail's policy.
   */
  ask(hook: string, sessionId: string, data: unknown, cwd?: string): Promise<BridgeOutcome>;
  /** Starts the worker ahead of the first event, so that event does not wait for it. */
  warm(): void;
  /** Stops the worker (the CLI disposing of the plugin); a later event starts a fresh one. */
  close(): void;
}

export interface BridgeHostOptions {
  /** The plugin file's folder, where the bundle's path starts. */
  dir: string;
  /** The session's project folder, unless each event names its own. */
  cwd: string;
  env?: NodeJS.ProcessEnv;
}

type Result = { ok: true; answer: HookAnswer } | { ok: false; why: string };

/** `tool` is one the guardrail is called for at `hook`. */
export const wantsTool = (settings: BridgeSettings, hook: string, tool: unknown): boolean => {
  const bound = settings.hooks[hook];
  if (bound === true) return true;
  if (bound === undefined || typeof tool !== "string") return false;
  return Array.isArray(bound) ? bound.includes(tool) : !(bound as { except: readonly string[] }).except.includes(tool);
};

/** The node that runs hooks: HOOKRAIL_NODE, else this process's own when it is Node, else `node` from PATH. */
export function hookNode(env: NodeJS.ProcessEnv): string {
  if (env.HOOKRAIL_NODE) return env.HOOKRAIL_NODE;
  // OpenCode and Kilo run plugins in their own Bun binary: its execPath is the CLI, not a Node.
  return (process.versions as Record<string, string | undefined>).bun ? "node" : process.execPath;
}

export function bridgeHost(settings: BridgeSettings, options: BridgeHostOptions): BridgeHost {
  const env = options.env ?? process.env;
  const bundle = isAbsolute(settings.bundle) ? settings.bundle : join(options.dir, settings.bundle);
  const log = createDebugLog(env, `${settings.guardrail}/plugin`);
  let worker: Worker | undefined;
  const current = (): Worker | string => {
    if (worker && !worker.dead) return worker;
    const missing = unreadable(bundle);
    if (missing) return missing;
    worker = new Worker(hookNode(env), bundle, options.dir, env, settings.title);
    return worker;
  };
  return {
    warm() {
      current();
    },
    close() {
      worker?.stop();
      worker = undefined;
    },
    async ask(hook, sessionId, data, cwd = options.cwd) {
      const payload: BridgePayload = {
        hookrail_bridge: 1,
        hook_event_name: hook,
        session_id: sessionId,
        cwd,
        data,
      };
      const w = current();
      const result = typeof w === "string" ? { ok: false as const, why: w } : await w.ask(payload, settings.timeoutMs);
      const outcome = result.ok ? readAnswer(result.answer) : { failed: result.why };
      if (!("failed" in outcome)) return outcome;
      log("plugin failure", { hook, why: outcome.failed, failure: settings.failure });
      if (settings.failure === "open") return { type: "allow" };
      return { type: "block", reason: outcome.reason ?? blockReason(settings, outcome.failed) };
    },
  };
}

const blockReason = (settings: BridgeSettings, why: string) =>
  `${settings.guardrail}: blocked because its ${settings.title} plugin could not run the hook (${why}). Nothing ran; run npx hookrail doctor to see what to fix, then retry`;

/** Why the bundle cannot be started, or undefined when it is a readable file. */
function unreadable(bundle: string): string | undefined {
  try {
    if (!statSync(bundle).isFile()) return `its bundle ${bundle} is not a file`;
    accessSync(bundle, constants.R_OK);
    return undefined;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === "ENOENT" ? `its bundle ${bundle} is missing` : `its bundle ${bundle} cannot be read (${code})`;
  }
}

/** The outcome of a hook's answer; `failed` when the answer is not one a hook gives. */
function readAnswer(answer: HookAnswer): BridgeOutcome | { failed: string; reason?: string } {
  const stderr = answer.stderr.trim();
  // Exit 2 blocks in every CLI: the bundle's answer for an event it could not read, or its loader's when it could not start.
  if (answer.exitCode === 2)
    return stderr ? { type: "block", reason: stderr } : { failed: "it exited 2 without a reason" };
  if (answer.exitCode !== 0) return { failed: `it exited ${answer.exitCode}${stderr ? `: ${firstLine(stderr)}` : ""}` };
  if (!answer.stdout.trim()) return { type: "allow" };
  let parsed: BridgeAnswer;
  try {
    parsed = JSON.parse(answer.stdout) as BridgeAnswer;
  } catch {
    return { failed: "its answer was not JSON" };
  }
  if (parsed?.action === "block" && typeof parsed.reason === "string") return { type: "block", reason: parsed.reason };
  if (parsed?.action === "note") {
    const context = typeof parsed.context === "string" ? parsed.context : undefined;
    const userMessage = typeof parsed.userMessage === "string" ? parsed.userMessage : undefined;
    return { type: "note", ...(context !== undefined ? { context } : {}), ...(userMessage ? { userMessage } : {}) };
  }
  return { failed: "its answer was not one the plugin knows" };
}

/** The line of a process's stderr that says what went wrong: Node's error line, else the first. */
const firstLine = (text: string) => {
  const lines = text.split("\n").map((l) => l.trim());
  return (lines.find((l) => /^[\w.]*Error\b/.test(l)) ?? lines[0] ?? "").slice(0, 300);
};

/** The bundle running as a worker: requests by id, answered in any order; dead once it exits. */
class Worker {
  dead = false;
  #why = "its hook process has ended";
  #child: ChildProcess | undefined;
  #pending = new Map<number, (result: Result) => void>();
  #seq = 0;
  #stdout = "";
  #stderr = "";

  constructor(node: string, bundle: string, dir: string, env: NodeJS.ProcessEnv, title: string) {
    const notFound = `${node === "node" ? "node was not found on PATH" : `${node} could not be started`} (${title} runs plugins in its own runtime; hookrail's hooks need Node.js >= 18: put it on PATH or set HOOKRAIL_NODE)`;
    try {
      this.#child = spawn(node, [bundle, BRIDGE_SERVE_FLAG], {
        cwd: dir,
        env,
        stdio: ["pipe", "pipe", "pipe"],
        windowsHide: true,
      });
    } catch (error) {
      this.#end(
        (error as NodeJS.ErrnoException).code === "ENOENT" ? notFound : `node could not be started (${String(error)})`,
      );
      return;
    }
    const child = this.#child;
    child.on("error", (error: NodeJS.ErrnoException) =>
      this.#end(error.code === "ENOENT" ? notFound : `its hook process failed (${error.message})`),
    );
    child.on("exit", (code, signal) => {
      const tail = this.#stderr.trim();
      // A gate's bundle that cannot start prints its block on stderr and exits 2: that is the answer to give.
      if (code === 2 && tail) this.#end("", tail);
      else this.#end(`its hook process ended (${signal ?? `exit ${code}`})${tail ? `: ${firstLine(tail)}` : ""}`);
    });
    child.stdin?.on("error", () => {});
    child.stdout?.setEncoding("utf8");
    child.stdout?.on("data", (chunk: string) => this.#read(chunk));
    child.stderr?.setEncoding("utf8");
    child.stderr?.on("data", (chunk: string) => {
      this.#stderr = (this.#stderr + chunk).slice(-4096);
    });
    this.#hold(false);
  }

  /** Ends the worker: events still waiting fail as when it exits. */
  stop() {
    this.dead = true;
    try {
      this.#child?.stdin?.end();
      this.#child?.kill("SIGKILL");
    } catch {}
  }

  ask(payload: BridgePayload, timeoutMs: number): Promise<Result> {
    if (this.dead || !this.#child?.stdin) return Promise.resolve({ ok: false, why: this.#why });
    const id = ++this.#seq;
    return new Promise<Result>((resolve) => {
      const timer = setTimeout(() => {
        this.#pending.delete(id);
        resolve({
          ok: false,
          why: `it did not answer within ${timeoutMs >= 1000 ? `${Math.round(timeoutMs / 1000)} s` : `${timeoutMs} ms`}`,
        });
        // A worker that does not answer may never answer: the next event starts a fresh one.
        this.dead = true;
        this.#child?.kill("SIGKILL");
      }, timeoutMs);
      this.#pending.set(id, (result) => {
        clearTimeout(timer);
        this.#pending.delete(id);
        if (this.#pending.size === 0) this.#hold(false);
        resolve(result);
      });
      this.#hold(true);
      try {
        this.#child?.stdin?.write(`${JSON.stringify({ id, payload })}\n`);
      } catch (error) {
        this.#pending.get(id)?.({ ok: false, why: `the event could not be sent (${String(error)})` });
      }
    });
  }

  #read(chunk: string) {
    this.#stdout += chunk;
    let at = this.#stdout.indexOf("\n");
    while (at >= 0) {
      const line = this.#stdout.slice(0, at);
      this.#stdout = this.#stdout.slice(at + 1);
      try {
        const response = JSON.parse(line) as { id?: unknown; answer?: HookAnswer };
        const answer = response.answer;
        if (typeof response.id === "number" && answer && typeof answer.exitCode === "number")
          this.#pending.get(response.id)?.({
            ok: true,
            answer: {
              exitCode: answer.exitCode,
              stdout: String(answer.stdout ?? ""),
              stderr: String(answer.stderr ?? ""),
            },
          });
      } catch {}
      at = this.#stdout.indexOf("\n");
    }
  }

  /** Every waiting event fails with `why` (or, for a gate's start failure, is blocked with `reason`). */
  #end(why: string, reason?: string) {
    this.dead = true;
    if (why) this.#why = why;
    for (const settle of [...this.#pending.values()])
      settle(reason ? { ok: true, answer: { exitCode: 2, stdout: "", stderr: reason } } : { ok: false, why });
  }

  /** Keeps the CLI's process alive while an answer is awaited, and never once the worker is idle. */
  #hold(on: boolean) {
    const child = this.#child as (ChildProcess & { ref?(): void; unref?(): void }) | undefined;
    for (const handle of [child, child?.stdin, child?.stdout, child?.stderr] as { ref?(): void; unref?(): void }[]) {
      try {
        if (on) handle?.ref?.();
        else handle?.unref?.();
      } catch {}
    }
  }
}
