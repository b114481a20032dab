// OpenClaw (2026.9.6), whose plugins run only in its Gateway: `openclaw agent --local` and `agent exec` load them for
// listing, not for hooks (measured). A run starts a Gateway on a free loopback port, with the chat-completions mock
// as its only model provider, waits for its "[gateway] ready" (it listens before its plugins have loaded), sends the
// scenario's prompt with `openclaw agent --session-id … -m … --json`, then stops the Gateway's process group.
// Guardrails are installed with the packed `hookrail install <g> --cli openclaw`, which enables the plugin in the
// openclaw.json written here. The Gateway's own background work is off: heartbeat turns, memory's dreaming (which
// writes into the workspace), the workspace's bootstrap files; its log file is in the run's folder.
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { execa } from "execa";
import { type CliInfo, requireCli } from "../clis.ts";
import { type ChatTools, copilotResultText, startOpenAIChatMock } from "../mock/openai-chat.ts";
import { allSteps, type Scenario, type Step } from "../scenario.ts";
import { cliPath, command } from "./bridge-clis.ts";
import type { CliCallView } from "./calls.ts";
import { hookrail, packedCarries } from "./hookrail-install.ts";
import { runProcess, tail } from "./process.ts";
import { assembleReport } from "./report.ts";
import { openSession, type Session } from "./session.ts";
import { type RunOptions, type RunReport, SetupError } from "./types.ts";

/** The model's call ids: OpenClaw drops `_` from them in what it sends back, so they have none. */
const callId = (turn: number) => `call${turn}x0`;

/** OpenClaw's tools: exec {command}; write {path, content}, relative to the workspace; any other tool by name. */
export const openclawTools: ChatTools = {
  id: callId,
  call(step) {
    if (step.kind === "shell") return { name: "exec", arguments: { command: step.command } };
    if (step.kind === "tool") return { name: step.name, arguments: step.args };
    if (step.kind === "write") return { name: "write", arguments: { path: step.path, content: step.content } };
    throw new Error(`${step.kind} is not an OpenClaw step`);
  },
};

/** OpenClaw's state folder in a run (its default, ~/.openclaw). */
export const openclawState = (s: Session): string => path.join(s.rd.home, ".openclaw");

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** openclaw.json: the mock as the one model, the Gateway on loopback with a token, the workspace the project. */
function writeConfig(s: Session, mockUrl: string, port: number): void {
  const config = {
    models: {
      mode: "replace",
      providers: {
        mock: {
          baseUrl: `${mockUrl}/v1`,
          apiKey: "sk-mock",
          api: "openai-completions",
          models: [
            {
              id: "mock-model",
              name: "Mock model",
              reasoning: false,
              input: ["text"],
              contextWindow: 128000,
              maxTokens: 4096,
            },
          ],
        },
      },
    },
    agents: {
      defaults: {
        model: { primary: "mock/mock-model" },
        workspace: s.rd.project,
        skipBootstrap: true,
        heartbeat: { every: "0m" },
      },
    },
    gateway: { mode: "local", port, bind: "loopback", auth: { mode: "token", token: "hookrail-conformance" } },
    plugins: { slots: { memory: "none" } },
    logging: { file: path.join(s.rd.logs, "openclaw.log") },
  };
  fs.mkdirSync(openclawState(s), { recursive: true });
  fs.writeFileSync(path.join(openclawState(s), "openclaw.json"), `${JSON.stringify(config, null, 2)}\n`);
}

async function install(s: Session, opts: RunOptions): Promise<void> {
  for (const src of opts.install) {
    if (!packedCarries(src))
      throw new SetupError(`${src.guardrail}: OpenClaw runs only guardrails the packed hookrail carries`, s.setup);
    await hookrail(s, "install", "openclaw", src);
    if (opts.uninstallFirst) await hookrail(s, "uninstall", "openclaw", src);
  }
}

/** Starts the Gateway in a process group of its own; resolves once it says it is ready (with what it printed). */
async function startGateway(cli: CliInfo, s: Session, env: Record<string, string>, port: number) {
  const [file, head] = command(cli);
  const child = execa(file, [...head, "gateway", "run", "--port", String(port), "--bind", "loopback"], {
    cwd: s.rd.project,
    env,
    extendEnv: false,
    detached: true,
    reject: false,
    stdin: "ignore",
    buffer: false,
  });
  let out = "";
  const stop = async () => {
    for (const signal of ["SIGTERM", "SIGKILL"] as const) {
      try {
        if (child.pid) process.kill(-child.pid, signal);
      } catch {
        return;
      }
      if (signal === "SIGTERM") await Promise.race([child, new Promise((r) => setTimeout(r, 5000))]);
    }
    await child;
  };
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the Gateway was not ready in 240 s:\n${tail(out)}`)), 240_000);
    const read = (chunk: Buffer) => {
      out += chunk.toString();
      if (/\[gateway\] ready/.test(out)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on("data", read);
    child.stderr?.on("data", read);
    void child.then(() => {
      clearTimeout(timer);
      reject(new Error(`the Gateway exited before it was ready:\n${tail(out)}`));
    });
  });
  try {
    await ready;
  } catch (error) {
    await stop();
    throw error;
  }
  return { stop, output: () => out };
}

export async function runOpenClaw(opts: RunOptions): Promise<RunReport> {
  const cli = requireCli("openclaw");
  const s = await openSession("openclaw", opts.prepare, opts.scenario.fakeCommands);
  try {
    const mock = await startOpenAIChatMock(opts.scenario, s.rd.project, openclawTools);
    s.defer(() => mock.close());
    const port = await freePort();
    writeConfig(s, mock.url, port);
    try {
      await install(s, opts);
      await opts.afterInstall?.(s);
      await opts.bridge?.afterInstall?.(s);
    } catch (e) {
      throw e instanceof SetupError ? e : new SetupError((e as Error).message, s.setup);
    }
    const env = { ...s.env, ...opts.bridge?.env?.(s) };
    // OPENCLAW_NO_AUTO_UPDATE: no update check (telemetry.openclaw.ai) as the Gateway starts.
    const runEnv = { ...env, OPENCLAW_NO_AUTO_UPDATE: "1", PATH: cliPath(cli, env.PATH ?? "", s.rd.bin) };
    const attemptsBeforeSession = s.guard.attempts.length;
    let gateway: Awaited<ReturnType<typeof startGateway>>;
    try {
      gateway = await startGateway(cli, s, runEnv, port);
    } catch (e) {
      throw new SetupError((e as Error).message, s.setup);
    }
    s.defer(() => gateway.stop());
    s.setup.push({
      cmd: `openclaw gateway run --port ${port} --bind loopback`,
      exitCode: 0,
      output: tail(gateway.output(), 2000),
    });
    const [file, head] = command(cli);
    const session = `hookrail-${path.basename(s.rd.root)}`;
    const r = await runProcess(
      file,
      [...head, "agent", "--session-id", session, "-m", opts.scenario.prompt, "--json"],
      {
        cwd: s.rd.project,
        env: runEnv,
        timeoutMs: opts.timeoutMs ?? 240_000,
      },
    );
    await gateway.stop();
    await mock.close();
    return assembleReport({
      cli,
      session: s,
      mock,
      result: r,
      scenario: opts.scenario,
      attemptsBeforeSession,
      view: view(opts.scenario),
    });
  } finally {
    await s.close();
  }
}

/** How OpenClaw's report reads calls: tool messages by call id, and what their text says. */
function view(scenario: Scenario): CliCallView {
  const steps = allSteps(scenario);
  return {
    tool: (i) => {
      const step: Step = steps[i] ?? { kind: "shell", command: "" };
      if (step.kind === "mcp") return `mcp:${step.tool}`;
      try {
        return openclawTools.call(step, "/", "").name;
      } catch {
        return step.kind;
      }
    },
    id: callId,
    resultIn: (body, i) => copilotResultText(body, callId(i)),
    // OpenClaw reports no call's status (`--json` counts calls and failures): a blocked call's result is the
    // plugin's reason itself (hookrail's begin "<guardrail>: blocked"); any other result is what the tool did.
    fallback: (_i, feedback) => {
      if (feedback === null) return { executed: null, evidence: "no tool result" };
      if (/^[\w-]+: blocked/.test(feedback)) return { executed: false, evidence: "result: a guardrail's block reason" };
      return { executed: true, evidence: "result: the tool's own output" };
    },
  };
}
