// Factory Droid, headless (`droid exec --skip-permissions-unsafe -m custom:Mock-0 -o stream-json`), offline: a
// bring-your-own-model entry (`customModels` in ~/.factory/settings.json) at the chat-completions mock, with
// airgap on (FACTORY_AIRGAP_ENABLED) and a placeholder FACTORY_API_KEY, which Droid never checks offline and
// hands to every hook. Guardrails are installed with the packed `hookrail install <g> --cli droid`, the
// throwaway one by copying its folder and hooks.json the same way. Spec mode (`--use-spec`) offers ExitSpecMode.
import fs from "node:fs";
import path from "node:path";
import { requireCli } from "../clis.ts";
import { MCP_SERVER, mcpServerCommand, usesMcp } from "../mcp.ts";
import { type ChatCalls, copilotCallId, copilotResultText, startOpenAIChatMock } from "../mock/openai-chat.ts";
import { allSteps, type Scenario, type Step } from "../scenario.ts";
import type { CliCallView } from "./calls.ts";
import { hookrail, packedCarries } from "./hookrail-install.ts";
import { installManaged } from "./managed-install.ts";
import { runProcess } from "./process.ts";
import { assembleReport } from "./report.ts";
import { openSession, type Session } from "./session.ts";
import { type GuardrailSource, type RunOptions, type RunReport, SetupError } from "./types.ts";

/** A placeholder key: Droid runs offline without checking it, and passes it to every hook's environment. */
export const DROID_API_KEY = "fk-hookrail-placeholder-key";

const TOOL_NAMES: Partial<Record<Step["kind"], string>> = {
  shell: "Execute",
  write: "Create",
  "plan-exit": "ExitSpecMode",
};
const droidToolName = (step: Step) => TOOL_NAMES[step.kind] ?? `(not droid: ${step.kind})`;

/** A step as Droid's model calls it: Execute wants a short sentence-cased summary; file tools absolute paths. */
export const droidCall: ChatCalls = (step, project) => {
  switch (step.kind) {
    case "shell":
      return { name: "Execute", arguments: { summary: "Run the scripted shell command", command: step.command } };
    case "write":
      return { name: "Create", arguments: { file_path: path.join(project, step.path), content: step.content } };
    case "plan-exit":
      if (step.plan === undefined) throw new Error("a Droid plan-exit carries its plan");
      return { name: "ExitSpecMode", arguments: { title: "Implementation plan", plan: step.plan } };
    default:
      throw new Error(`${step.kind} is not a Droid step`);
  }
};

function writeSettings(s: Session, mockUrl: string): void {
  const model = {
    model: "mock-model",
    displayName: "Mock",
    baseUrl: `${mockUrl}/v1`,
    apiKey: "sk-hookrail-mock",
    provider: "generic-chat-completion-api",
    maxOutputTokens: 4096,
  };
  fs.mkdirSync(path.join(s.rd.home, ".factory"), { recursive: true });
  fs.writeFileSync(
    path.join(s.rd.home, ".factory", "settings.json"),
    `${JSON.stringify({ customModels: [model] }, null, 2)}\n`,
  );
}

/** The throwaway guardrail (which the packed command does not know): its folder and hooks.json, by hand. */
function copyInstall(s: Session, src: GuardrailSource): void {
  const from = path.join(src.root, "plugins", src.guardrail, "droid");
  const factory = path.join(s.rd.home, ".factory");
  fs.cpSync(from, path.join(factory, "hookrail", src.guardrail), { recursive: true });
  fs.copyFileSync(path.join(from, "hooks.json"), path.join(factory, "hooks.json"));
  s.setup.push({ cmd: `copy plugins/${src.guardrail}/droid to ~/.factory`, exitCode: 0, output: "" });
}

export async function runDroid(opts: RunOptions): Promise<RunReport> {
  const cli = requireCli("droid");
  const s = await openSession("droid", opts.prepare, opts.scenario.fakeCommands);
  try {
    const mock = await startOpenAIChatMock(opts.scenario, s.rd.project, droidCall);
    s.defer(() => mock.close());
    writeSettings(s, mock.url);
    if (usesMcp(opts.scenario)) {
      const server = { type: "stdio", ...mcpServerCommand(s.mcpRecord) };
      const file = path.join(s.rd.home, ".factory", "mcp.json");
      fs.writeFileSync(file, `${JSON.stringify({ mcpServers: { [MCP_SERVER]: server } }, null, 2)}\n`);
    }
    Object.assign(s.env, {
      FACTORY_API_KEY: DROID_API_KEY,
      FACTORY_AIRGAP_ENABLED: "true",
      FACTORY_DROID_AUTO_UPDATE_ENABLED: "false",
      FACTORY_DISABLE_KEYRING: "1",
    });
    try {
      if (opts.managed) await installManaged(s, "droid", opts);
      for (const src of opts.managed ? [] : opts.install) {
        if (!packedCarries(src)) {
          copyInstall(s, src);
          continue;
        }
        await hookrail(s, "install", "droid", src, cli.bin);
        if (opts.uninstallFirst) await hookrail(s, "uninstall", "droid", src, cli.bin);
      }
      await opts.afterInstall?.(s);
    } catch (e) {
      throw e instanceof SetupError ? e : new SetupError((e as Error).message, s.setup);
    }
    const attemptsBeforeSession = s.guard.attempts.length;
    const args = [
      "exec",
      "--skip-permissions-unsafe",
      "-m",
      "custom:Mock-0",
      "-o",
      "stream-json",
      ...(opts.planMode ? ["--use-spec"] : []),
      ...(opts.managed?.args ?? []),
      opts.scenario.prompt,
    ];
    const r = await runProcess(cli.bin, args, { cwd: s.rd.project, env: s.env, timeoutMs: opts.timeoutMs ?? 120_000 });
    await mock.close();
    return assembleReport({
      cli,
      session: s,
      mock,
      result: r,
      scenario: opts.scenario,
      attemptsBeforeSession,
      view: droidView(opts.scenario),
    });
  } finally {
    await s.close();
  }
}

/** How a Droid report reads calls: tool messages by call id; Execute's result ends with its exit code. */
export function droidView(scenario: Scenario): CliCallView {
  return {
    tool: (i) => droidToolName(allSteps(scenario)[i] ?? { kind: "shell", command: "" }),
    id: copilotCallId,
    resultIn: (body, i) => copilotResultText(body, copilotCallId(i)),
    fallback: (_i, feedback) => {
      if (feedback === null) return { executed: null, evidence: "no tool result" };
      if (/\[Process exited with code \d+\]\s*$/.test(feedback)) return { executed: true, evidence: "result: exited" };
      if (/^Error: /.test(feedback)) return { executed: false, evidence: "result: an error before it ran" };
      return { executed: null, evidence: "result: inconclusive" };
    },
  };
}
