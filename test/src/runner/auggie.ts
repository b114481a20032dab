// Auggie, headless (`auggie -p <prompt>`), offline: its session (AUGMENT_SESSION_AUTH) names the Augment API mock
// as its tenant, which turns hooks on for the account (`enable_hooks`) and plays the scenario. Guardrails are
// installed with the packed `hookrail install <g> --cli auggie`; the throwaway one by copying its folder and
// merging its hooks into ~/.augment/settings.json the same way. MCP servers come with --mcp-config.
import fs from "node:fs";
import path from "node:path";
import { requireCli } from "../clis.ts";
import { MCP_SERVER, mcpServerCommand, usesMcp } from "../mcp.ts";
import { auggieCall, auggieCallId, auggieResultText, startAugmentMock } from "../mock/augment.ts";
import { allSteps, type Scenario } from "../scenario.ts";
import type { CliCallView } from "./calls.ts";
import { hookrail, packedCarries } from "./hookrail-install.ts";
import { runProcess } from "./process.ts";
import { assembleReport } from "./report.ts";
import { openSession, type Session } from "./session.ts";
import { type GuardrailSource, type RunOptions, type RunReport, SetupError } from "./types.ts";

/** The throwaway guardrail (which the packed command does not know): its folder and hooks, by hand. */
function copyInstall(s: Session, src: GuardrailSource): void {
  const from = path.join(src.root, "plugins", src.guardrail, "auggie");
  const augment = path.join(s.rd.home, ".augment");
  fs.cpSync(from, path.join(augment, "hookrail", src.guardrail), { recursive: true });
  fs.copyFileSync(path.join(from, "hooks.json"), path.join(augment, "settings.json"));
  s.setup.push({ cmd: `copy plugins/${src.guardrail}/auggie to ~/.augment`, exitCode: 0, output: "" });
}

export async function runAuggie(opts: RunOptions): Promise<RunReport> {
  const cli = requireCli("auggie");
  const s = await openSession("auggie", opts.prepare, opts.scenario.fakeCommands);
  try {
    const mock = await startAugmentMock(opts.scenario);
    s.defer(() => mock.close());
    Object.assign(s.env, {
      AUGMENT_SESSION_AUTH: JSON.stringify({ accessToken: "hookrail-mock", tenantURL: `${mock.url}/`, scopes: [] }),
      AUGMENT_DISABLE_AUTO_UPDATE: "1",
    });
    try {
      for (const src of opts.install) {
        if (!packedCarries(src)) {
          copyInstall(s, src);
          continue;
        }
        await hookrail(s, "install", "auggie", src, cli.bin);
        if (opts.uninstallFirst) await hookrail(s, "uninstall", "auggie", src, cli.bin);
      }
      await opts.afterInstall?.(s);
    } catch (e) {
      throw e instanceof SetupError ? e : new SetupError((e as Error).message, s.setup);
    }
    const attemptsBeforeSession = s.guard.attempts.length;
    const mcp = usesMcp(opts.scenario)
      ? ["--mcp-config", JSON.stringify({ mcpServers: { [MCP_SERVER]: mcpServerCommand(s.mcpRecord) } })]
      : [];
    const args = ["-p", opts.scenario.prompt, ...mcp, ...(opts.managed?.args ?? [])];
    const r = await runProcess(cli.bin, args, { cwd: s.rd.project, env: s.env, timeoutMs: opts.timeoutMs ?? 120_000 });
    await mock.close();
    return assembleReport({
      cli,
      session: s,
      mock,
      result: r,
      scenario: opts.scenario,
      attemptsBeforeSession,
      view: auggieView(opts.scenario),
    });
  } finally {
    await s.close();
  }
}

/** How an Auggie report reads calls: tool results by call id; launch-process's result names its return code. */
export function auggieView(scenario: Scenario): CliCallView {
  return {
    tool: (i) => {
      const step = allSteps(scenario)[i];
      return step ? auggieCall(step).name : "(no step)";
    },
    id: auggieCallId,
    resultIn: (body, i) => auggieResultText(body, auggieCallId(i)),
    fallback: (_i, feedback) => {
      if (feedback === null) return { executed: null, evidence: "no tool result" };
      if (/^Here are the results from executing the command\.\n<return-code>/.test(feedback))
        return { executed: true, evidence: "result: shell ran" };
      if (/hook returned blocking error$/.test(feedback))
        return { executed: false, evidence: "result: blocked by a hook" };
      return { executed: null, evidence: "result: inconclusive" };
    },
  };
}
