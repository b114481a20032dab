// Sample stdin payloads for `try` and `demo`, each in its CLI's own shape (its package's samples.ts).
import { CLIS } from "@hookrail/clis";
import type { CliName, GuardrailManifest } from "@hookrail/core";
import type { SampleContext } from "@hookrail/core/samples";

export { bridgePayload, type SampleContext } from "@hookrail/core/samples";

export const shellCall = (cli: CliName, command: string, context: SampleContext) =>
  CLIS[cli].samples.shellCall(command, context);

export const fileEdit = (cli: CliName, file: string, context: SampleContext, after = false) =>
  CLIS[cli].samples.fileEdit(file, context, after);

export const sessionStart = (cli: CliName, context: SampleContext, source = "startup") =>
  CLIS[cli].samples.sessionStart(context, source);

/**
 * The event `try` and `explain` send a guardrail: a shell call with `arg` for a command gate, an edit of `arg`
 * (default README.md) for one that watches file tools, else a session start (`arg`: its source). Undefined
 * when a command gate was given no command.
 */
export function sampleEvent(
  manifest: GuardrailManifest,
  cli: CliName,
  arg: string,
  context: SampleContext,
): Record<string, unknown> | undefined {
  const binding = manifest.bindings[0];
  if (binding?.event === "before-tool" && binding.tools?.includes("shell")) {
    return arg ? shellCall(cli, arg, context) : undefined;
  }
  if (binding?.event === "before-tool") return fileEdit(cli, arg || "README.md", context);
  return sessionStart(cli, context, arg || "startup");
}
