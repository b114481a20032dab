// The merge gate's analysers by command name: git, gh, hub, glab, the HTTP clients and the other landing tools. The shell analysis follows
// every other command that can run these (shells, wrappers, runners) and hands them over.
import { type Analyzer, literalArg, withArgs } from "@hookrail/shell/engine";
import { isBranchPublisher, isDashedGit, isHttpClient, isLandingTool } from "./analysed-names.ts";
import { publisherAnalyzer } from "./branch-publishers.ts";
import type { Ctx } from "./context.ts";
import { gerritCommand } from "./gerrit.ts";
import { analyzeGhCommand } from "./gh-alias.ts";
import { analyzeGh, analyzeGlab } from "./gh-merge.ts";
import { analyzeGit } from "./git-command.ts";
import { analyzeHttp } from "./http-clients.ts";
import { landingAnalyzer } from "./landing-tools.ts";

// One analyser per name, made on first use: this runs for every simple command.
const made = new Map<string, Analyzer | undefined>();

/** The gate's analyser for a name the shell analysis does not follow itself. */
export function mergeAnalyzerFor(name: string): Analyzer | undefined {
  if (made.has(name)) return made.get(name);
  const judge = analyzerFor(name);
  const analyzer: Analyzer | undefined = judge && ((inv, ctx) => judge(inv, ctx as Ctx));
  made.set(name, analyzer);
  return analyzer;
}

function analyzerFor(name: string): Analyzer<Ctx> | undefined {
  if (name === "gh") return (inv, ctx) => analyzeGhCommand(inv, ctx, analyzeGh);
  if (name === "git") return analyzeGit;
  // git's own programs run directly (`$(git --exec-path)/git-push`): `git-<sub> …` is `git <sub> …`.
  if (isDashedGit(name)) {
    return (inv, ctx) =>
      analyzeGit(withArgs(inv, [literalArg("git"), literalArg(name.slice(4)), ...inv.args.slice(1)]), ctx);
  }
  // hub wraps git and has its own `hub api`.
  if (name === "hub") {
    return (inv, ctx) => {
      analyzeGit(inv, ctx);
      analyzeGh(inv, ctx);
    };
  }
  if (name === "glab") return analyzeGlab;
  if (isHttpClient(name)) return (inv, ctx) => analyzeHttp(name, inv, ctx);
  if (isLandingTool(name)) return landingAnalyzer(name);
  if (isBranchPublisher(name)) return publisherAnalyzer(name);
  if (name === "gerrit") return gerritCommand;
  return undefined;
}
