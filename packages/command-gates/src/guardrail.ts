// The command gates as a guardrail: a gate, so it fails closed (an event it cannot read blocks, see
// docs/failure-policy.md). No gates configured, or a line that mentions none of them: it allows without parsing.
import {
  allow,
  type Decision,
  defineGuardrail,
  deny,
  type GuardrailContext,
  HookrailError,
  note,
} from "@hookrail/core";
import { gatesToCheck } from "./analysis/prefilter.ts";
import { traceGates, traceOf } from "./analysis/trace.ts";
import { approvalsInPrompt, runsGateHook } from "./approval/user-approvals.ts";
import { commandGatesSettings, writtenPatterns } from "./config/layer-gates.ts";
import type { CommandGatesFacts } from "./decide.ts";
import { gatherFacts, grantedApprovals } from "./facts.ts";
import type { CommandGate } from "./options.ts";
import { recordPromptApprovals, useApprovals } from "./record.ts";

// The analysis and the decision (with the shell's parser and runners under them) are imported when a line may trip a
// gate: esbuild sets a module imported this way up on its first import, so a line the prefilter clears, the common
// call, sets none of them up, and a code cache made by such calls holds none of them.
const loadAnalysis = () => import("./analysis/analyze-gates.ts");
const loadDecision = () => import("./decide.ts");

export const commandGates = defineGuardrail({
  name: "command-gates",
  failure: "closed",
  async decide(event, context) {
    if (event.kind === "other") {
      throw new HookrailError("input", `unknown event "${event.nativeEvent}"; the command gates only read tool calls`);
    }
    if (event.kind !== "prompt" && event.kind !== "before-tool") return allow();
    const facts = event.kind === "before-tool" ? gatherFacts(event, context.env, context.config.wrappers) : undefined;
    if (event.kind === "before-tool" && !facts) return allow();
    // The common case, a line that mentions no pattern written anywhere: no schema, no layering, no parse. (A
    // broken entry is told at the next prompt, which reads every entry, or the next line that could matter.)
    if (
      facts &&
      !traceOf(context) &&
      gatesToCheck(facts.line, writtenPatterns(context.config), facts.dialect).length === 0
    ) {
      context.log("gates", { analysed: [] });
      return allow();
    }
    const { gates } = commandGatesSettings(context.config);
    const userMode = gates.some((g) => g.approval === "user");
    if (event.kind === "prompt") {
      // Approval mode "user": the user's own prompt is the only place an approval comes from.
      if (!userMode) return allow();
      const approvals = approvalsInPrompt(event.prompt, gates);
      recordPromptApprovals(context, event.sessionId, approvals);
      return approvals.length === 0 ? allow() : approvedNote(approvals, gates);
    }
    if (!facts) return allow();
    return decideShell(facts, gates, event.sessionId, context);
  },
  // What `hookrail doctor` shows: each gate in force, its patterns, marker and approval mode.
  settings: (config) => ({ gates: commandGatesSettings(config).gates.map(describeGate) }),
});

/** A shell command: the analysis of the gates it could trip, the decision, and the user's approvals it uses. */
async function decideShell(
  facts: CommandGatesFacts,
  gates: CommandGate[],
  sessionId: string,
  context: GuardrailContext,
): Promise<Decision> {
  const trace = traceOf(context);
  if (gates.length === 0 && !trace) return allow();
  const userMode = gates.some((g) => g.approval === "user");
  if (userMode && runsGateHook(facts.line)) {
    return deny(
      "command-gates: blocked. This command runs the command gates' own hook, which could record an approval the user never gave (approval mode user). Leave the hook to the CLI",
    );
  }
  const [{ analyzeCommandGates }, { commandGatesDecision }] = await Promise.all([loadAnalysis(), loadDecision()]);
  // `hookrail explain` sees every gate's parse, and which ones the hook skips.
  const analysis = analyzeCommandGates(facts.line, gates, facts, trace !== undefined);
  if (trace) {
    trace.note(gates.length === 0 ? "no command gates configured" : `gates: ${gates.map(describeGate).join("; ")}`);
    const checked = gatesToCheck(facts.line, gates, facts.dialect);
    traceGates(
      trace,
      analysis,
      gates.filter((g) => !checked.includes(g)),
    );
  }
  // Which gates parsed the line (the others were proved to find nothing without the parser).
  context.log("gates", { analysed: analysis.gates.filter((t) => !t.skipped).map((t) => t.gate.name) });
  if (analysis.findings.length === 0) return allow();
  const userApprovals = userMode ? grantedApprovals(context, sessionId) : [];
  const result = commandGatesDecision(analysis, { ...facts, userApprovals });
  // Allowed on the user's approvals: use them up, unless another call got there first.
  if (result.uses.length === 0 || useApprovals(context, sessionId, result.uses)) return result.decision;
  return commandGatesDecision(analysis, { ...facts, userApprovals: [] }).decision;
}

const describeGate = (g: CommandGate) =>
  `${g.name} = ${g.commands.join(" | ")} (${g.marker}=1, ${g.approval}${g.dryRuns === "gate" ? ", dry runs gated" : ""})`;

function approvedNote(approvals: string[], gates: readonly CommandGate[]) {
  const named = approvals.map((name) => gates.find((g) => g.name.toLowerCase() === name) as CommandGate);
  const list = named.map((g) => `${g.name} (run it with ${g.marker}=1 in front)`).join(", ");
  return note(
    `command-gates: the user approved ${list}, for one use each within 30 minutes.`,
    `command-gates: recorded ${approvals.map((a) => `approve ${a}`).join(", ")}`,
  );
}
