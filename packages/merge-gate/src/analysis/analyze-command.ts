// Entry point: one shell command string in, the merge routes it takes (or could take) out. Pure: no I/O.
// The shell analysis walks the line; the gate plugs in its analysers (git, gh, HTTP), its tamper check on every
// command, and the repositories' state carried through the line.
import { type TraceSink, tookPath } from "@hookrail/core";
import { analyzeLine, type Rules, wrappersFrom } from "@hookrail/shell/engine";
import { MERGE_COMMANDS } from "./analysed-names.ts";
import { mergeAnalyzerFor } from "./analyze-invocation.ts";
import type { Ctx } from "./context.ts";
import { MERGE_OR_PUSH, mergeCodeMatters } from "./merge-mentions.ts";
import { skipsAnalysis } from "./prefilter.ts";
import { REPOS } from "./repo-state.ts";
import { analyzeTamper } from "./tamper.ts";
import { traceCommand, traceFindings } from "./trace.ts";
import type { Analysis, AnalysisFacts, Finding } from "./types.ts";

/** The approval marker: `MERGE_APPROVED=1` on the very simple command that merges. */
export const APPROVAL_VARIABLE = "MERGE_APPROVED";

/** `trace` (hookrail explain) records the analysis as it runs; a traced line is analysed in full. */
export function analyzeCommand(command: string, facts: AnalysisFacts, trace?: TraceSink): Analysis {
  // Most commands an agent runs are plain and name nothing that could merge: no parser needed. The tamper
  // check looks at every command, not by name, so it has its own proof (mayTouchProtected).
  const { skips, wrappers } = skipsAnalysis(command, facts);
  if (skips) {
    if (!trace) return { findings: [] };
    trace.note("prefilter: this line names nothing that could merge or push; the hook skips the parse");
  }
  return analyzeFully(command, facts, trace, wrappers);
}

/** The analysis without the prefilter (tests prove the prefilter against it). */
export function analyzeFully(
  command: string,
  facts: AnalysisFacts,
  trace?: TraceSink,
  wrappers: readonly (readonly string[])[] = wrappersFrom(facts.wrappers ?? []),
): Analysis {
  const rules: Rules = {
    approvalVariable: APPROVAL_VARIABLE,
    mentions: MERGE_OR_PUSH,
    topic: "a merge or push",
    home: facts.home,
    domain: REPOS,
    visit: (inv, ctx) => analyzeTamper(inv, ctx as Ctx),
    commandFor: mergeAnalyzerFor,
    names: MERGE_COMMANDS,
    codeMatters: (code, interpreter) => mergeCodeMatters(code, interpreter, facts.protectedBranches),
    wrappers,
  };
  const start = {
    cwd: facts.cwd ?? "/",
    facts,
    ...(facts.dialect ? { dialect: facts.dialect } : {}),
    ...(trace ? { trace: traceCommand(trace) } : {}),
  };
  // For the code cache: this run needs the parser (core's cache-paths.ts).
  tookPath(facts.dialect === "powershell" ? "powershell" : "parse");
  const findings = analyzeLine(command, rules, start) as Finding[];
  if (trace) traceFindings(trace, findings);
  return { findings };
}
