// `hookrail try <guardrail> [--cli c] [-- <command or file>]`: one sample event, the decision in words. Its exit
// code answers scripts (describe-answer.ts's EXIT_CODES).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Adapter, type HookAnswer, runHook, type TraceSink } from "@hookrail/core";
import { paint } from "../cli/color.ts";
import { describeAnswer, exitCodeFor, formatOutcome } from "../describe-answer.ts";
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

export async function tryCommand(
  name: string | undefined,
  cli: string,
  rest: string[],
  io: CommandIO,
): Promise<number> {
  const { registered, adapter, arg, answer } = await trySample(name, cli, rest, io);
  const outcome = describeAnswer(adapter.cli, answer);
  io.stdout.write(`${registered.manifest.name} (${adapter.cli}) in ${io.cwd}${arg ? `: ${arg}` : ""}\n`);
  io.stdout.write(`${formatOutcome(outcome, "  ", paint(io))}\n`);
  return exitCodeFor(outcome);
}
