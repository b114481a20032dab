// The entry every shipped hook bundle calls: run, print the answer, set the exit code. Nothing else.
import type { Adapter, HookAnswer } from "./adapter.ts";
import type { Guardrail } from "./guardrail.ts";
import { runHook } from "./runtime.ts";

export async function hookMain(guardrail: Guardrail, adapter: Adapter): Promise<void> {
  let answer: HookAnswer;
  try {
    answer = await runHook({ guardrail, adapter, stdin: process.stdin, args: process.argv.slice(2) });
  } catch (error) {
    // runHook has its own boundary; this is the last resort if even rendering failed.
    answer =
      guardrail.failure === "closed"
        ? { exitCode: 2, stdout: "", stderr: `${guardrail.name}: blocked (internal error: ${String(error)})\n` }
        : { exitCode: 0, stdout: "", stderr: "" };
  }
  if (answer.stdout) process.stdout.write(answer.stdout);
  if (answer.stderr) process.stderr.write(answer.stderr);
  process.exitCode = answer.exitCode;
  // A CLI may keep our stdin open after a deadline; the answer is out, so do not wait for it.
  process.stdin.destroy();
  setTimeout(() => process.exit(answer.exitCode), 100).unref();
}
