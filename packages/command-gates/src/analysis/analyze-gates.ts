// Pure: what each gate finds in a command line. The shell analysis (@hookrail/shell) lists the simple commands
// the line would run (wrappers, `bash -c`, `cd`, runners followed) and the parts that cannot be known before it
// runs; each command is checked against the gate's patterns, with the gate's marker as the approval variable. A
// match that is only a dry run or a help request runs unless the gate says `"dryRuns": "gate"`.
// This is the trace `hookrail explain` shows and the decision reads.
import { tookPath } from "@hookrail/core";
import { commandsOf, matchesPattern, type SimpleCommand } from "@hookrail/shell";
import type { CommandGate } from "../options.ts";
import { dryRunOrHelp, type Excuse } from "./dry-run.ts";
import { gateMentions, gatesToCheck } from "./prefilter.ts";

/** One reason a gate looks twice at a line. */
export type GateFinding =
  /** A simple command matches `pattern`; `sure` false: a word known only at run time could make it match. */
  | { kind: "match"; gate: string; pattern: string; command: string; approved: boolean; sure: boolean }
  /** A part that cannot be known before the line runs and could run a gated command. */
  | { kind: "unprovable"; gate: string; command: string; why: string };

export interface GateTrace {
  gate: CommandGate;
  /** The prefilter proved, without parsing, that the gate finds nothing. */
  skipped: boolean;
  /** The simple commands the line would run, as the gate's analysis saw them. */
  commands: SimpleCommand[];
  findings: GateFinding[];
  /** Matches that run nothing of the pattern: a dry run or a help request (the gate lets them run). */
  excused?: { command: string; pattern: string; why: Excuse }[];
}

export interface GatesAnalysis {
  gates: GateTrace[];
  /** Every finding of every gate, in the gates' order. */
  findings: GateFinding[];
}

/** Where the line starts: its folder and the user's home (for `cd` and `~`), its language, the listed wrappers. */
export interface LineStart {
  cwd?: string;
  home?: string;
  /** The line is PowerShell (a PowerShell tool's command); default bash. */
  dialect?: "bash" | "powershell";
  /** The config's `wrappers`: commands that run the command after their words. */
  wrappers?: readonly string[];
}

/** `full`: every gate parses the line, the prefilter notwithstanding (a trace shows what each saw). */
export function analyzeCommandGates(
  line: string,
  gates: readonly CommandGate[],
  start: LineStart,
  full = false,
): GatesAnalysis {
  const checked = new Set(full ? gates : gatesToCheck(line, gates, start.dialect));
  const traces = gates.map((gate) =>
    checked.has(gate) ? analyzeGate(line, gate, start) : { gate, skipped: true, commands: [], findings: [] },
  );
  return { gates: traces, findings: traces.flatMap((t) => t.findings) };
}

/** One gate's analysis of the line, without the prefilter (tests prove the prefilter against it). */
export function analyzeGate(line: string, gate: CommandGate, start: LineStart): GateTrace {
  // For the code cache: this run needs the parser (core's cache-paths.ts).
  tookPath(start.dialect === "powershell" ? "powershell" : "parse");
  const { commands, unknown } = commandsOf(line, {
    approvalVariable: gate.marker,
    mentions: gateMentions(gate),
    topic: gate.commands.join(", "),
    ...(start.cwd ? { cwd: start.cwd } : {}),
    ...(start.home ? { home: start.home } : {}),
    ...(start.dialect ? { dialect: start.dialect } : {}),
    ...(start.wrappers?.length ? { wrappers: start.wrappers } : {}),
  });
  const findings: GateFinding[] = [];
  const seen = new Set<string>();
  const add = (finding: GateFinding) => {
    const key = JSON.stringify(finding);
    if (!seen.has(key)) findings.push(finding);
    seen.add(key);
  };
  const excused: NonNullable<GateTrace["excused"]> = [];
  for (const command of commands) {
    for (const pattern of gate.commands) {
      const match = matchesPattern(command, pattern);
      if (match === false) continue;
      const why = match === true && gate.dryRuns !== "gate" ? dryRunOrHelp(command, pattern) : undefined;
      if (why) {
        excused.push({ command: command.text, pattern, why });
        continue;
      }
      add({
        kind: "match",
        gate: gate.name,
        pattern,
        command: command.text,
        approved: command.approved,
        sure: match === true,
      });
      break;
    }
  }
  for (const part of unknown) add({ kind: "unprovable", gate: gate.name, command: part.command, why: part.why });
  // A command that cannot be checked at all is said once: not also as a match it may be.
  const unknownCommands = new Set(findings.flatMap((f) => (f.kind === "unprovable" ? [f.command] : [])));
  const kept = findings.filter((f) => f.kind === "unprovable" || f.sure || !unknownCommands.has(f.command));
  return { gate, skipped: false, commands, findings: kept, ...(excused.length > 0 ? { excused } : {}) };
}
