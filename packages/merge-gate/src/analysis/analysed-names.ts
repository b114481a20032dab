// The command names the merge gate's analysis looks at, by name alone: the prefilter (prefilter.ts) asks them on every
// line without setting up the analysers (analyze-invocation.ts) or the shell's parser.
import { followsCommand } from "@hookrail/shell/names";
import { GIT_BUILTINS } from "./git-builtins.ts";

/**
 * Other forges' CLIs, the stacked-change tools that merge or push to trunk, and git's other front ends
 * (landing-tools.ts, whose table is typed by this list).
 */
export const LANDING_TOOLS = [
  ...["tea", "fj", "gt", "git-town", "ghstack", "git-spr", "spr", "az", "jj", "sl"],
  // Merge queues' CLIs: Aviator's av, Trunk's `trunk merge`.
  ...["av", "trunk"],
  // depot_tools' `git cl` (git-cl.ts).
  "git-cl",
] as const;
export type LandingTool = (typeof LANDING_TOOLS)[number];
const LANDING: ReadonlySet<string> = new Set(LANDING_TOOLS);

export const isLandingTool = (name: string): name is LandingTool => LANDING.has(name);

/** Tools that publish a folder by pushing it to a branch (branch-publishers.ts, whose table is typed by this list). */
export const BRANCH_PUBLISHERS = [
  "gh-pages",
  "angular-cli-ghpages",
  "ngh",
  "push-dir",
  "git-directory-deploy",
  "ghp-import",
  "mkdocs",
] as const;
export type BranchPublisher = (typeof BRANCH_PUBLISHERS)[number];
const PUBLISHERS: ReadonlySet<string> = new Set(BRANCH_PUBLISHERS);

export const isBranchPublisher = (name: string): name is BranchPublisher => PUBLISHERS.has(name);

/** The command names the gate's own analysers judge (a file name pattern that could be one is unprovable). */
export const MERGE_COMMANDS: readonly string[] = [
  ...["gh", "git", "hub", "glab", "curl", "wget", "http", "https", "xh"],
  ...LANDING_TOOLS,
  ...BRANCH_PUBLISHERS,
  // Gerrit's ssh commands (`ssh -p 29418 host gerrit review --submit`).
  "gerrit",
];

/** The HTTP clients whose requests the gate reads (http-clients.ts, whose table is typed by this list). */
export const HTTP_CLIENTS = ["curl", "wget", "http", "https", "xh", "xhs"] as const;
export type HttpClient = (typeof HTTP_CLIENTS)[number];
const CLIENTS: ReadonlySet<string> = new Set(HTTP_CLIENTS);

export const isHttpClient = (name: string): name is HttpClient => CLIENTS.has(name);

/**
 * `git-push`, `git-send-pack`, …: one of git's own programs, as git-core holds them (`git-lfs` and other
 * `git-*` tools are programs of their own).
 */
export const isDashedGit = (name: string) => name.startsWith("git-") && GIT_BUILTINS.has(name.slice(4));

/** Does the analysis look at commands of this name at all? (The prefilter relies on the answer: see prefilter.ts.) */
export function hasAnalyzer(name: string): boolean {
  return (
    followsCommand(name) ||
    name === "gh" ||
    name === "git" ||
    isDashedGit(name) ||
    name === "hub" ||
    name === "glab" ||
    isHttpClient(name) ||
    isLandingTool(name) ||
    isBranchPublisher(name) ||
    name === "gerrit"
  );
}
