// Sends one sample event through a guardrail as a given CLI and returns the answer in words.
import { type CliName, runHook } from "@hookrail/core";
import { describeAnswer, type Outcome } from "../describe-answer.ts";
import { adapters, guardrails } from "../registry.ts";

export async function sendEvent(
  guardrail: string,
  cli: CliName,
  payload: Record<string, unknown>,
  env: NodeJS.ProcessEnv,
  /** The hook command's arguments (Copilot's hook files pass the event name). */
  args: readonly string[] = [],
): Promise<Outcome> {
  const registered = guardrails[guardrail];
  if (!registered) throw new Error(`unknown guardrail ${guardrail}`);
  const answer = await runHook({
    guardrail: registered.guardrail,
    adapter: adapters[cli],
    stdin: JSON.stringify(payload),
    env,
    args,
  });
  return describeAnswer(cli, answer);
}

/** The first line of a text, or a placeholder. */
export const firstLine = (text: string | undefined) => text?.split("\n")[0] ?? "(nothing)";

/** A text shown under a heading, each line indented. */
export const indented = (text: string | undefined, indent = "    ") =>
  (text ?? "(nothing)")
    .split("\n")
    .map((line) => `${indent}${line}`)
    .join("\n");

const WORDS = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"];

/** A count in words (up to twelve), else in digits. */
export const inWords = (n: number) => WORDS[n] ?? String(n);
