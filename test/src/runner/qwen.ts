// Qwen Code, headless (`qwen -p … --approval-mode yolo --output-format json`: its shell and file tools exist in
// -p only in yolo), offline against the chat-completions mock (OPENAI_BASE_URL). Guardrails are installed with
// the packed `hookrail install <g> --cli qwen` (Qwen's own `qwen extensions install <folder> --consent`), the
// throwaway one, and in the rows "claude plugin" the guardrail's Claude Code plugin, with that same command. Plan mode's exit_plan_mode exists only in the terminal UI
// (`qwen --approval-mode plan -i <prompt>`), driven under tmux like Claude's.
import fs from "node:fs";
import path from "node:path";
import { type CliInfo, requireCli } from "../clis.ts";
import { MCP_SERVER, mcpServerCommand, usesMcp } from "../mcp.ts";
import { type ChatCalls, copilotCallId, copilotResultText, startOpenAIChatMock } from "../mock/openai-chat.ts";
import { watchProcessGroup } from "../net-watch.ts";
import { allSteps, type Scenario, type Step } from "../scenario.ts";
import type { CliCallView } from "./calls.ts";
import { hookrail, packedCarries } from "./hookrail-install.ts";
import { installManaged } from "./managed-install.ts";
import { type ProcessResult, runProcess } from "./process.ts";
import { assembleReport } from "./report.ts";
import { openSession, type Session } from "./session.ts";
import { startPane, TMUX_MISSING, tmuxAvailable } from "./tmux.ts";
import { driveTui, exitTui, tuiResult } from "./tui.ts";
import { type RunOptions, type RunReport, SetupError } from "./types.ts";

const TOOL_NAMES: Partial<Record<Step["kind"], string>> = {
  shell: "run_shell_command",
  write: "write_file",
  "plan-exit": "exit_plan_mode",
};
const qwenToolName = (step: Step) => TOOL_NAMES[step.kind] ?? `(not qwen: ${step.kind})`;

/** A step as Qwen's model calls it: file tools take absolute paths; exit_plan_mode carries the plan. */
export const qwenCall: ChatCalls = (step, project) => {
  switch (step.kind) {
    case "shell":
      return { name: "run_shell_command", arguments: { command: step.command, description: `Run ${step.command}` } };
    case "write":
      return { name: "write_file", arguments: { file_path: path.join(project, step.path), content: step.content } };
    case "plan-exit":
      if (step.plan === undefined) throw new Error("a Qwen plan-exit carries its plan");
      return { name: "exit_plan_mode", arguments: { plan: step.plan } };
    default:
      throw new Error(`${step.kind} is not a Qwen step`);
  }
};

function qwenEnv(s: Session, mockUrl: string): Record<string, string> {
  return {
    OPENAI_API_KEY: "sk-hookrail-mock",
    OPENAI_BASE_URL: `${mockUrl}/v1`,
    OPENAI_MODEL: "mock-model",
    QWEN_CODE_SUPPRESS_YOLO_WARNING: "1",
    // Also where its settings are not read (--bare): else Qwen reports usage to its RUM endpoint.
    QWEN_USAGE_STATISTICS_ENABLED: "false",
    QWEN_TELEMETRY_ENABLED: "false",
    // Files that do not exist: this machine's /etc/qwen-code is never read (managed runs lay their own over it).
    QWEN_CODE_SYSTEM_SETTINGS_PATH: path.join(s.rd.root, "no-qwen-system-settings.json"),
    QWEN_CODE_SYSTEM_DEFAULTS_PATH: path.join(s.rd.root, "no-qwen-system-defaults.json"),
  };
}

function writeSettings(s: Session, mcp: boolean): void {
  const settings = {
    ...(mcp ? { mcpServers: { [MCP_SERVER]: { ...mcpServerCommand(s.mcpRecord), trust: true } } } : {}),
    security: { auth: { selectedType: "openai" } },
    model: { name: "mock-model" },
    privacy: { usageStatisticsEnabled: false },
    telemetry: { enabled: false },
    general: { enableAutoUpdate: false },
  };
  fs.mkdirSync(path.join(s.rd.home, ".qwen"), { recursive: true });
  fs.writeFileSync(path.join(s.rd.home, ".qwen", "settings.json"), `${JSON.stringify(settings, null, 2)}\n`);
}

export async function runQwen(opts: RunOptions): Promise<RunReport> {
  const cli = requireCli("qwen");
  const s = await openSession("qwen", opts.prepare, opts.scenario.fakeCommands);
  try {
    writeSettings(s, usesMcp(opts.scenario));
    const mock = await startOpenAIChatMock(opts.scenario, s.rd.project, qwenCall);
    s.defer(() => mock.close());
    Object.assign(s.env, qwenEnv(s, mock.url));
    try {
      if (opts.managed) {
        delete s.env.QWEN_CODE_SYSTEM_SETTINGS_PATH;
        await installManaged(s, "qwen", opts);
      }
      for (const src of opts.managed ? [] : opts.install) {
        if (opts.packaging === "claude-plugin") {
          // Qwen converts a Claude Code plugin folder into an extension.
          const dir = path.join(s.rd.root, "claude-plugins", src.guardrail);
          fs.cpSync(path.join(src.root, "plugins", src.guardrail, "claude"), dir, { recursive: true });
          await s.run(cli.bin, ["extensions", "install", dir, "--consent"]);
          continue;
        }
        if (packedCarries(src)) {
          await hookrail(s, "install", "qwen", src, cli.bin);
          if (opts.uninstallFirst) await hookrail(s, "uninstall", "qwen", src, cli.bin);
          continue;
        }
        const dir = path.join(s.rd.root, "extensions-src", src.guardrail);
        fs.cpSync(path.join(src.root, "plugins", src.guardrail, "qwen"), dir, { recursive: true });
        await s.run(cli.bin, ["extensions", "install", dir, "--consent"]);
      }
      await opts.afterInstall?.(s);
    } catch (e) {
      throw e instanceof SetupError ? e : new SetupError((e as Error).message, s.setup);
    }
    const attemptsBeforeSession = s.guard.attempts.length;
    const finalTurn = allSteps(opts.scenario).length;
    const r = opts.planMode
      ? await runPlanModeTui(s, cli, opts, () => mock.requests.some((q) => q.kind === "main" && q.turn === finalTurn))
      : await runProcess(
          cli.bin,
          [
            "-p",
            opts.scenario.prompt,
            "--approval-mode",
            "yolo",
            "--output-format",
            "json",
            ...(opts.managed?.args ?? []),
          ],
          { cwd: s.rd.project, env: s.env, timeoutMs: opts.timeoutMs ?? 120_000 },
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
      view: qwenView(opts.scenario),
    });
  } finally {
    await s.close();
  }
}

/** The terminal UI in plan mode with the prompt sent at start; the row's answers answer the plan dialog. */
async function runPlanModeTui(s: Session, cli: CliInfo, opts: RunOptions, done: () => boolean): Promise<ProcessResult> {
  if (!(await tmuxAvailable())) throw new Error(TMUX_MISSING);
  const startedAt = Date.now();
  const pane = await startPane({
    dir: path.join(s.rd.root, "tmux"),
    cwd: s.rd.project,
    env: { ...s.env, TERM: "xterm-256color" },
    command: [cli.bin, "--approval-mode", "plan", "-i", opts.scenario.prompt],
  });
  s.defer(() => pane.close());
  const watch = watchProcessGroup(pane.pid);
  const tui = await driveTui({
    pane,
    answers: opts.planMode?.answers ?? [],
    done,
    deadline: startedAt + (opts.timeoutMs ?? 120_000),
    startedAt,
    log: path.join(s.rd.logs, "screens.txt"),
  });
  const exitCode = await exitTui(pane, "/quit");
  return tuiResult(tui, exitCode, startedAt, watch.stop());
}

/** How a Qwen report reads calls: tool messages by call id; a shell result names its exit code. */
export function qwenView(scenario: Scenario): CliCallView {
  return {
    tool: (i) => qwenToolName(allSteps(scenario)[i] ?? { kind: "shell", command: "" }),
    id: copilotCallId,
    resultIn: (body, i) => copilotResultText(body, copilotCallId(i)),
    fallback: (_i, feedback) => {
      if (feedback === null) return { executed: null, evidence: "no tool result" };
      if (/^Command: [\s\S]*\nExit Code: /m.test(feedback)) return { executed: true, evidence: "result: shell ran" };
      return { executed: null, evidence: "result: inconclusive" };
    },
  };
}
