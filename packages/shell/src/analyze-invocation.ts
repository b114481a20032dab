// Dispatches one simple command: the rules' visitor sees it first, then wrappers are taken off and the code that
// shells, runners and interpreters run is followed; other names go to the domain's analyser for that name.
import { analyzeRunner } from "./command-runners.ts";
import { type Analyzer, type Ctx, type Invocation, unknownPart, withArgs } from "./context.ts";
import { followsCommand, LOOSE_WRAPPERS } from "./followed.ts";
import { analyzeDeno, analyzeInterpreter, interpreterOf } from "./interpreters.ts";
import { subcommandAt } from "./package-managers.ts";
import { runCode } from "./run-code.ts";
import { SHELLS } from "./shell-names.ts";
import { analyzeAlias, analyzeEval, analyzeShell, analyzeSource } from "./shell-runners.ts";
import { commandName, globToRegExp } from "./shell-words.ts";
import { unwrap } from "./unwrap-wrappers.ts";
import { runWrittenFile } from "./written-files.ts";

// A glob in command position (`/usr/bin/e?v`) that could name one of these (or a domain's command) is not
// followed: it is unprovable.
const GLOB_CANDIDATES = "env sudo xargs eval bash sh zsh dash ksh python python3 node perl ruby".split(" ");
// `env env env … gh`: past this many wrappers the command is not followed further.
const MAX_HOPS = 16;

function analyzerFor(name: string, ctx: Ctx): Analyzer | undefined {
  if (!followsCommand(name)) return ctx.rules.commandFor(name);
  if (SHELLS.has(name)) return analyzeShell;
  if (name === "eval") return analyzeEval;
  if (name === "source" || name === ".") return analyzeSource;
  if (name === "alias") return analyzeAlias;
  if (name === "deno") return analyzeDeno;
  if (interpreterOf(name)) return (inv, c) => analyzeInterpreter(name, inv, c);
  if (LOOSE_WRAPPERS.has(name)) return loose;
  return (inv, c) => {
    const unwrapped = unwrap(name, inv, c.rules.approvalVariable);
    if (unwrapped === undefined) analyzeRunner(name, inv, c);
    else if (unwrapped && "code" in unwrapped) runCode(unwrapped.code, inv, c);
    else if (unwrapped) {
      if (unwrapped.shifted)
        unknownPart(
          c,
          inv,
          'a word before its command is known only at run time and, unquoted, may split into more words (quote it: "$X")',
        );
      for (const one of [unwrapped.inv, ...(unwrapped.more ?? [])]) next(one, c);
    }
  };
}

export function analyzeInvocation(inv: Invocation, ctx: Ctx): void {
  ctx.trace?.(inv, ctx);
  ctx.rules.visit(inv, ctx);
  const first = inv.args[0];
  if (!first) return;
  const name = commandName(first);
  // `./run.sh` the line wrote: its text runs.
  if (first.value?.includes("/") && runWrittenFile(first, inv.args.slice(1), inv, ctx, true)) return;
  if (name === null) unknownPart(ctx, inv, "the command name is known only at run time");
  else if (!first.glob) {
    analyzerFor(name, ctx)?.(inv, ctx);
    listedWrapper(name, inv, ctx);
  } else {
    const pattern = globToRegExp(name);
    if (GLOB_CANDIDATES.some((c) => pattern.test(c)) || ctx.rules.names.some((c) => pattern.test(c))) {
      unknownPart(ctx, inv, "the command name is a file name pattern");
    }
  }
}

/**
 * A wrapper the user's config lists (`"tsb run"`): its words, then options of unknown arity, then a command run
 * unchanged: the first word that is not an option, or any word that follows an option (it may be the option's
 * value), or the word after `--`. Read besides whatever the name is otherwise, so a listed wrapper only adds.
 */
function listedWrapper(name: string, inv: Invocation, ctx: Ctx): void {
  for (const words of ctx.rules.wrappers ?? []) {
    if (words[0] !== name || !words.every((w, i) => i === 0 || inv.args[i]?.value === w)) continue;
    const starts = subcommandAt(
      inv.args.map((a) => a.value),
      words.length,
    );
    for (const at of starts) next(withArgs(inv, inv.args.slice(at)), ctx);
  }
}

function next(inv: Invocation, ctx: Ctx): void {
  const hops = (inv.hops ?? 0) + 1;
  if (hops > MAX_HOPS) unknownPart(ctx, inv, "it nests too many command wrappers to follow");
  else analyzeInvocation({ ...inv, hops }, ctx);
}

function loose(inv: Invocation, ctx: Ctx): void {
  const dash = inv.args.findIndex((a, i) => i > 0 && a.value === "--");
  if (dash > 0) {
    next(withArgs(inv, inv.args.slice(dash + 1)), ctx);
    return;
  }
  let tried = 0;
  for (let i = 1; i < inv.args.length && tried < 3; i++) {
    const name = commandName(inv.args[i]);
    if (name === null || LOOSE_WRAPPERS.has(name) || !isKnown(name, ctx)) continue;
    tried++;
    next(withArgs(inv, inv.args.slice(i)), ctx);
  }
}

function isKnown(name: string, ctx: Ctx): boolean {
  return SHELLS.has(name) || interpreterOf(name) !== undefined || ctx.rules.commandFor(name) !== undefined;
}
