// Cline, headless (`cline "<prompt>" --json --auto-approve true`), offline against the chat-completions mock:
// `cline auth -p openai-compatible … -b <mock>/v1` writes the provider first. CLINE_SESSION_BACKEND_MODE=local
// keeps the session in the CLI's process, so no hub daemon is started; whatever still runs with the run's HOME
// afterwards is ended (cline-procs.ts). Guardrails are installed with the packed `hookrail install <g> --cli cline`,
// or, for a guardrail it does not carry, by copying its folder and dispatchers into ~/.cline/hooks as it would.
import fs from "node:fs";
import path from "node:path";
import { requireCli } from "../clis.ts";
import { MCP_SERVER, mcpServerCommand, usesMcp } from "../mcp.ts";
import { type ChatCalls, copilotCallId, copilotResultText, startOpenAIChatMock } from "../mock/openai-chat.ts";
import { allSteps, type Scenario, type Step } from "../scenario.ts";
import type { CliCallView } from "./calls.ts";
import { endProcessesWithHome } from "./cline-procs.ts";
import { hookrail, packedCarries } from "./hookrail-install.ts";
import { runProcess } from "./process.ts";
import { assembleReport } from "./report.ts";
import type { Session } from "./session.ts";
import { openSession } from "./session.ts";
import { type GuardrailSource, type RunOptions, type RunReport, SetupError } from "./types.ts";

const TOOL_NAMES: Partial<Record<Step["kind"], string>> = { shell: "run_commands", write: "editor" };
const clineToolName = (step: Step) =>
  step.kind === "mcp" ? `mcp:${step.tool}` : (TOOL_NAMES[step.kind] ?? `(not cline: ${step.kind})`);

/** A step as Cline's model calls it: run_commands takes a list; editor an absolute path (it creates a missing file). */
export const clineCall: ChatCalls = (step, project) => {
  switch (step.kind) {
    case "shell":
      return { name: "run_commands", arguments: { commands: [step.command] } };
    case "write":
      return { name: "editor", arguments: { path: path.join(project, step.path), new_text: step.content } };
    default:
      throw new Error(`${step.kind} is not a Cline step`);
  }
};

/** What `hookrail install` does, for a guardrail the packed command does not carry: folder, then dispatchers. */
function copyInstall(s: Session, src: GuardrailSource): void {
  const shipped = path.join(src.root, "plugins", src.guardrail, "cline");
  const hooks = path.join(s.rd.home, ".cline", "hooks");
  fs.cpSync(shipped, path.join(hooks, "hookrail", src.guardrail), { recursive: true });
  const settings = JSON.parse(fs.readFileSync(path.join(shipped, "cline.json"), "utf8")) as { events: object };
  for (const event of Object.keys(settings.events))
    fs.copyFileSync(path.join(shipped, "dispatch"), path.join(hooks, event));
}

export async function runCline(opts: RunOptions): Promise<RunReport> {
  const cli = requireCli("cline");
  const s = await openSession("cline", opts.prepare, opts.scenario.fakeCommands);
  // Ended last (deferred first): anything of this run still alive once the mock and the session have closed.
  s.defer(async () => {
    await endProcessesWithHome(s.rd.home);
  });
  try {
    const mock = await startOpenAIChatMock(opts.scenario, s.rd.project, clineCall);
    s.defer(() => mock.close());
    Object.assign(s.env, {
      CLINE_DIR: path.join(s.rd.home, ".cline"),
      CLINE_SESSION_BACKEND_MODE: "local",
      CLINE_NO_AUTO_UPDATE: "1",
    });
    // No telemetry (otel.cline.bot, data.cline.bot): the user's own switch in Cline's global settings.
    const settings = path.join(s.rd.home, ".cline", "data", "settings");
    fs.mkdirSync(settings, { recursive: true });
    fs.writeFileSync(path.join(settings, "global-settings.json"), '{ "telemetryOptOut": true }\n');
    // The run's MCP server, where Cline reads its servers (CLINE_MCP_SETTINGS_PATH moves it): offered to the model
    // as github__<tool>.
    if (usesMcp(opts.scenario)) {
      const servers = { mcpServers: { [MCP_SERVER]: mcpServerCommand(s.mcpRecord) } };
      fs.writeFileSync(path.join(settings, "cline_mcp_settings.json"), `${JSON.stringify(servers, null, 2)}\n`);
    }
    // Feature flags fetched just now, as Cline caches them: it asks data.cline.bot only for a stale cache.
    const cache = path.join(s.rd.home, ".cline", "data", "cache");
    fs.mkdirSync(cache, { recursive: true });
    const flags = {
      version: 2,
      updatedAt: Date.now(),
      userId: null,
      flagsPayload: { featureFlags: {}, featureFlagPayloads: {} },
    };
    fs.writeFileSync(path.join(cache, "feature-flags.json"), `${JSON.stringify(flags, null, 2)}\n`);
    try {
      await s.run(
        cli.bin,
        ["auth", "-p", "openai-compatible", "-k", "sk-mock", "-m", "mock-model", "-b", `${mock.url}/v1`],
        {
          cwd: s.rd.project,
        },
      );
      for (const src of opts.install) {
        if (packedCarries(src)) {
          await hookrail(s, "install", "cline", src, cli.bin);
          if (opts.uninstallFirst) await hookrail(s, "uninstall", "cline", src, cli.bin);
        } else copyInstall(s, src);
      }
      await opts.afterInstall?.(s);
    } catch (e) {
      throw e instanceof SetupError ? e : new SetupError((e as Error).message, s.setup);
    }
    const attemptsBeforeSession = s.guard.attempts.length;
    const r = await runProcess(cli.bin, [opts.scenario.prompt, "--json", "--auto-approve", "true"], {
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
      view: clineView(opts.scenario),
    });
  } finally {
    await s.close();
  }
}

/**
 * How a Cline report reads calls: tool messages by call id. run_commands answers with one `{query, result,
 * success}` per command; a refused command's replacement fails with "[Command exited with code 1]".
 */
export function clineView(scenario: Scenario): CliCallView {
  return {
    tool: (i) => clineToolName(allSteps(scenario)[i] ?? { kind: "shell", command: "" }),
    id: copilotCallId,
    // The tool message as sent (run_commands': JSON, one line), then each command's output as the model reads it.
    resultIn: (body, i) => {
      const raw = copilotResultText(body, copilotCallId(i));
      const outputs = raw === null ? undefined : commandResults(raw);
      return outputs ? [raw, ...outputs.map((r) => String(r.result ?? ""))].join("\n") : raw;
    },
    fallback: (_i, feedback) => {
      if (feedback === null) return { executed: null, evidence: "no tool result" };
      const results = commandResults(feedback);
      if (results?.length && results.every((r) => r.success === true))
        return { executed: true, evidence: "result: every command succeeded" };
      if (/\[Command exited with code 1\]/.test(feedback) && /blocked/.test(feedback))
        return { executed: false, evidence: "result: replaced by hookrail's refusal" };
      return { executed: null, evidence: "result: inconclusive" };
    },
  };
}

/** run_commands' result: one `{query, result, success}` per command, as JSON text; undefined for anything else. */
function commandResults(feedback: string): { success?: unknown; result?: unknown }[] | undefined {
  try {
    const parsed = JSON.parse(feedback.split("\n", 1)[0] ?? "") as unknown;
    return Array.isArray(parsed) ? (parsed as { success?: unknown; result?: unknown }[]) : undefined;
  } catch {
    return undefined;
  }
}
