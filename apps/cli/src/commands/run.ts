// `hookrail run <guardrail> --cli <cli>`: read one event on stdin and answer exactly as the installed hook would.
import { runHook, streamStdin } from "@hookrail/core";
import type { CommandIO } from "../io.ts";
import { findAdapter, findGuardrail } from "../registry.ts";

export async function runCommand(name: string | undefined, cli: string | undefined, io: CommandIO): Promise<number> {
  const { guardrail } = findGuardrail(name);
  const adapter = findAdapter(cli);
  const answer = await runHook({ guardrail, adapter, stdin: streamStdin(io.stdin), env: io.env, cwd: io.cwd });
  io.stdout.write(answer.stdout);
  io.stderr.write(answer.stderr);
  return answer.exitCode;
}
