// What every analyser gets: one simple command ready to judge, and the shared state of the run.
import type { Arg } from "./shell-words.ts";
import type { AnalysisFacts, Finding } from "./types.ts";

/** What a command reads on standard input, as far as the source text tells. */
export type Stdin =
  | { kind: "none" }
  | { kind: "file" }
  /** Literal text (`exact` false when it was rebuilt loosely, e.g. from printf). */
  | { kind: "text"; text: string; exact: boolean }
  /** Text with expansions kept as written; `opaque` when nothing of it is literal. */
  | { kind: "dynamic"; text: string; opaque: boolean }
  /** Output of a command the analysis cannot replay. */
  | { kind: "unknown"; what: string };

/** One simple command after wrappers and prefixes are understood. `args[0]` is the command name. */
export interface Invocation {
  args: Arg[];
  /** `MERGE_APPROVED=1` reaches this command as an assignment on it (or through env). */
  approved: boolean;
  /** More arguments may be appended at run time (xargs). */
  open: boolean;
  stdin: Stdin;
  /** Source text of the simple command, for findings. */
  command: string;
  /** Source that the parsed nodes' positions index into. */
  source: string;
  /** How many wrappers (env, sudo, xargs…) were taken off to get here. */
  hops?: number;
}

export interface Ctx {
  facts: AnalysisFacts;
  /** The whole input speaks of merging or pushing: anything known only at run time could then be a merge. */
  mentionsMerge: boolean;
  depth: number;
  findings: Finding[];
  state: RunState;
  /**
   * Analyses text that a shell will parse and run (bash -c, eval, here-docs fed to a shell), whose commands
   * read `stdin` unless redirected; true if it found anything.
   */
  analyzeCode(code: string, ctx: Ctx, stdin?: Stdin): boolean;
  /** Analyses a command given as words (a wrapper's command, `find -exec`, `git bisect run`). */
  analyzeInvocation(inv: Invocation, ctx: Ctx): void;
}

/** Shared by every nested analysis of one input. */
export interface RunState {
  /** The answer depended on the current branch. */
  needsCurrentBranch: boolean;
  /** Findings so far, by command text, to keep one of each (a here-doc fed to bash is read twice). */
  seen: Map<string, Set<string>>;
  /** Code already analysed, with the depth it was analysed at and whether it found anything. */
  analyzed: Map<string, { depth: number; found: boolean }>;
}

export function record(ctx: Ctx, finding: Finding): void {
  const key = finding.kind === "merge" ? `m ${finding.approved} ${finding.route}` : `u ${finding.why}`;
  let keys = ctx.state.seen.get(finding.command);
  if (!keys) {
    keys = new Set();
    ctx.state.seen.set(finding.command, keys);
  }
  if (keys.has(key)) return;
  keys.add(key);
  ctx.findings.push(finding);
}

export function addMerge(ctx: Ctx, inv: Invocation, route: string): void {
  record(ctx, { kind: "merge", route, command: inv.command, approved: inv.approved });
}

export function addUnprovable(ctx: Ctx, inv: Invocation, why: string): void {
  record(ctx, { kind: "unprovable", why, command: inv.command });
}

/** Something unknown at run time could be a merge only if the input speaks of merging or pushing somewhere. */
export function plausible(ctx: Ctx): boolean {
  return ctx.mentionsMerge;
}

/** Unprovable when plausible: the usual answer to a part known only at run time. */
export function unknownPart(ctx: Ctx, inv: Invocation, why: string): void {
  if (plausible(ctx)) addUnprovable(ctx, inv, why);
}

/** The same command with other arguments (a wrapper's inner command, xargs' command line…). */
export function withArgs(inv: Invocation, args: Arg[], changes: Partial<Invocation> = {}): Invocation {
  return { ...inv, args, ...changes };
}
