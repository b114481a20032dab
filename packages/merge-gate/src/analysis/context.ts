// What every analyser gets: one simple command ready to judge, and the shared state of the run.
import { type Arg, MERGE_OR_PUSH } from "./shell-words.ts";
import type { AnalysisFacts, Finding } from "./types.ts";
import type { World } from "./world.ts";

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
  /** Files its output redirections write (`> file`, `>> file`, `&> file`). */
  writes?: readonly Arg[];
  stdin: Stdin;
  /** Source text of the simple command, for findings. */
  command: string;
  /** Source that the parsed nodes' positions index into. */
  source: string;
  /** How many wrappers (env, sudo, xargs…) were taken off to get here. */
  hops?: number;
  /** Variables set for this command only (`GIT_DIR=x git push`, `env GIT_DIR=x …`); null: run-time values. */
  env?: ReadonlyMap<string, string | null>;
  /** Folders a wrapper moved the command to (`env -C dir`), in order; null: named at run time. */
  chdir?: readonly (string | null)[];
}

export interface Ctx {
  facts: AnalysisFacts;
  /** The whole input speaks of merging or pushing. */
  mentionsMerge: boolean;
  /** A value the input gives a variable (assignment, for list, …) speaks of merging or pushing. */
  variablesMention: boolean;
  depth: number;
  findings: Finding[];
  state: RunState;
  /** The worlds the command being analysed runs in; analysers that change them (git checkout…) replace them. */
  flow: { worlds: World[] };
  /** The next code analysed runs in this shell (eval, source), so its directory and variables stay. */
  sameShell?: boolean;
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
  /** Findings so far, by command text, to keep one of each (a here-doc fed to bash is read twice). */
  seen: Map<string, Set<string>>;
  /** Code already analysed (in given worlds), with the depth it was analysed at, what it found and left. */
  analyzed: Map<string, { depth: number; variablesMention: boolean; found: boolean; worlds: World[] }>;
}

export function record(ctx: Ctx, finding: Finding): void {
  const key =
    finding.kind === "merge"
      ? `m ${finding.approved} ${finding.route}`
      : finding.kind === "tamper"
        ? `t ${finding.approved} ${finding.what} ${finding.path}`
        : `u ${finding.why}`;
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

// `$1`, `$@`, `${!name}`: values that any word of the input could have supplied.
const ANY_WORD = /\$(?:[0-9@*]|\{[0-9@*!#])/;

/**
 * Could a part known only at run time make this command a merge? Only if the command itself speaks of
 * merging or pushing, or a value the input gives a variable does (for positional parameters and xargs
 * input: any word of the input). `$EDITOR file` is not a merge; `c='gh pr merge 1'; $c` might be.
 */
export function plausible(ctx: Ctx, inv: Invocation): boolean {
  if (ctx.variablesMention || MERGE_OR_PUSH.test(inv.command)) return true;
  return ctx.mentionsMerge && (inv.open || ANY_WORD.test(inv.command));
}

/** Unprovable when plausible: the usual answer to a part known only at run time. */
export function unknownPart(ctx: Ctx, inv: Invocation, why: string): void {
  if (plausible(ctx, inv)) addUnprovable(ctx, inv, why);
}

/** The same command with other arguments (a wrapper's inner command, xargs' command line…). */
export function withArgs(inv: Invocation, args: Arg[], changes: Partial<Invocation> = {}): Invocation {
  return { ...inv, args, ...changes };
}
