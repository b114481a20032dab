// The merge gate's analysers by command name: git, gh, hub and the HTTP clients. The shell analysis follows
// every other command that can run these (shells, wrappers, runners) and hands them over.
import { type Analyzer, followsCommand } from "@hookrail/shell/engine";
import type { Ctx } from "./context.ts";
import { analyzeGhCommand } from "./gh-alias.ts";
import { analyzeGh } from "./gh-merge.ts";
import { analyzeGit } from "./git-command.ts";
import { analyzeHttp, isHttpClient } from "./http-clients.ts";

/** The command names the gate's own analysers judge (a file name pattern that could be one is unprovable). */
export const MERGE_COMMANDS: readonly string[] = ["gh", "git", "hub", "curl", "wget", "http", "https", "xh"];

/** Does the analysis look at commands of this name at all? (The prefilter relies on the answer: see prefilter.ts.) */
export function hasAnalyzer(name: string): boolean {
  return followsCommand(name) || name === "gh" || name === "git" || name === "hub" || isHttpClient(name);
}

/** The gate's analyser for a name the shell analysis does not follow itself. */
export function mergeAnalyzerFor(name: string): Analyzer | undefined {
  const judge = analyzerFor(name);
  return judge && ((inv, ctx) => judge(inv, ctx as Ctx));
}

function analyzerFor(name: string): Analyzer<Ctx> | undefined {
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
  return undefined;
}
