// `hookrail try <guardrail> [--cli c] [-- <command or file>]`: one sample event, the decision in words.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type CliName, runHook } from "@hookrail/core";
import { describeAnswer, formatOutcome } from "../describe-answer.ts";
import type { CommandIO } from "../io.ts";
import { findAdapter, findGuardrail, UsageError } from "../registry.ts";
import { fileEdit, sessionStart, shellCall } from "../samples.ts";

export async function tryCommand(
  name: string | undefined,
  cli: string,
  rest: string[],
  io: CommandIO,
): Promise<number> {
  const { guardrail, manifest } = findGuardrail(name);
  const adapter = findAdapter(cli);
  const binding = manifest.bindings[0];
  const context = { cwd: io.cwd, sessionId: "hookrail-try" };
  const arg = rest.join(" ");
  let payload: Record<string, unknown>;
  if (binding?.event === "before-tool" && binding.tools?.includes("shell")) {
    if (!arg) {
      const example = manifest.tryExample ?? "<a shell command>";
      throw new UsageError(`give the shell command to check: hookrail try ${manifest.name} -- '${example}'`);
    }
    payload = shellCall(adapter.cli as CliName, arg, context);
  } else if (binding?.event === "before-tool") {
    payload = fileEdit(adapter.cli, arg || "README.md", context);
  } else {
    payload = sessionStart(adapter.cli, context, arg || "startup");
  }
  // A throwaway state folder: trying a guardrail must not leave session records behind.
  const state = mkdtempSync(join(tmpdir(), "hookrail-try-"));
  const env = { ...io.env, HOOKRAIL_STATE_DIR: state };
  const answer = await runHook({ guardrail, adapter, stdin: JSON.stringify(payload), env, cwd: io.cwd }).finally(() =>
    rmSync(state, { recursive: true, force: true }),
  );
  io.stdout.write(`${manifest.name} (${adapter.cli}) in ${io.cwd}${arg ? `: ${arg}` : ""}\n`);
  io.stdout.write(`${formatOutcome(describeAnswer(adapter.cli, answer))}\n`);
  return 0;
}
