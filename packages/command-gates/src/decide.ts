// The command gates' pure decision: a shell command line, the gates in force and the user's approvals in; a
// decision out, with the approvals it spends. Each gate decides in its own approval mode; a block wins.
import { allow, ask, type Decision, deny } from "@hookrail/core";
import { analyzeCommandGates, type GateFinding, type GatesAnalysis, type GateTrace } from "./analysis/analyze-gates.ts";
import { approvedCommand, describeFinding, markerHow, withoutMarker } from "./analysis/describe.ts";
import type { CommandGate, CommandGatesOptions } from "./options.ts";

export interface CommandGatesFacts {
  line: string;
  /** The folder the line starts in; the analysis assumes `/` without it. */
  cwd?: string;
  home?: string;
  /** The line is PowerShell (a PowerShell tool's command); default bash. */
  dialect?: "bash" | "powershell";
  /** The config's `wrappers`: commands that run the command after their words. */
  wrappers?: readonly string[];
  /** Mode user: the gates (names, lower-cased) the user's latest prompt approved, unused and unexpired. */
  userApprovals?: readonly string[];
}

export interface CommandGatesResult {
  decision: Decision;
  /** The user's approvals (gate names, lower-cased) this decision uses up. */
  uses: string[];
}

type Answer = Exclude<Decision, { type: "ask" }>;
type GateAnswer = { decision: Decision; uses: string[] };

export function decideCommandGates(facts: CommandGatesFacts, options: CommandGatesOptions): CommandGatesResult {
  return commandGatesDecision(analyzeCommandGates(facts.line, options.gates, facts), facts);
}

/** The decision for a line already analysed: every gate's answer, a block first, then an ask. */
export function commandGatesDecision(analysis: GatesAnalysis, facts: CommandGatesFacts): CommandGatesResult {
  const answers = analysis.gates.filter((t) => t.findings.length > 0).map((t) => gateDecision(t, facts));
  const denies = answers.flatMap((a) => (a.decision.type === "deny" ? [a.decision.reason] : []));
  if (denies.length > 0) return { decision: deny(denies.join("\n\n")), uses: [] };
  const uses = [...new Set(answers.flatMap((a) => a.uses))];
  const asks = answers.flatMap((a) => (a.decision.type === "ask" ? [a.decision] : []));
  if (asks.length === 0) return { decision: allow(), uses };
  const fallbacks = asks.map((a) => a.fallback ?? deny(a.reason));
  const blocked = fallbacks.filter((f): f is Extract<Answer, { type: "deny" }> => f.type === "deny");
  const fallback = blocked.length > 0 ? deny(blocked.map((f) => f.reason).join("\n\n")) : allow();
  return { decision: ask(asks.map((a) => a.reason).join("\n\n"), fallback as Answer), uses };
}

function gateDecision(trace: GateTrace, facts: CommandGatesFacts): GateAnswer {
  const { gate, findings } = trace;
  const byMarker = markerDecision(gate, findings, facts.dialect);
  const unprovable = findings.some((f) => f.kind === "unprovable");
  if (gate.approval === "ask" && !unprovable) {
    const what = findings.map((f) => describeFinding(f, gate)).join("\n");
    const reason = `command-gates: ${what}${gate.reason ? `\n${gate.reason}` : ""}\nAllow this only if you want it to run now.`;
    return { decision: ask(reason, byMarker), uses: [] };
  }
  if (gate.approval !== "user" || byMarker.type !== "allow") return { decision: byMarker, uses: [] };
  return userDecision(gate, findings, facts);
}

/** Blocked unless every finding is a match that carries the gate's marker. */
function markerDecision(gate: CommandGate, findings: GateFinding[], dialect: CommandGatesFacts["dialect"]): Answer {
  const blocking = findings.filter((f) => f.kind === "unprovable" || !f.approved);
  // What cannot be known says the most: a run-time command name is both unknown and a possible match.
  const first = blocking.find((f) => f.kind === "unprovable") ?? blocking[0];
  if (!first) return allow() as Answer;
  const what = blocking.map((f) => describeFinding(f, gate)).join("\n");
  const why = gate.reason ? `\n${gate.reason}` : "";
  const marked = approvedCommand(first, gate, dialect);
  if (first.kind === "unprovable") {
    return {
      type: "deny",
      reason:
        `command-gates: blocked. ${what}${why}\nWrite the command out in full, as plain commands. If it is meant to run ` +
        `${gate.commands.join(" or ")}, that is the user's call: ask them first, and once they approve, run it as a ` +
        `plain command with ${markerHow(gate, dialect)}`,
    };
  }
  const how =
    gate.approval === "user"
      ? `Ask the user: they approve by typing, in their own message, the line \`approve ${gate.name}\`. Only after that, ` +
        `rerun that same command with ${markerIn(gate, dialect)} (${marked})`
      : `Ask the user; only once they approve, rerun that same command with ${markerIn(gate, dialect)} ` +
        `(${marked}), so the approval sits in the transcript next to the command`;
  return {
    type: "deny",
    reason: `command-gates: blocked. ${what}${why}\nThis is the user's call, not yours: do not retry or work around this gate. ${how}`,
  };
}

/** The marker as a reason names it next to the command it shows. */
function markerIn(gate: CommandGate, dialect: CommandGatesFacts["dialect"]): string {
  return dialect === "powershell" ? "the marker around it, in PowerShell's spelling" : `${gate.marker}=1 in front`;
}

/** Mode user: the marked command runs alone, once, after the user's own latest prompt approved the gate. */
function userDecision(gate: CommandGate, findings: GateFinding[], facts: CommandGatesFacts): GateAnswer {
  const what = findings.map((f) => describeFinding(f, gate)).join("\n");
  const [first] = findings;
  const alone = findings.length === 1 && first?.command.trim() === withoutMarker(facts.line, gate, facts.dialect);
  if (!alone || !first) {
    const reason =
      `command-gates: blocked. ${what}\nThis gate accepts the command only after the user approved it in their own ` +
      `latest message, and only as a command of its own: run the approved command alone` +
      `${first ? ` (${approvedCommand(first, gate, facts.dialect)})` : ""}, nothing before or after it.`;
    return { decision: deny(reason), uses: [] };
  }
  const key = gate.name.toLowerCase();
  if (facts.userApprovals?.includes(key)) return { decision: allow(), uses: [key] };
  const reason =
    `command-gates: blocked. ${what}\nThis gate accepts the command only after the user approved it in their own ` +
    `latest message. The marker alone is not enough, and an approval you write yourself does not count. Ask the user; ` +
    `to approve, they type this line in their message: \`approve ${gate.name}\``;
  return { decision: deny(reason), uses: [] };
}
