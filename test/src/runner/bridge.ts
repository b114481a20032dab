// The bridge CLIs, whose hooks are plugins loaded into the CLI: OpenCode (`opencode run`) and Kilo Code CLI
// (`kilo run`, the same plugin API) and Pi (`pi -p`), headless and offline against the chat-completions mock,
// the mock as each one's only provider. Guardrails are installed with the packed `hookrail install <g> --cli
// <cli>` (a plugin in the CLI's user plugins folder). OpenCode and Kilo npm-install their plugin SDK at every
// start: the registry is the mock, which answers 404 at once (offline it would wait about a minute).
import fs from "node:fs";
import path from "node:path";
import { requireCli } from "../clis.ts";
import { copilotResultText, startOpenAIChatMock } from "../mock/openai-chat.ts";
import { allSteps, type Scenario, type Step } from "../scenario.ts";
import { type BridgeCli, cliPath, command, PROFILES, type Profile, toolStatuses } from "./bridge-clis.ts";
import type { CliCallView } from "./calls.ts";
import { hookrail, packedCarries } from "./hookrail-install.ts";
import { runProcess } from "./process.ts";
import { assembleReport } from "./report.ts";
import { openSession, type Session } from "./session.ts";
import { type RunOptions, type RunReport, SetupError } from "./types.ts";

async function install(s: Session, name: BridgeCli, opts: RunOptions, profile: Profile): Promise<void> {
  for (const src of opts.install) {
    if (packedCarries(src)) {
      await hookrail(s, "install", name, src);
      if (opts.uninstallFirst) await hookrail(s, "uninstall", name, src);
      continue;
    }
    // A guardrail the packed command does not carry (the harness's throwaway one): the same copy, by hand.
    const from = path.join(src.root, "plugins", src.guardrail, name);
    const to = profile.pluginsDir(s);
    fs.mkdirSync(to, { recursive: true });
    for (const entry of fs.readdirSync(from).filter((e) => e.startsWith("hookrail-")))
      fs.cpSync(path.join(from, entry), path.join(to, entry), { recursive: true });
    s.setup.push({ cmd: `copy plugins/${src.guardrail}/${name}/hookrail-* to ${to}`, exitCode: 0, output: "" });
  }
}

export async function runBridge(name: BridgeCli, opts: RunOptions): Promise<RunReport> {
  const cli = requireCli(name);
  const profile = PROFILES[name];
  const s = await openSession(name, opts.prepare, opts.scenario.fakeCommands);
  try {
    const mock = await startOpenAIChatMock(opts.scenario, s.rd.project, profile.tools);
    s.defer(() => mock.close());
    profile.prepare(s, mock.url, opts.scenario);
    try {
      await install(s, name, opts, profile);
      await opts.afterInstall?.(s);
      await opts.bridge?.afterInstall?.(s);
    } catch (e) {
      throw e instanceof SetupError ? e : new SetupError((e as Error).message, s.setup);
    }
    const attemptsBeforeSession = s.guard.attempts.length;
    const [file, head] = command(cli);
    const env = { ...s.env, ...opts.bridge?.env?.(s) };
    const r = await runProcess(file, [...head, ...profile.args(opts.scenario, opts.bridge?.args ?? [])], {
      cwd: s.rd.project,
      env: { ...env, PATH: cliPath(cli, env.PATH ?? "", s.rd.bin) },
      timeoutMs: opts.timeoutMs ?? 180_000,
    });
    await mock.close();
    return assembleReport({
      cli,
      session: s,
      mock,
      result: r,
      scenario: opts.scenario,
      attemptsBeforeSession,
      view: view(opts.scenario, profile, toolStatuses(r.stdout)),
    });
  } finally {
    await s.close();
  }
}

/** How a bridge CLI's report reads calls: tool messages by call id; the CLI's own status of each call. */
function view(scenario: Scenario, profile: Profile, statuses: Map<string, "completed" | "error">): CliCallView {
  const steps = allSteps(scenario);
  return {
    tool: (i) => {
      const step: Step = steps[i] ?? { kind: "shell", command: "" };
      if (step.kind === "mcp") return `mcp:${step.tool}`;
      try {
        return profile.tools.call(step, "/", "").name;
      } catch {
        return step.kind;
      }
    },
    id: profile.tools.id,
    resultIn: (body, i) => copilotResultText(body, profile.tools.id(i)),
    fallback: (i, feedback) => {
      const status = statuses.get(profile.tools.id(i));
      if (status) return { executed: status === "completed", evidence: `the CLI's own status: ${status}` };
      return { executed: null, evidence: feedback === null ? "no tool result" : "result: inconclusive" };
    },
  };
}
