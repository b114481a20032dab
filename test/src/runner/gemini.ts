// Gemini CLI, headless (-p, --approval-mode yolo: headless registers shell/edit tools only then;
// `plan` for plan mode, whose exit_plan_mode is approved automatically headless and switches to
// yolo), against the Gemini mock. Guardrails are installed with `hookrail install <g> --cli gemini`
// from the packed package (Gemini's own `extensions install`), others with `gemini extensions link`.
import fs from "node:fs";
import path from "node:path";
import { requireCli } from "../clis.ts";
import { MCP_SERVER, mcpServerCommand, usesMcp } from "../mcp.ts";
import { geminiCallId, geminiToolName, startGeminiMock } from "../mock/gemini.ts";
import { allSteps, collectText, planNameBefore, type Step } from "../scenario.ts";
import { hookrail, packedCarries } from "./hookrail-install.ts";
import { installManaged } from "./managed-install.ts";
import { runProcess } from "./process.ts";
import { assembleReport } from "./report.ts";
import { openSession, readSpy } from "./session.ts";
import type { RunOptions, RunReport } from "./types.ts";

interface FunctionResponsePart {
  functionResponse?: { id?: string; response?: unknown };
}

function resultText(body: unknown, id: string): string | null {
  const contents = (body as { contents?: { parts?: FunctionResponsePart[] }[] }).contents ?? [];
  for (const c of contents) {
    const part = (c.parts ?? []).find((p) => p.functionResponse?.id === id);
    if (part?.functionResponse) return collectText(part.functionResponse.response);
  }
  return null;
}

export async function runGemini(opts: RunOptions): Promise<RunReport> {
  const cli = requireCli("gemini");
  // The bin is a node script: run its bundle with this node (the CLI re-launches itself).
  const entry = fs.realpathSync(cli.bin);
  const s = await openSession("gemini", opts.prepare, opts.scenario.fakeCommands);
  try {
    const home = s.rd.home;
    fs.mkdirSync(path.join(home, ".gemini"), { recursive: true });
    const spy = {
      matcher: ".*",
      hooks: [{ name: "conformance-spy", type: "command", command: `node "${s.spyScript}" AfterTool`, timeout: 10000 }],
    };
    const settings = {
      security: { auth: { selectedType: "gemini-api-key" } },
      privacy: { usageStatisticsEnabled: false },
      telemetry: { enabled: false, logPrompts: false },
      general: { enableAutoUpdate: false, enableAutoUpdateNotification: false },
      ide: { enabled: false },
      hooks: { AfterTool: [spy] },
      ...(usesMcp(opts.scenario)
        ? { mcpServers: { [MCP_SERVER]: { ...mcpServerCommand(s.mcpRecord), trust: true } } }
        : {}),
    };
    fs.writeFileSync(path.join(home, ".gemini", "settings.json"), JSON.stringify(settings, null, 2));
    fs.writeFileSync(
      path.join(home, ".gemini", "trustedFolders.json"),
      JSON.stringify({ [s.rd.project]: "TRUST_FOLDER" }),
    );
    const mock = await startGeminiMock(opts.scenario, s.rd.project);
    s.defer(() => mock.close());
    Object.assign(s.env, {
      GEMINI_CLI_HOME: home,
      GEMINI_API_KEY: "dummy",
      GOOGLE_GEMINI_BASE_URL: mock.url,
      GEMINI_TELEMETRY_ENABLED: "false",
      GEMINI_CLI_SYSTEM_SETTINGS_PATH: path.join(s.rd.root, "no-system-settings.json"),
      GEMINI_CLI_SYSTEM_DEFAULTS_PATH: path.join(s.rd.root, "no-system-defaults.json"),
      NO_BROWSER: "true",
    });
    if (opts.managed) {
      // The system layer at its real path.
      delete s.env.GEMINI_CLI_SYSTEM_SETTINGS_PATH;
      await installManaged(s, "gemini", opts);
    }
    for (const src of opts.managed ? [] : opts.install) {
      if (packedCarries(src)) {
        await hookrail(s, "install", "gemini", src, cli.bin);
        if (opts.uninstallFirst) await hookrail(s, "uninstall", "gemini", src, cli.bin);
        continue;
      }
      const dir = path.join(s.rd.root, "extensions-src", src.guardrail);
      fs.cpSync(path.join(src.root, "plugins", src.guardrail, "gemini"), dir, { recursive: true });
      await s.run(process.execPath, [entry, "extensions", "link", dir, "--consent"], {
        label: `gemini extensions link ${dir} --consent`,
      });
    }
    await opts.afterInstall?.(s);
    const mode = opts.planMode ? "plan" : "yolo";
    const args = [entry, "-p", opts.scenario.prompt, "--output-format", "stream-json", "--approval-mode", mode];
    args.push(...(opts.managed?.args ?? []));
    const attemptsBeforeSession = s.guard.attempts.length;
    const r = await runProcess(process.execPath, args, {
      cwd: s.rd.project,
      env: s.env,
      timeoutMs: opts.timeoutMs ?? 120_000,
    });
    await mock.close();

    const spyLog = readSpy(s.spyLog);
    const steps = allSteps(opts.scenario);
    return assembleReport({
      cli,
      session: s,
      mock,
      result: r,
      scenario: opts.scenario,
      attemptsBeforeSession,
      view: {
        tool: (i) => geminiToolName(steps[i] ?? { kind: "shell", command: "" }),
        id: geminiCallId,
        resultIn: (body, i) => resultText(body, geminiCallId(i)),
        fallback: (i) => {
          // AfterTool fires iff the tool ran; the payload has no call id: match by input, in order.
          const same = (j: number) => sameCall(steps, i, j);
          const earlier = steps.slice(0, i).filter((_, j) => same(j)).length;
          const fired = spyLog.filter((e) => spyMatches(steps, i, e.stdin)).length;
          return fired > earlier
            ? { executed: true, evidence: "spy: AfterTool fired" }
            : { executed: false, evidence: "spy: no AfterTool" };
        },
      },
    });
  } finally {
    await s.close();
  }
}

/** What identifies step i's call in an AfterTool payload: the command, the plan file, or the tool. */
function callKey(steps: readonly Step[], i: number): string {
  const step = steps[i];
  if (!step) return "";
  if (step.kind === "shell") return `shell ${step.command}`;
  if (step.kind === "plan-write") return `plan-write ${step.name}`;
  if (step.kind === "plan-exit") return `plan-exit ${planNameBefore(steps, i) ?? ""}`;
  return `${step.kind} ${i}`;
}

const sameCall = (steps: readonly Step[], i: number, j: number): boolean => callKey(steps, i) === callKey(steps, j);

function spyMatches(steps: readonly Step[], i: number, stdin: Record<string, unknown>): boolean {
  const step = steps[i];
  const input = (stdin.tool_input ?? {}) as { command?: string; file_path?: string; plan_filename?: string };
  if (!step || stdin.tool_name !== geminiToolName(step)) return false;
  if (step.kind === "shell") return input.command === step.command;
  if (step.kind === "plan-write") return (input.file_path ?? "").endsWith(`/${step.name}`);
  if (step.kind === "plan-exit") return input.plan_filename === planNameBefore(steps, i);
  return false;
}
