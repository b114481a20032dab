// What every analyser gets: one simple command ready to judge, and the shared state of the run.
import type { Arg } from "./shell-words.ts";
import type { Domain, ShellVar, World } from "./world.ts";

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
  /** The approval marker (`NAME=1`) reaches this command as an assignment on it (or through env). */
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

/** Something the analysis reports about a command; a domain adds kinds of its own. */
export interface Finding {
  kind: string;
  command: string;
}

/** A part of the line that cannot be known before it runs, and could matter. */
export interface Unprovable extends Finding {
  kind: "unprovable";
  why: string;
}

export type Analyzer<C extends Ctx = Ctx> = (inv: Invocation, ctx: C) => void;

/** What one analysis looks for: set by its user (a gate), the same for every nested analysis. */
export interface Rules {
  /** The approval marker's variable: `NAME=1` on a simple command approves it. */
  approvalVariable: string;
  /** Could text speaking of this matter? Parts known only at run time are unprovable only when it could. */
  mentions: RegExp;
  /** What `mentions` speaks of, for messages ("a merge or push"). */
  topic: string;
  /** The user's home directory, for `cd` and `~`. */
  home: string | undefined;
  domain: Domain<World>;
  /** Every simple command, before it is followed (wrappers, shells and runners included). */
  visit: Analyzer;
  /** The domain's analyser for a command name the analysis does not follow itself (see `followsCommand`). */
  commandFor(name: string): Analyzer | undefined;
  /** The domain's command names: a file name pattern in command position that could be one is unprovable. */
  names: readonly string[];
  /** Does interpreter code (python -c, node -e, pwsh -Command…) speak of what matters? */
  codeMatters(code: string, interpreter: string): boolean;
  /**
   * Wrappers the user's config lists, each as words: the command name (as `commandName` gives it) and the
   * words after it (`["tsb", "run"]`), then the command they run.
   */
  wrappers?: readonly (readonly string[])[];
}

export interface Ctx {
  rules: Rules;
  /** What the domain's analysers know before the line runs (the merge gate: checkouts, protected branches). */
  facts: unknown;
  /** The whole input matches `rules.mentions`. */
  mentionsAny: boolean;
  /** A value the input gives a variable (assignment, for list, …) matches `rules.mentions`. */
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
   * read `stdin` unless redirected, in bash unless `dialect` says PowerShell; true if it found anything. `vars`:
   * what a child shell starts with besides the parent's variables (the environment its command set, its
   * positional parameters).
   */
  analyzeCode(
    code: string,
    ctx: Ctx,
    stdin?: Stdin,
    dialect?: "bash" | "powershell",
    vars?: ReadonlyMap<string, ShellVar>,
  ): boolean;
  /** Analyses a command given as words (a wrapper's command, `find -exec`, `git bisect run`). */
  analyzeInvocation(inv: Invocation, ctx: Ctx): void;
  /** Sees every simple command as the analysis meets it, in the worlds it runs in (`hookrail explain`). */
  trace?: (inv: Invocation, ctx: Ctx) => void;
}

/** Shared by every nested analysis of one input. */
export interface RunState {
  /** Findings so far, by command text, to keep one of each (a here-doc fed to bash is read twice). */
  seen: Map<string, Set<string>>;
  /** Code already analysed (in given worlds), with the depth it was analysed at, what it found and left. */
  analyzed: Map<string, { depth: number; variablesMention: boolean; found: boolean; worlds: World[] }>;
  /** Syntax nodes walked so far for the whole line, nested code included (walk-script.ts's budget). */
  steps: number;
}

/** Adds a finding unless one with the same `key` was already recorded for the same command. */
export function record(ctx: Ctx, finding: Finding, key: string): void {
  let keys = ctx.state.seen.get(finding.command);
  if (!keys) {
    keys = new Set();
    ctx.state.seen.set(finding.command, keys);
  }
  if (keys.has(key)) return;
  keys.add(key);
  ctx.findings.push(finding);
}

/** A part of `command` known only at run time, whatever it mentions. */
export function unprovable(ctx: Ctx, command: string, why: string): void {
  const finding: Unprovable = { kind: "unprovable", why, command };
  record(ctx, finding, `u ${why}`);
}

export function addUnprovable(ctx: Ctx, inv: Invocation, why: string): void {
  unprovable(ctx, inv.command, why);
}

// `$1`, `$@`, `${!name}`: values that any word of the input could have supplied.
const ANY_WORD = /\$(?:[0-9@*]|\{[0-9@*!#])/;

/**
 * Could a part known only at run time matter? Only if the command itself mentions it, or a value the input gives
 * a variable does (for positional parameters and xargs input: any word of the input). With merging as the topic:
 * `$EDITOR file` is not a merge; `c='gh pr merge 1'; $c` might be.
 */
export function plausible(ctx: Ctx, inv: Invocation): boolean {
  if (ctx.variablesMention || ctx.rules.mentions.test(inv.command)) return true;
  return ctx.mentionsAny && (inv.open || ANY_WORD.test(inv.command));
}

/** Unprovable when plausible: the usual answer to a part known only at run time. */
export function unknownPart(ctx: Ctx, inv: Invocation, why: string): void {
  if (plausible(ctx, inv)) addUnprovable(ctx, inv, why);
}

/** The same command with other arguments (a wrapper's inner command, xargs' command line…). */
export function withArgs(inv: Invocation, args: Arg[], changes: Partial<Invocation> = {}): Invocation {
  return { ...inv, args, ...changes };
}
