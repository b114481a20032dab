// Claude Code, headless (-p), against the Anthropic mock; plan mode runs its terminal UI instead
// (claude-tui.ts). Guardrails are installed as a user does: `hookrail install <g> --cli claude` from
// the packed package, or `claude plugin marketplace add <copy of the clone>` + `claude plugin install`.
import fs from "node:fs";
import path from "node:path";
import { requireCli } from "../clis.ts";
import { MCP_SERVER, mcpServerCommand, usesMcp } from "../mcp.ts";
import { claudeToolId, claudeToolName, startAnthropicMock } from "../mock/anthropic.ts";
import { allSteps, collectText, type Scenario, type Step } from "../scenario.ts";
import type { CliCallView } from "./calls.ts";
import { hookrail, packedCarries } from "./hookrail-install.ts";
import { installManaged } from "./managed-install.ts";
import { runProcess } from "./process.ts";
import { assembleReport } from "./report.ts";
import { openSession, readSpy, type Session } from "./session.ts";
import type { GuardrailSource, RunOptions, RunReport } from "./types.ts";

interface ContentBlock {
  type?: string;
  tool_use_id?: string;
  content?: unknown;
}

/** A copy of `<root>/.claude-plugin` and every `<root>/plugins/<g>/claude`: the repo may change mid-run. */
export function copyMarketplace(src: GuardrailSource, dest: string): void {
  fs.cpSync(path.join(src.root, ".claude-plugin"), path.join(dest, ".claude-plugin"), { recursive: true });
  const plugins = path.join(src.root, "plugins");
  for (const g of fs.readdirSync(plugins)) {
    const dir = path.join(plugins, g, "claude");
    if (fs.existsSync(dir)) fs.cpSync(dir, path.join(dest, "plugins", g, "claude"), { recursive: true });
  }
}

function resultText(body: unknown, id: string): string | null {
  const messages = (body as { messages?: { content?: unknown }[] }).messages ?? [];
  for (const m of messages) {
    if (!Array.isArray(m.content)) continue;
    const block = (m.content as ContentBlock[]).find((b) => b.type === "tool_result" && b.tool_use_id === id);
    if (block) return collectText(block.content);
  }
  return null;
}

/** The environment every Claude run adds (no telemetry, updates or error reports; a dummy key). */
export function claudeEnv(s: Session): void {
  Object.assign(s.env, {
    ANTHROPIC_API_KEY: "dummy",
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
    DISABLE_TELEMETRY: "1",
    DISABLE_AUTOUPDATER: "1",
    DISABLE_ERROR_REPORTING: "1",
  });
}

/**
 * As a user does: `hookrail install <g> --cli claude` (the packed command, which runs Claude Code's own
 * installer), or, with `viaMarketplace` and for guardrails the packed command does not carry,
 * `claude plugin marketplace add <copy of the clone>` + `claude plugin install <g>@hookrail`.
 */
export async function installPlugins(
  s: Session,
  bin: string,
  srcs: readonly GuardrailSource[],
  opts: Pick<RunOptions, "viaMarketplace" | "uninstallFirst" | "managed"> = {},
): Promise<void> {
  if (opts.managed) return installManaged(s, "claude", { ...opts, install: srcs });
  for (const [i, src] of srcs.entries()) {
    if (packedCarries(src) && !opts.viaMarketplace) {
      await hookrail(s, "install", "claude", src, bin);
      if (opts.uninstallFirst) await hookrail(s, "uninstall", "claude", src, bin);
      continue;
    }
    const market = path.join(s.rd.root, `marketplace-${i}`);
    copyMarketplace(src, market);
    await s.run(bin, ["plugin", "marketplace", "add", market]);
    await s.run(bin, ["plugin", "install", `${src.guardrail}@hookrail`]);
  }
}

/** A --settings file with the spy hooks (post-tool events, and `events`) plus `extra` settings. */
export function spySettings(s: Session, events: string[], extra: Record<string, unknown> = {}): string {
  const spy = (event: string) => ({
    matcher: "*",
    // node by its path: a run may take node off the hooks' PATH.
    hooks: [{ type: "command", command: `"${process.execPath}" "${s.spyScript}" ${event}` }],
  });
  const hooks = Object.fromEntries(events.map((e) => [e, [spy(e)]]));
  const file = path.join(s.rd.root, "spy-settings.json");
  fs.writeFileSync(file, JSON.stringify({ ...extra, hooks }));
  return file;
}

/** A --mcp-config file naming the run's MCP server (stdio). */
function claudeMcpConfig(s: Session): string {
  const file = path.join(s.rd.root, "mcp-config.json");
  fs.writeFileSync(file, JSON.stringify({ mcpServers: { [MCP_SERVER]: mcpServerCommand(s.mcpRecord) } }));
  return file;
}

/** How a Claude report reads calls: tool_result blocks by id; the PostToolUse(Failure) spy as evidence. */
export function claudeView(scenario: Scenario, spyLog: ReturnType<typeof readSpy>): CliCallView {
  return {
    tool: (i) => claudeToolName(allSteps(scenario)[i] ?? { kind: "shell", command: "" }),
    id: claudeToolId,
    resultIn: (body, i) => resultText(body, claudeToolId(i)),
    fallback: (i) => {
      const hit = spyLog.find((e) => e.stdin.tool_use_id === claudeToolId(i) && e.event.startsWith("PostToolUse"));
      return hit
        ? { executed: true, evidence: `spy: ${hit.event} fired` }
        : { executed: false, evidence: "spy: no PostToolUse(Failure)" };
    },
  };
}

export async function runClaude(opts: RunOptions): Promise<RunReport> {
  const cli = requireCli("claude");
  const s = await openSession("claude", opts.prepare, opts.scenario.fakeCommands);
  try {
    claudeEnv(s);
    Object.assign(s.env, opts.scenario.env ?? {});
    // Before the plugin commands too: without a base URL they call api.anthropic.com (with retries).
    const mock = await startAnthropicMock(opts.scenario, s.rd.project);
    s.defer(() => mock.close());
    s.env.ANTHROPIC_BASE_URL = mock.url;
    await installPlugins(s, cli.bin, opts.install, opts);
    await opts.afterInstall?.(s);
    // An MCP run also records what PreToolUse hooks are handed for each MCP call (logs/spy.jsonl of a kept run).
    const pre = usesMcp(opts.scenario) ? ["PreToolUse"] : [];
    const settings = spySettings(s, ["PostToolUse", "PostToolUseFailure", ...pre]);

    // An MCP step is allowed by its server's rule (mcp__github): the tool's own name is Claude Code's to choose.
    const allowed = (step: Step) => (step.kind === "mcp" ? `mcp__${MCP_SERVER}` : claudeToolName(step));
    const tools = [...new Set(opts.scenario.steps.map(allowed))];
    const args = ["-p", opts.scenario.prompt, "--output-format", "stream-json", "--verbose", "--include-hook-events"];
    // A managed row's permission mode is the user's to choose (settings or flags): no default forced.
    if (!opts.managed) args.push("--permission-mode", "default");
    args.push("--settings", settings);
    if (usesMcp(opts.scenario)) args.push("--mcp-config", claudeMcpConfig(s));
    if (tools.length) args.push("--allowedTools", tools.join(","));
    args.push(...(opts.managed?.args ?? []));
    const attemptsBeforeSession = s.guard.attempts.length;
    const r = await runProcess(cli.bin, args, { cwd: s.rd.project, env: s.env, timeoutMs: opts.timeoutMs ?? 120_000 });
    await mock.close();

    return assembleReport({
      cli,
      session: s,
      mock,
      result: r,
      scenario: opts.scenario,
      attemptsBeforeSession,
      view: claudeView(opts.scenario, readSpy(s.spyLog)),
    });
  } finally {
    await s.close();
  }
}
