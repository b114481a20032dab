// What `hookrail explain` collects from a guardrail's trace (core's TraceSink), and the explanation made of it:
// each simple command with the findings on it, what could not be known, the answer.
import type { TracedCommand, TracedFinding, TraceSink } from "@hookrail/core";
import type { Tried } from "../commands/try.ts";
import { describeAnswer, exitCodeFor } from "../describe-answer.ts";

/** What the trace recorded, each simple command with the findings on it. */
export interface Explanation {
  guardrail: string;
  cli: string;
  cwd: string;
  input: string;
  verdict: "blocked" | "asks" | "allowed";
  exitCode: number;
  reason?: string;
  note?: string;
  userMessage?: string;
  /** Whether the guardrail has an analysis to trace at all. */
  traced: boolean;
  notes: string[];
  commands: (TracedCommand & { findings: TracedFinding[] })[];
  /** What could not be known, and why. */
  unknown: TracedFinding[];
  /** Findings on no simple command of their own (the whole line: it does not parse, it is too long…). */
  line: TracedFinding[];
}

/** A trace collector: what the last run of the analysis saw. */
export function collector() {
  const seen = {
    traced: false,
    commands: [] as TracedCommand[],
    findings: [] as TracedFinding[],
    notes: [] as string[],
  };
  const sink: TraceSink = {
    restart() {
      seen.commands = [];
      seen.findings = [];
    },
    command(step) {
      seen.traced = true;
      seen.commands.push(step);
    },
    finding(finding) {
      seen.traced = true;
      seen.findings.push(finding);
    },
    note(text) {
      if (!seen.notes.includes(text)) seen.notes.push(text);
    },
  };
  return { sink, seen };
}

type Seen = ReturnType<typeof collector>["seen"];

export function explanationOf({ registered, adapter, arg, answer }: Tried, seen: Seen, cwd: string): Explanation {
  const outcome = describeAnswer(adapter.cli, answer);
  const commands = seen.commands.map((c) => ({ ...c, findings: [] as TracedFinding[] }));
  const line: TracedFinding[] = [];
  for (const finding of seen.findings) {
    // On the deepest, latest command of that text: the one the finding is about once wrappers are off.
    const on = commands.findLast((c) => c.command === finding.command);
    if (on) on.findings.push(finding);
    else line.push(finding);
  }
  return {
    guardrail: registered.manifest.name,
    cli: adapter.cli,
    cwd,
    input: arg,
    verdict: outcome.verdict,
    exitCode: exitCodeFor(outcome),
    ...(outcome.reason ? { reason: outcome.reason } : {}),
    ...(outcome.note ? { note: outcome.note } : {}),
    ...(outcome.userMessage ? { userMessage: outcome.userMessage } : {}),
    traced: seen.traced || seen.notes.length > 0,
    notes: seen.notes,
    commands,
    unknown: seen.findings.filter((f) => f.kind === "unknown"),
    line,
  };
}
