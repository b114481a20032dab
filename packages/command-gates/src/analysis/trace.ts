// `hookrail explain` for the command gates: what each gate's analysis saw, in the trace the explain command
// hands the guardrail through its context (core's TraceSink: restart, command, finding, note), so the trace
// and the decision come from one run. Hooks never get a trace, and then nothing here runs.
import type { SimpleCommand } from "@hookrail/shell";
import type { CommandGate } from "../options.ts";
import type { GatesAnalysis } from "./analyze-gates.ts";
import { describeFinding } from "./describe.ts";

/** The trace sink's shape, as the explain command gives it. */
export interface GateTraceSink {
  restart(): void;
  command(step: {
    command: string;
    words: (string | null)[];
    depth: number;
    hops: number;
    approved: boolean;
    where: { cwd: string | null }[];
  }): void;
  finding(finding: { kind: "match" | "approved" | "unknown"; command: string; text: string; rule: string }): void;
  note(text: string): void;
}

/** The context's trace sink, when `hookrail explain` runs the guardrail. */
export const traceOf = (context: object): GateTraceSink | undefined => (context as { trace?: GateTraceSink }).trace;

/** Records each gate's analysis: the prefilter's verdict, the simple commands it saw, and each finding's rule. */
export function traceGates(sink: GateTraceSink, analysis: GatesAnalysis, skipped: readonly CommandGate[]): void {
  for (const gate of skipped) {
    sink.note(`prefilter: the line mentions nothing of gate "${gate.name}"; the hook skips its parse`);
  }
  const seen = new Set<string>();
  for (const trace of analysis.gates) {
    for (const cmd of trace.commands) {
      const key = JSON.stringify([cmd.text, cmd.argv, cmd.cwd, cmd.approved]);
      if (seen.has(key)) continue;
      seen.add(key);
      sink.command(traced(cmd, trace.commands));
    }
    for (const e of trace.excused ?? []) {
      sink.note(`gate ${trace.gate.name}: \`${e.command}\` is ${e.why} of ${e.pattern}; it runs (dryRuns: "run")`);
    }
    for (const f of trace.findings) {
      const text = describeFinding(f, trace.gate);
      if (f.kind === "unprovable") {
        sink.finding({ kind: "unknown", command: f.command, text, rule: `gate ${trace.gate.name}: cannot be checked` });
      } else {
        const rule = `gate ${trace.gate.name}: ${f.pattern}`;
        sink.finding({ kind: f.approved ? "approved" : "match", command: f.command, text, rule });
      }
    }
  }
}

// The shell analysis lists a command reached through wrappers at each level, all with the same source text:
// the fewer words, the more wrappers were taken off (`sudo npm publish` → `npm publish`, one hop).
function traced(cmd: SimpleCommand, all: readonly SimpleCommand[]) {
  const hops = all.filter((c) => c.text === cmd.text && c.argv.length > cmd.argv.length).length;
  return { command: cmd.text, words: [...cmd.argv], depth: 0, hops, approved: cmd.approved, where: [{ cwd: cmd.cwd }] };
}
