// `hookrail explain <guardrail> [--cli c] [--json] -- '<command>'`: how the decision was reached, from the
// guardrail's own analysis as it ran for this very answer (a trace it fills, core's TraceSink): the simple
// commands, where each runs, the rule that matched, what could not be known. Exit codes as for `try`.
import { paint } from "../cli/color.ts";
import { formatExplanation } from "../explain/text.ts";
import { collector, explanationOf } from "../explain/trace.ts";
import type { CommandIO } from "../io.ts";
import { trySample } from "./try.ts";

export async function explainCommand(
  name: string | undefined,
  cli: string,
  rest: string[],
  io: CommandIO,
  opts: { json?: boolean } = {},
): Promise<number> {
  const { sink, seen } = collector();
  const tried = await trySample(name, cli, rest, io, sink, "explain");
  const explanation = explanationOf(tried, seen, io.cwd);
  io.stdout.write(opts.json ? `${JSON.stringify(explanation, null, 2)}\n` : formatExplanation(explanation, paint(io)));
  return explanation.exitCode;
}
