// Codex CLI (`codex exec`) against the Responses mock, through a custom model provider in the
// throwaway CODEX_HOME/config.toml. Sandbox and approvals are bypassed so commands really run.
import fs from "node:fs";
import path from "node:path";
import type { ListedHook } from "@hookrail/codex/install";
import { requireCli } from "../clis.ts";
import { MCP_SERVER, mcpServerCommand, usesMcp } from "../mcp.ts";
import type { MockServer } from "../mock/http.ts";
import { codexCallId, codexToolName, startOpenAIMock } from "../mock/openai.ts";
import { allSteps, collectText, type Scenario } from "../scenario.ts";
import type { CliCallView } from "./calls.ts";
import { installForCodex } from "./codex-install.ts";
import { installManaged } from "./managed-install.ts";
import { runProcess } from "./process.ts";
import { assembleReport } from "./report.ts";
import { openSession, type Session } from "./session.ts";
import { type RunOptions, type RunReport, SetupError } from "./types.ts";

const OUTPUT_TYPES = new Set(["function_call_output", "custom_tool_call_output"]);

function resultText(body: unknown, id: string): string | null {
  const input = (body as { input?: { type?: string; call_id?: string; output?: unknown }[] }).input ?? [];
  const item = input.find((x) => OUTPUT_TYPES.has(x.type ?? "") && x.call_id === id);
  return item ? collectText(item.output) : null;
}

function configToml(mockUrl: string, project: string): string {
  return [
    'model = "gpt-5.5"',
    'model_provider = "hookrail_mock"',
    "check_for_update_on_startup = false",
    "",
    "[analytics]",
    "enabled = false",
    "",
    // Each of these otherwise reaches github.com / api.github.com / chatgpt.com at startup.
    "[features]",
    "plugins = false",
    "apps = false",
    "remote_plugin = false",
    "plugin_sharing = false",
    "tool_suggest = false",
    "in_app_updates = false",
    "api_key_model_discovery = false",
    "",
    "[model_providers.hookrail_mock]",
    'name = "hookrail mock"',
    `base_url = "${mockUrl}/v1"`,
    'wire_api = "responses"',
    'env_key = "HOOKRAIL_MOCK_API_KEY"',
    "request_max_retries = 0",
    "stream_max_retries = 0",
    "supports_websockets = false",
    "",
    `[projects.${JSON.stringify(project)}]`,
    'trust_level = "trusted"',
    "",
  ].join("\n");
}

/** The run's MCP server as a config.toml table. */
function mcpToml(record: string): string {
  const { command, args } = mcpServerCommand(record);
  return `\n[mcp_servers.${MCP_SERVER}]\ncommand = ${JSON.stringify(command)}\nargs = ${JSON.stringify(args)}\n`;
}

export async function runCodex(opts: RunOptions): Promise<RunReport> {
  const cli = requireCli("codex");
  const s = await openSession("codex", opts.prepare, opts.scenario.fakeCommands);
  try {
    const { mock, hooks } = await prepareCodex(s, cli.bin, opts);

    const last = path.join(s.rd.logs, "last-message.txt");
    const args = [
      "exec",
      "--color",
      "never",
      "--dangerously-bypass-approvals-and-sandbox",
      "-o",
      last,
      ...(opts.managed?.args ?? []),
      opts.scenario.prompt,
    ];
    const attemptsBeforeSession = s.guard.attempts.length;
    const r = await runProcess(cli.bin, args, { cwd: s.rd.project, env: s.env, timeoutMs: opts.timeoutMs ?? 120_000 });
    await mock.close();
    const report = assembleReport({
      cli,
      session: s,
      mock,
      result: r,
      scenario: opts.scenario,
      attemptsBeforeSession,
      view: codexView(opts.scenario),
    });
    return { ...report, codexHooks: hooks };
  } finally {
    await s.close();
  }
}

/** How a Codex report reads calls: tool outputs by call id; what they say as evidence. */
export function codexView(scenario: Scenario): CliCallView {
  return {
    tool: (i) => codexToolName(allSteps(scenario)[i] ?? { kind: "shell", command: "" }),
    id: codexCallId,
    resultIn: (body, i) => resultText(body, codexCallId(i)),
    fallback: (_i, feedback) => {
      if (feedback === null) return { executed: null, evidence: "no tool output" };
      if (/^(Command|Tool call) blocked by PreToolUse hook/.test(feedback))
        return { executed: false, evidence: "output: blocked by hook" };
      if (/Process exited with code|^Exit code:/m.test(feedback))
        return { executed: true, evidence: "output: process exited" };
      return { executed: null, evidence: "output: inconclusive" };
    },
  };
}

/**
 * The Responses mock, a config.toml pointing at it, and the guardrails installed with `hookrail
 * install`; returns the mock and the hookrail hooks the binary lists (with their trust).
 */
export async function prepareCodex(
  s: Session,
  cliBin: string,
  opts: RunOptions,
): Promise<{ mock: MockServer; hooks: ListedHook[] }> {
  const mock = await startOpenAIMock(opts.scenario);
  s.defer(() => mock.close());
  Object.assign(s.env, { CODEX_HOME: s.rd.codexHome, HOOKRAIL_MOCK_API_KEY: "sk-hookrail-mock" });
  fs.writeFileSync(
    path.join(s.rd.codexHome, "config.toml"),
    configToml(mock.url, s.rd.project) + (usesMcp(opts.scenario) ? mcpToml(s.mcpRecord) : ""),
  );
  if (opts.managed) {
    await installManaged(s, "codex", opts);
    return { mock, hooks: [] };
  }
  let hooks: ListedHook[];
  try {
    hooks = await installForCodex(opts.install, cliBin, s.rd.project, s.env, s.setup, opts.uninstallFirst);
  } catch (e) {
    throw new SetupError((e as Error).message, s.setup);
  }
  await opts.afterInstall?.(s);
  return { mock, hooks };
}
