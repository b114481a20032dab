// The entry every shipped hook bundle calls: run, print the answer, set the exit code (or, started by a bridge
// CLI's plugin, serve its events). Nothing else.
import type { Adapter, HookAnswer } from "../adapter/adapter.ts";
import { BRIDGE_SERVE_FLAG } from "../bridge/bridge.ts";
import { serveBridge } from "../bridge/bridge-serve.ts";
import { runGitInline } from "../git/_git-inline.ts";
import type { Guardrail } from "../model/guardrail.ts";
import { hookStdin, writeAll } from "./hook-stdio.ts";
import { DEFAULT_DEADLINE_MS, lastResortAnswer, runHook } from "./runtime.ts";

export async function hookMain(guardrail: Guardrail, adapter: Adapter): Promise<void> {
  // A bridge CLI's plugin starts the bundle once, as a worker, and sends it every event (bridge-serve.ts).
  if (process.argv[2] === BRIDGE_SERVE_FLAG) return serveBridge(guardrail, adapter);
  // This process answers this one call and nothing else: git may run inline (_git-inline.ts) until the deadline.
  runGitInline(Date.now() + DEFAULT_DEADLINE_MS);
  let answer: HookAnswer;
  try {
    answer = await runHook({ guardrail, adapter, stdin: hookStdin(), args: process.argv.slice(2) });
  } catch (error) {
    // runHook has its own boundary; this is the last resort if even rendering failed.
    answer = lastResortAnswer(guardrail, error);
  }
  process.exitCode = answer.exitCode;
  // A reader that went away cannot be answered; the exit code still carries the answer.
  try {
    if (answer.stdout) writeAll(1, answer.stdout);
  } catch {}
  try {
    if (answer.stderr) writeAll(2, answer.stderr);
  } catch {}
  // A CLI may keep our stdin open, and stdin handed to process.stdin (a descriptor that would block) then
  // keeps the process alive; the answer is out, so do not wait for it.
  setTimeout(() => process.exit(answer.exitCode), 100).unref();
}

/**
 * The answer to one event given whole, in this process, printed nowhere: for a caller that runs several guardrails in
 * one process (a project's copies, each required into a CLI's dispatcher). The same boundaries as a hook's own run.
 */
export async function hookAnswer(
  guardrail: Guardrail,
  adapter: Adapter,
  input: string,
  args: readonly string[] = [],
): Promise<HookAnswer> {
  try {
    return await runHook({ guardrail, adapter, stdin: input, args });
  } catch (error) {
    return lastResortAnswer(guardrail, error);
  }
}
