// Dispatches one simple command to the analyser for its command name, taking wrappers off first.
import { analyzeRunner, isRunner } from "./command-runners.ts";
import { type Ctx, type Invocation, unknownPart, withArgs } from "./context.ts";
import { analyzeGhCommand } from "./gh-alias.ts";
import { analyzeGh } from "./gh-merge.ts";
import { analyzeGit } from "./git-command.ts";
import { analyzeHttp, isHttpClient } from "./http-clients.ts";
import { analyzeDeno, analyzeInterpreter, interpreterOf } from "./interpreters.ts";
import { runCode } from "./run-code.ts";
import { analyzeAlias, analyzeEval, analyzeShell, analyzeSource, SHELLS } from "./shell-runners.ts";
import { commandName, globToRegExp } from "./shell-words.ts";
import { analyzeTamper } from "./tamper.ts";
import { isWrapper, unwrap } from "./unwrap-wrappers.ts";

type Analyzer = (inv: Invocation, ctx: Ctx) => void;

// Wrappers whose options are not modelled: they run the words after `--`, or else the first word naming a known command.
const LOOSE_WRAPPERS = new Set(
  "op dotenv doppler aws-vault direnv mise asdf uv poetry pipenv bundle"
    .concat(" torsocks proxychains proxychains4 strace ltrace firejail unbuffer chrt taskset")
    .split(" "),
);
// A glob in command position (`/usr/bin/g?`) that could name one of these is not followed: it is unprovable.
const GLOB_CANDIDATES =
  "gh git hub curl wget http https xh env sudo xargs eval bash sh zsh dash ksh python python3 node perl ruby".split(
    " ",
  );
// `env env env … gh`: past this many wrappers the command is not followed further.
const MAX_HOPS = 16;

/** Does the analysis look at commands of this name at all? (The prefilter relies on the answer: see prefilter.ts.) */
export function hasAnalyzer(name: string): boolean {
  return (
    isKnown(name) ||
    ["hub", "eval", "source", ".", "alias", "deno"].includes(name) ||
    LOOSE_WRAPPERS.has(name) ||
    isWrapper(name) ||
    isRunner(name)
  );
}

function analyzerFor(name: string): Analyzer | undefined {
  // Every command name below passes hasAnalyzer, so no other name can lead to a finding.
  if (!hasAnalyzer(name)) return undefined;
  if (name === "gh") return (inv, ctx) => analyzeGhCommand(inv, ctx, analyzeGh);
  if (name === "git") return analyzeGit;
  // hub wraps git and has its own `hub api`.
  if (name === "hub") {
    return (inv, ctx) => {
      analyzeGit(inv, ctx);
      analyzeGh(inv, ctx);
    };
  }
  if (isHttpClient(name)) return (inv, ctx) => analyzeHttp(name, inv, ctx);
  if (SHELLS.has(name)) return analyzeShell;
  if (name === "eval") return analyzeEval;
  if (name === "source" || name === ".") return analyzeSource;
  if (name === "alias") return analyzeAlias;
  if (name === "deno") return analyzeDeno;
  if (interpreterOf(name)) return (inv, ctx) => analyzeInterpreter(name, inv, ctx);
  if (LOOSE_WRAPPERS.has(name)) return loose;
  return (inv, ctx) => {
    const unwrapped = unwrap(name, inv);
    if (unwrapped === undefined) analyzeRunner(name, inv, ctx);
    else if (unwrapped && "code" in unwrapped) runCode(unwrapped.code, inv, ctx);
    else if (unwrapped) for (const one of [unwrapped.inv, ...(unwrapped.more ?? [])]) next(one, ctx);
  };
}

export function analyzeInvocation(inv: Invocation, ctx: Ctx): void {
  analyzeTamper(inv, ctx);
  const first = inv.args[0];
  if (!first) return;
  const name = commandName(first);
  if (name === null) unknownPart(ctx, inv, "the command name is known only at run time");
  else if (!first.glob) analyzerFor(name)?.(inv, ctx);
  else if (GLOB_CANDIDATES.some((c) => globToRegExp(name).test(c))) {
    unknownPart(ctx, inv, "the command name is a file name pattern");
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
    if (name === null || LOOSE_WRAPPERS.has(name) || !isKnown(name)) continue;
    tried++;
    next(withArgs(inv, inv.args.slice(i)), ctx);
  }
}

function isKnown(name: string): boolean {
  return name === "gh" || name === "git" || isHttpClient(name) || SHELLS.has(name) || interpreterOf(name) !== undefined;
}
