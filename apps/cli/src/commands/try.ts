// `hookrail try <guardrail> [--cli c] [--json] [-- <command or file>]`: one sample event, the decision in words
// (or JSON), what the config refused for it, and for a guardrail that speaks only after several events, where to
// see it. Its exit code answers scripts (describe-answer.ts's EXIT_CODES).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Adapter, type HookAnswer, loadConfig, runHook, type TraceSink } from "@hookrail/core";
import { paint } from "../cli/color.ts";
import { describeAnswer, EXIT_CODES, exitCodeFor, formatOutcome, type Outcome } from "../describe-answer.ts";
import { guardrailSettings } from "../doctor-settings.ts";
import { unprefixed } from "../doctor-text.ts";
import type { CommandIO } from "../io.ts";
import { findAdapter, findGuardrail, type RegisteredGuardrail, UsageError } from "../registry.ts";
import { sampleEvent } from "../samples.ts";

export interface Tried {
  registered: RegisteredGuardrail;
  adapter: Adapter;
  /** What was checked: the command, file or session source given. */
  arg: string;
  answer: HookAnswer;
}

/** Sends the sample event through the guardrail as the CLI would, with a throwaway state folder. */
export async function trySample(
  name: string | undefined,
  cli: string,
  rest: string[],
  io: CommandIO,
  trace?: TraceSink,
  verb: "try" | "explain" = "try",
): Promise<Tried> {
  const registered = findGuardrail(name);
  const { guardrail, manifest } = registered;
  const adapter = findAdapter(cli);
  const arg = rest.join(" ");
  const payload = sampleEvent(manifest, adapter.cli, arg, { cwd: io.cwd, sessionId: "hookrail-try" });
  if (!payload) {
    const example = manifest.tryExample ?? "<a shell command>";
    throw new UsageError(`give the shell command to check: hookrail ${verb} ${manifest.name} -- '${example}'`);
  }
  // A throwaway state folder: trying a guardrail leaves no session records and no audit entries behind.
  const state = mkdtempSync(join(tmpdir(), "hookrail-try-"));
  const env = { ...io.env, HOOKRAIL_STATE_DIR: state };
  const answer = await runHook({
    guardrail,
    adapter,
    stdin: JSON.stringify(payload),
    env,
    cwd: io.cwd,
    ...(trace ? { trace } : {}),
  }).finally(() => rmSync(state, { recursive: true, force: true }));
  return { registered, adapter, arg, answer };
}

/** What `try` found, as `try --json` prints it. */
export interface TryResult {
  guardrail: string;
  cli: string;
  cwd: string;
  input: string;
  verdict: Outcome["verdict"];
  exitCode: number;
  reason?: string;
  note?: string;
  userMessage?: string;
  /** What the config files say that this guardrail's run ignored or refused (doctor shows the same). */
  configProblems: string[];
  /** When an answer says nothing: when this guardrail speaks, and where to see it. */
  hint?: string;
}

export async function tryCommand(
  name: string | undefined,
  cli: string,
  rest: string[],
  io: CommandIO,
  opts: { json?: boolean } = {},
): Promise<number> {
  const { registered, adapter, arg, answer } = await trySample(name, cli, rest, io);
  const { manifest } = registered;
  const outcome = describeAnswer(adapter.cli, answer);
  const exitCode = exitCodeFor(outcome);
  const config = loadConfig(io.cwd, io.env);
  guardrailSettings(manifest.name, config);
  const result: TryResult = {
    guardrail: manifest.name,
    cli: adapter.cli,
    cwd: io.cwd,
    input: arg,
    verdict: outcome.verdict,
    exitCode,
    ...(outcome.reason ? { reason: outcome.reason } : {}),
    ...(outcome.note ? { note: outcome.note } : {}),
    ...(outcome.userMessage ? { userMessage: outcome.userMessage } : {}),
    configProblems: config.problems.map(unprefixed),
    ...(exitCode === EXIT_CODES.allowed && manifest.tryHint ? { hint: manifest.tryHint } : {}),
  };
  if (opts.json) {
    io.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    return exitCode;
  }
  const lines = [`${manifest.name} (${adapter.cli}) in ${io.cwd}${arg ? `: ${arg}` : ""}`];
  lines.push(formatOutcome(outcome, "  ", paint(io)));
  if (result.hint) lines.push(`  ${result.hint}`);
  for (const problem of result.configProblems) lines.push(`  config: ${problem}`);
  io.stdout.write(`${lines.join("\n")}\n`);
  return exitCode;
}
