// A hook's answer in words (each CLI's package reads its own, packages/<cli>/src/samples.ts), its exit code for
// scripts and its text.
import { CLIS } from "@hookrail/clis";
import type { CliName, HookAnswer } from "@hookrail/core";
import type { AnswerOutcome } from "@hookrail/core/samples";
import type { Paint } from "./cli/color.ts";

export type Outcome = AnswerOutcome;

/** What `cli` does with `answer`, as its package reads it (its samples' describeAnswer). */
export const describeAnswer = (cli: CliName, answer: HookAnswer): Outcome => CLIS[cli].samples.describeAnswer(answer);

/**
 * `try` and `explain` answer scripts with their exit code: 0 allowed in silence, 3 blocked, 4 the user is asked,
 * 5 allowed with a note for the model or a message for the user (1 and 2 stay errors and usage errors).
 */
export const EXIT_CODES = { allowed: 0, blocked: 3, asks: 4, noted: 5 } as const;

export function exitCodeFor(outcome: Outcome): number {
  if (outcome.verdict === "blocked") return EXIT_CODES.blocked;
  if (outcome.verdict === "asks") return EXIT_CODES.asks;
  return outcome.note || outcome.userMessage ? EXIT_CODES.noted : EXIT_CODES.allowed;
}

const VERDICT_COLOR = { blocked: "red", asks: "yellow", allowed: "green" } as const;

export function formatOutcome(outcome: Outcome, indent = "  ", p?: Paint): string {
  const verdict = outcome.verdict.toUpperCase();
  const lines = [p ? p.bold(p[VERDICT_COLOR[outcome.verdict]](verdict)) : verdict];
  const add = (label: string, text: string | undefined) => {
    if (text) lines.push(...`${label}: ${text}`.split("\n").map((l) => `${indent}${l}`));
  };
  add("reason", outcome.reason);
  add("note for the model", outcome.note);
  add("message for the user", outcome.userMessage);
  return lines.join("\n");
}
