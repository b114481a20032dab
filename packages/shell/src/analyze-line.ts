// Entry point of the engine: one shell command line in, every simple command it runs handed to the rules'
// visitor (in the worlds it runs in), and the parts that cannot be known before it runs reported. Pure: no I/O.
import { analyzeInvocation } from "./analyze-invocation.ts";
import { analyzeCommandVariables } from "./command-settings.ts";
import { type Ctx, type Finding, type Invocation, type Rules, type Stdin, unprovable } from "./context.ts";
import { parseShell } from "./parse-shell.ts";
import { readPowershell } from "./powershell/read.ts";
import { variablesMayMention } from "./variable-sources.ts";
import { WalkBudgetExceeded, walkScript } from "./walk-script.ts";
import { keepShell, type ShellVar, startWorld, type World, worldsKey } from "./world.ts";

// Larger input is not parsed; it is unprovable if it mentions what matters at all.
const MAX_INPUT = 256 * 1024;
// Code inside code (bash -c inside eval inside …) is followed this deep, then it is unprovable.
const MAX_DEPTH = 8;
// The parser rescans the rest of the input once per nested substitution (up to 256 deep): input where that
// could exceed this many characters is too complex to check, like input over MAX_INPUT.
const MAX_RESCAN = 4_000_000;
const TOO_DEEP = "it nests too deeply to check";
const TOO_BRANCHED = "it branches too much to check (split it into shorter commands)";
/** The one `why` that means a bug in the analysis: tests make sure no input produces it. */
export const ANALYSIS_FAILED = "the shell analysis failed on it";

/** Where the line starts, and what its user's analysers read on every context. */
export interface LineStart {
  /** The absolute directory the line starts in. */
  cwd: string;
  /** The domain's facts (`Ctx.facts`). */
  facts?: unknown;
  /** The line's language: bash (default) or PowerShell. */
  dialect?: ShellDialect;
  /** Called with every simple command the analysis meets, before its rules see it (a trace of the analysis). */
  trace?: (inv: Invocation, ctx: Ctx) => void;
}

/** The languages a line can be read in. */
export type ShellDialect = "bash" | "powershell";

/** Analyses `line` under `rules`; returns every finding (the domain's and the unprovable parts). */
export function analyzeLine(line: string, rules: Rules, start: LineStart): Finding[] {
  const ctx: Ctx = {
    rules,
    facts: start.facts,
    mentionsAny: rules.mentions.test(line),
    variablesMention: false,
    depth: 0,
    findings: [],
    state: { seen: new Map(), analyzed: new Map(), steps: 0 },
    flow: { worlds: [startWorld(start.cwd, rules.domain)] },
    analyzeCode,
    analyzeInvocation,
    ...(start.trace ? { trace: start.trace } : {}),
  };
  try {
    if (line.length > MAX_INPUT) {
      if (ctx.mentionsAny) unprovable(ctx, line, "it is too long to check");
    } else {
      analyzeCode(line, { ...ctx, depth: -1, sameShell: true }, undefined, start.dialect);
    }
  } catch (error) {
    // Fail closed: the parser runs out of stack on a few hundred nested substitutions, a line can branch past
    // the walk's budget, and a bug here must not let anything through.
    const why =
      error instanceof RangeError ? TOO_DEEP : error instanceof WalkBudgetExceeded ? TOO_BRANCHED : ANALYSIS_FAILED;
    unprovable(ctx, line, why);
  }
  return ctx.findings;
}

function analyzeCode(
  code: string,
  parent: Ctx,
  stdin: Stdin = { kind: "none" },
  dialect?: ShellDialect,
  vars?: ReadonlyMap<string, ShellVar>,
): boolean {
  const entry = parent.flow.worlds;
  // A child shell (bash -c, ssh, a pipe into sh) keeps its directory and variables to itself.
  if (parent.sameShell || entry.length <= 1) return analyzeIn(code, parent, stdin, dialect, vars);
  let found = false;
  const after: World[] = [];
  for (const w of entry) {
    parent.flow.worlds = [w];
    found = analyzeIn(code, parent, stdin, dialect, vars) || found;
    after.push(...parent.flow.worlds);
  }
  parent.flow.worlds = after;
  return found;
}

function analyzeIn(
  code: string,
  parent: Ctx,
  stdin: Stdin,
  dialect: ShellDialect = "bash",
  vars?: ReadonlyMap<string, ShellVar>,
): boolean {
  const ctx: Ctx = { ...parent, depth: parent.depth + 1, sameShell: false };
  const { mentions, domain } = ctx.rules;
  const entry = ctx.flow.worlds;
  // The child shell's own start (its environment, its positional parameters); the parent's shell state comes
  // back when it ends (keepShell below, from the worlds as they were).
  if (vars && !parent.sameShell) ctx.flow.worlds = entry.map((w) => ({ ...w, vars: new Map([...w.vars, ...vars]) }));
  // The same text reached again in the same worlds (a here-doc's substitutions are seen by the outer walk and
  // by the shell it feeds) adds nothing; skipping it keeps nested input from costing more than linear time per level.
  const memo = stdin.kind === "none";
  const key = `${parent.sameShell ? "s" : "c"}${dialect === "powershell" ? "p" : ""}${worldsKey(ctx.flow.worlds, domain)}\u0000${code}`;
  const before = memo ? ctx.state.analyzed.get(key) : undefined;
  if (before && before.depth <= ctx.depth && (before.variablesMention || !ctx.variablesMention)) {
    ctx.flow.worlds = before.worlds;
    return before.found;
  }
  const count = ctx.findings.length;
  if (ctx.depth > MAX_DEPTH) unprovable(ctx, code, "it nests code in code too deeply to follow");
  else if (dialect === "powershell") {
    const input = memo ? undefined : stdin;
    if (readPowershell(code, ctx, input) && mentions.test(code))
      unprovable(ctx, code, "it does not parse as PowerShell");
  } else if (tooComplex(code)) {
    if (mentions.test(code)) unprovable(ctx, code, "it nests too many substitutions to check");
  } else {
    const script = parseShell(code);
    const input = memo ? undefined : ({ kind: "inherited", stdin } as const);
    // The parser reports syntax errors and recovers; it throws only on pathological nesting.
    if (script === null) unprovable(ctx, code, TOO_DEEP);
    else {
      // Variables keep their values in code run by this shell (exported ones even in child shells).
      ctx.variablesMention ||= variablesMayMention(script, ctx.mentionsAny, mentions);
      analyzeCommandVariables(script, code, ctx);
      const walker = {
        rules: ctx.rules,
        flow: ctx.flow,
        onCommand: (inv: Invocation) => analyzeInvocation(inv, ctx),
        budget: ctx.state,
      };
      if (walkScript(script, code, walker, input) && mentions.test(code)) {
        unprovable(ctx, code, "it does not parse as shell");
      }
    }
  }
  if (!parent.sameShell) {
    const [outer] = entry;
    if (outer) ctx.flow.worlds = ctx.flow.worlds.map((w) => keepShell(outer, w));
  }
  const found = ctx.findings.length > count;
  if (memo) {
    const worlds = ctx.flow.worlds;
    ctx.state.analyzed.set(key, { depth: ctx.depth, variablesMention: ctx.variablesMention, found, worlds });
  }
  return found;
}

function tooComplex(code: string): boolean {
  if (code.length * 256 <= MAX_RESCAN) return false;
  const openers = code.match(/\$\(|[<>]\(|`|\$\{/g)?.length ?? 0;
  return Math.min(openers, 256) * code.length > MAX_RESCAN;
}
