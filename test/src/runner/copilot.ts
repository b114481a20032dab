// Copilot CLI, headless (`copilot -p … --allow-all-tools`), offline against the chat-completions mock
// (its own-provider mode: COPILOT_OFFLINE, COPILOT_PROVIDER_BASE_URL). Guardrails are installed as a user
// does, one of two ways: `hookrail install <g> --cli copilot` (a hook file in ~/.copilot/hooks, the
// default), or the Claude marketplace (`copilot plugin marketplace add` + `copilot plugin install`).
// The ~235 MB package Copilot unpacks on first start is shared between runs (COPILOT_CACHE_HOME).
// Plan mode with its approval dialog exists only in the terminal UI (`--mode plan -i <prompt>`),
// driven under tmux like Claude's and Codex's.
import fs from "node:fs";
import path from "node:path";
import { type CliInfo, requireCli } from "../clis.ts";
import { MCP_SERVER, mcpServerCommand, usesMcp } from "../mcp.ts";
import { copilotCallId, copilotResultText, copilotToolName, startOpenAIChatMock } from "../mock/openai-chat.ts";
import { watchProcessGroup } from "../net-watch.ts";
import { allSteps, type Scenario } from "../scenario.ts";
import type { CliCallView } from "./calls.ts";
import { copyMarketplace } from "./claude.ts";
import { hookrail, packedCarries } from "./hookrail-install.ts";
import { installManaged } from "./managed-install.ts";
import { type ProcessResult, runProcess } from "./process.ts";
import { assembleReport } from "./report.ts";
import { openSession, type Session } from "./session.ts";
import { startPane, TMUX_MISSING, tmuxAvailable } from "./tmux.ts";
import { driveTui, exitTui, tuiResult } from "./tui.ts";
import { type GuardrailSource, type RunOptions, type RunReport, SetupError } from "./types.ts";

function copilotEnv(s: Session, cli: CliInfo, mockUrl: string): Record<string, string> {
  return {
    COPILOT_HOME: path.join(s.rd.home, ".copilot"),
    COPILOT_OFFLINE: "true",
    COPILOT_PROVIDER_BASE_URL: `${mockUrl}/v1`,
    COPILOT_PROVIDER_API_KEY: "hookrail-mock-key",
    COPILOT_MODEL: "gpt-4.1",
    COPILOT_AUTO_UPDATE: "false",
    ...(cli.cache ? { [cli.cache.env]: cli.cache.dir } : {}),
  };
}

/** `hookrail install <g> --cli copilot` with the packed command, as a user runs it (then `uninstall` if asked). */
async function hookFileInstall(s: Session, src: GuardrailSource, uninstallFirst = false): Promise<void> {
  if (packedCarries(src)) {
    await hookrail(s, "install", "copilot", src);
    if (uninstallFirst) await hookrail(s, "uninstall", "copilot", src);
    return;
  }
  // A guardrail the command does not know (the harness's throwaway one): the same copy, by hand.
  const from = path.join(src.root, "plugins", src.guardrail, "copilot");
  const to = path.join(s.env.COPILOT_HOME ?? "", "hooks");
  fs.mkdirSync(to, { recursive: true });
  for (const entry of fs.readdirSync(from).filter((e) => e.startsWith("hookrail-")))
    fs.cpSync(path.join(from, entry), path.join(to, entry), { recursive: true });
  s.setup.push({
    cmd: `copy plugins/${src.guardrail}/copilot/hookrail-* to ~/.copilot/hooks`,
    exitCode: 0,
    output: "",
  });
}

/** `copilot plugin marketplace add <copy of the repo's marketplace>` + `copilot plugin install <g>@hookrail`. */
async function pluginInstall(s: Session, bin: string, src: GuardrailSource, i: number): Promise<void> {
  const market = path.join(s.rd.root, `marketplace-${i}`);
  copyMarketplace(src, market);
  await s.run(bin, ["plugin", "marketplace", "add", market]);
  await s.run(bin, ["plugin", "install", `${src.guardrail}@hookrail`]);
}

/** The run's MCP server for this session (`--additional-mcp-config`), when the scenario calls one. */
function mcpArgs(s: Session, opts: RunOptions): string[] {
  if (!usesMcp(opts.scenario)) return [];
  const server = { type: "local", ...mcpServerCommand(s.mcpRecord), tools: ["*"] };
  return ["--additional-mcp-config", JSON.stringify({ mcpServers: { [MCP_SERVER]: server } })];
}

export async function runCopilot(opts: RunOptions): Promise<RunReport> {
  const cli = requireCli("copilot");
  const s = await openSession("copilot", opts.prepare, opts.scenario.fakeCommands);
  try {
    const mock = await startOpenAIChatMock(opts.scenario, s.rd.project);
    const finalTurn = allSteps(opts.scenario).length;
    s.defer(() => mock.close());
    Object.assign(s.env, copilotEnv(s, cli, mock.url));
    try {
      if (opts.managed) await installManaged(s, "copilot", opts);
      for (const [i, src] of (opts.managed ? [] : opts.install).entries()) {
        if (opts.packaging === "claude-plugin") await pluginInstall(s, cli.bin, src, i);
        else await hookFileInstall(s, src, opts.uninstallFirst);
      }
    } catch (e) {
      throw e instanceof SetupError ? e : new SetupError((e as Error).message, s.setup);
    }
    await opts.afterInstall?.(s);
    const attemptsBeforeSession = s.guard.attempts.length;
    const r = opts.planMode
      ? await runPlanModeTui(s, cli, opts, () => mock.requests.some((q) => q.kind === "main" && q.turn === finalTurn))
      : await runProcess(
          cli.bin,
          ["-p", opts.scenario.prompt, "--allow-all-tools", ...mcpArgs(s, opts), ...(opts.managed?.args ?? [])],
          {
            cwd: s.rd.project,
            env: s.env,
            timeoutMs: opts.timeoutMs ?? 120_000,
          },
        );
    await mock.close();
    return assembleReport({
      cli,
      session: s,
      mock,
      result: r,
      scenario: opts.scenario,
      attemptsBeforeSession,
      ...(opts.planMode ? { ui: "tui" as const } : {}),
      view: copilotView(opts.scenario),
    });
  } finally {
    await s.close();
  }
}

/** The terminal UI in plan mode, the prompt sent at start; it answers folder trust, then the row's answers. */
async function runPlanModeTui(s: Session, cli: CliInfo, opts: RunOptions, done: () => boolean): Promise<ProcessResult> {
  if (!(await tmuxAvailable())) throw new Error(TMUX_MISSING);
  const startedAt = Date.now();
  const pane = await startPane({
    dir: path.join(s.rd.root, "tmux"),
    cwd: s.rd.project,
    env: { ...s.env, TERM: "xterm-256color" },
    command: [cli.bin, "--mode", "plan", "--allow-all-tools", "-i", opts.scenario.prompt],
  });
  s.defer(() => pane.close());
  const watch = watchProcessGroup(pane.pid);
  const tui = await driveTui({
    pane,
    answers: [{ when: /Do you trust the files in this folder\?/, keys: ["1"] }, ...(opts.planMode?.answers ?? [])],
    done,
    deadline: startedAt + (opts.timeoutMs ?? 120_000),
    startedAt,
    log: path.join(s.rd.logs, "screens.txt"),
  });
  const exitCode = await exitTui(pane, "/exit");
  return tuiResult(tui, exitCode, startedAt, watch.stop());
}

/** How a Copilot report reads calls: tool messages by call id; what they say as evidence. */
export function copilotView(scenario: Scenario): CliCallView {
  return {
    tool: (i) => copilotToolName(allSteps(scenario)[i] ?? { kind: "shell", command: "" }),
    id: copilotCallId,
    resultIn: (body, i) => copilotResultText(body, copilotCallId(i)),
    fallback: (_i, feedback) => {
      if (feedback === null) return { executed: null, evidence: "no tool result" };
      if (/^Denied by preToolUse hook/.test(feedback)) return { executed: false, evidence: "result: denied by hook" };
      if (/<shellId: \d+ completed with exit code \d+>/.test(feedback))
        return { executed: true, evidence: "result: shell completed" };
      return { executed: null, evidence: "result: inconclusive" };
    },
  };
}
