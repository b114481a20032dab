// Commands beyond gh, glab and git that merge a pull request or land on a branch: other forges' CLIs (Gitea's tea,
// Forgejo's fj, Azure DevOps' `az repos pr`), the stacked-change tools that merge or push to trunk (Graphite's gt,
// git-town, ghstack, spr), merge queues' CLIs (Aviator's av, Trunk's `trunk merge`) and the other front ends of a git
// repository (Jujutsu's `jj git push`, Sapling's `sl push`). Each is a table row: the words of the command that
// lands, the options that take a value (so their values are not read as those words), and what stops it landing
// (`--help`, a dry run).
import {
  type Arg,
  addUnprovable,
  flagState,
  type Invocation,
  is,
  literalArg,
  type ScannedOption,
  scanInterspersed,
  unknownPart,
} from "@hookrail/shell/engine";
import type { LandingTool } from "./analysed-names.ts";
import { addMerge, type Ctx } from "./context.ts";
import { analyzeTeaApi } from "./gh-merge.ts";
import { gitCl, gitClText } from "./git-cl.ts";
import { isProtected } from "./protected-branch.ts";
import { patternMayBeProtected } from "./ref-patterns.ts";

/** A command that always lands when its words match: `tea pulls merge 3`, `git-town ship`, `gt merge`. */
interface MergeCommand {
  /** Each word in turn, by its spellings (aliases); the words are the command's first operands. */
  words: readonly (readonly string[])[];
  /** What the block reason says it does. */
  does: string;
  /** Options that take a value, short (letters) and long. */
  short: string;
  long: readonly string[];
  /** Options with which it only shows what it would do. */
  dryRun?: readonly string[];
}

const MERGES: Readonly<Record<Exclude<LandingTool, "az" | "jj" | "sl" | "git-cl" | "trunk">, MergeCommand>> = {
  // Gitea's CLI: `tea pulls merge <index>` (the group also as `pull` and `pr`, merge also as `m`).
  tea: {
    words: [
      ["pulls", "pull", "pr"],
      ["merge", "m"],
    ],
    does: "merges a pull request on Gitea",
    short: "rRlostm",
    long: ["--repo", "--remote", "--login", "--output", "--style", "--title", "--message"],
  },
  // Forgejo's CLI: `fj pr merge [<id>]`.
  fj: {
    words: [["pr"], ["merge"]],
    does: "merges a pull request on Forgejo",
    short: "HRrMtm",
    long: ["--host", "--remote", "--repo", "--method", "--title", "--message", "--style"],
  },
  // Graphite: `gt merge` merges the pull requests of the stack up to the current branch (`land` in older releases).
  gt: {
    words: [["merge", "land"]],
    does: "merges a stack of pull requests through Graphite",
    short: "",
    long: ["--cwd"],
    dryRun: ["--dry-run"],
  },
  // git-town (`git town ship`, `git-town ship`): merges the branch into its parent, trunk included, and pushes it.
  "git-town": {
    words: [["ship"]],
    does: "ships a branch: merges it into its parent branch and pushes that",
    short: "m",
    long: ["--message", "--message-file", "--strategy"],
    dryRun: ["--dry-run"],
  },
  // ghstack lands a stack of pull requests by pushing it onto the default branch.
  ghstack: {
    words: [["land"]],
    does: "lands a stack of pull requests on the default branch",
    short: "",
    long: ["--github-url", "--remote-name"],
  },
  // `git spr merge` (ejoffe's spr) and `spr land` (getcord's) merge the pull requests of a stack.
  "git-spr": {
    words: [["merge"]],
    does: "merges a stack of pull requests",
    short: "",
    long: ["--count"],
  },
  spr: {
    words: [["land", "merge"]],
    does: "merges a stack of pull requests",
    short: "",
    long: ["--count", "--cherry-pick"],
  },
  // Aviator: `av pr queue` adds the current branch's pull request to Aviator's merge queue, which merges it.
  av: {
    words: [["pr"], ["queue"]],
    does: "queues a pull request in Aviator's merge queue, which merges it",
    short: "tb",
    long: ["--title", "--body", "--reviewers", "--targets", "--skip-line-reason"],
  },
};

/**
 * A command that lands only with a flag set: Graphite's `gt submit --merge-when-ready` (also `gt ss`, submit
 * --stack) marks the pull requests it submits to merge by themselves once their requirements are met.
 */
interface ArmedCommand {
  words: readonly (readonly string[])[];
  flags: readonly string[];
  /** The flags that turn it off again (`--no-merge-when-ready`). */
  negations: readonly string[];
  does: string;
}

const ARMED: Readonly<Partial<Record<LandingTool, ArmedCommand>>> = {
  gt: {
    words: [["submit", "s", "ss"]],
    flags: ["--merge-when-ready"],
    negations: ["--no-merge-when-ready"],
    does: "sets a stack of pull requests to merge by themselves through Graphite",
  },
  // `av pr --queue`: pushes the branch, opens its pull request if there is none, and queues it in Aviator's queue.
  av: {
    words: [["pr"]],
    flags: ["--queue"],
    negations: [],
    does: "queues a pull request in Aviator's merge queue, which merges it",
  },
};

const armedRoute = (name: string, a: ArmedCommand) => `${name} ${a.words.map((w) => w[0]).join(" ")} ${a.flags[0]}`;

const HELP = ["-h", "--help"];

/** The analyser for a landing tool (analysed-names.ts lists them, for the prefilter). */
export function landingAnalyzer(name: LandingTool): (inv: Invocation, ctx: Ctx) => void {
  if (name === "az") return azure;
  if (name === "jj") return jujutsu;
  if (name === "sl") return sapling;
  if (name === "git-cl") return gitCl;
  if (name === "trunk") return trunk;
  const merge = MERGES[name];
  return (inv, ctx) => mergeCommand(name, merge, inv, ctx);
}

/** The route of a finding this file made, as the block reason says it (undefined: not one of these). */
export function landingText(route: string): string | undefined {
  for (const [name, m] of Object.entries(MERGES)) if (route === mergeRoute(name, m)) return m.does;
  for (const [name, a] of Object.entries(ARMED)) if (route === armedRoute(name, a)) return a.does;
  if (route === AZ_COMPLETE) return "completes (merges) an Azure DevOps pull request";
  if (route === AZ_AUTO) return "sets an Azure DevOps pull request to complete (merge) by itself";
  const created = /^az repos pr create --auto-complete into (.+)$/.exec(route);
  if (created) return `creates an Azure DevOps pull request that completes (merges) into ${created[1]} by itself`;
  if (route === AZ_POLICY)
    return "changes the branch policies or the default branch on Azure DevOps (the server-side lock)";
  const ref = /^az repos ref (create|delete) of (.+)$/.exec(route);
  if (ref) return `${ref[1] === "create" ? "creates" : "deletes"} protected branch ${ref[2]} on Azure DevOps`;
  if (route === "jj git push --tracked") return "pushes every tracked bookmark, protected branches included";
  if (route === TRUNK_MERGE) return "inserts a pull request into Trunk's merge queue, which merges it";
  return gitClText(route);
}

function mergeCommand(name: string, m: MergeCommand, inv: Invocation, ctx: Ctx): void {
  const w = scanInterspersed(inv.args.slice(1), { short: m.short, long: m.long });
  // Gitea's `tea api` calls the merge routes as `gh api` does.
  if (name === "tea" && is(w.operands[0], "api")) {
    analyzeTeaApi(inv, ctx, inv.args.slice(1));
    return;
  }
  if (flagState(w, HELP) === true || (m.dryRun && flagState(w, m.dryRun) === true)) return;
  const armed = ARMED[name as LandingTool];
  if (armed && wordsMatch(armed.words, w.operands)) {
    const on = flagState(w, armed.flags, armed.negations);
    const unknown = `whether \`${armed.flags[0]}\` is set is known only at run time`;
    // A word known only at run time may be the flag itself (`--merge-when-ready=$ON`, `$FLAGS`).
    const dynamic = on === false && inv.args.some((a) => a.value === null);
    if (on === true) addMerge(ctx, inv, armedRoute(name, armed));
    else if (on === undefined) addUnprovable(ctx, inv, unknown);
    else if (dynamic) unknownPart(ctx, inv, unknown);
    // Not armed: the words may still be a command that lands (`av pr` is also the start of `av pr queue`).
    if (on !== false || dynamic) return;
  }
  for (let i = 0; i < m.words.length; i++) {
    const word = w.operands[i];
    if (!word) {
      if (inv.open) unknownPart(ctx, inv, `${name} gets its subcommand at run time`);
      return;
    }
    if (word.value === null) {
      unknownPart(ctx, inv, `the ${name} subcommand is known only at run time`);
      return;
    }
    if (!(m.words[i] as readonly string[]).some((s) => is(word, s))) return;
  }
  addMerge(ctx, inv, mergeRoute(name, m));
}

/** Are the first operands these words (each by one of its spellings)? */
function wordsMatch(words: readonly (readonly string[])[], operands: readonly Arg[]): boolean {
  return words.every((spellings, i) => {
    const word = operands[i];
    return word !== undefined && spellings.some((s) => is(word, s));
  });
}

/** A merge command's route: its name and the first spelling of each word (`tea pulls merge`). */
const mergeRoute = (name: string, m: MergeCommand) => `${name} ${m.words.map((w) => w[0]).join(" ")}`;

const TRUNK_MERGE = "trunk merge";
// `trunk merge` subcommands that do not insert a pull request.
const TRUNK_OTHER = ["status", "cancel", "pause", "resume", "help"];

/**
 * Trunk's CLI: `trunk merge <pr-number>` inserts the pull request into Trunk's merge queue, which merges it once it
 * passes; `trunk merge status|cancel|pause|resume` do not. Its other commands (`trunk check`, `trunk fmt`) land
 * nothing.
 */
function trunk(inv: Invocation, ctx: Ctx): void {
  const w = scanInterspersed(inv.args.slice(1), { short: "p", long: ["--priority"] });
  if (flagState(w, HELP) === true) return;
  const [command, pr] = w.operands;
  if (command === undefined || command.value === null) {
    if (command !== undefined || inv.open) unknownPart(ctx, inv, "the trunk subcommand is known only at run time");
    return;
  }
  if (!is(command, "merge")) return;
  if (pr === undefined) {
    if (inv.open) unknownPart(ctx, inv, "trunk merge gets its pull request at run time");
    return;
  }
  if (!TRUNK_OTHER.some((other) => is(pr, other))) addMerge(ctx, inv, TRUNK_MERGE);
}

const AZ_COMPLETE = "az repos pr update --status completed";
const AZ_AUTO = "az repos pr update --auto-complete";
const AZ_POLICY = "az repos branch policy change";

/**
 * Azure DevOps: `az repos pr update --status completed` completes (merges) a pull request, `--auto-complete` sets it
 * to complete once its policies pass (`--bypass-policy` lifts them); `az repos pr create --auto-complete` does so
 * from the start, into its target branch (the default branch when it names none). The command's words come first;
 * every option after them takes a value, except a three-state flag given alone (`--auto-complete`).
 */
function azure(inv: Invocation, ctx: Ctx): void {
  const args = inv.args.slice(1);
  const at = args.findIndex((a) => a.value === null || a.value.startsWith("-"));
  const words = at < 0 ? args : args.slice(0, at);
  if (words.some((a) => a.value === null)) {
    unknownPart(ctx, inv, "the az command is known only at run time");
    return;
  }
  const options = azOptions(at < 0 ? [] : args.slice(at));
  if (!is(words[0], "repos") || flagState({ options }, HELP) === true) return;
  if (!is(words[1], "pr")) {
    azureRepos(inv, ctx, words, options);
    return;
  }
  const auto = flagState({ options }, ["--auto-complete"]);
  if (is(words[2], "update")) {
    const status = options.findLast((o) => o.name === "--status")?.value;
    if (status?.value === null) unknownPart(ctx, inv, "the pull request's new status is known only at run time");
    else if (status?.value.toLowerCase() === "completed") addMerge(ctx, inv, AZ_COMPLETE);
    if (auto === true) addMerge(ctx, inv, AZ_AUTO);
    else if (auto === undefined) addUnprovable(ctx, inv, "whether `--auto-complete` is set is known only at run time");
  } else if (is(words[2], "create") && auto !== false) {
    if (auto === undefined) {
      addUnprovable(ctx, inv, "whether `--auto-complete` is set is known only at run time");
      return;
    }
    const target = options.findLast((o) => o.name === "--target-branch" || o.name === "-t")?.value;
    if (target?.value === null) addUnprovable(ctx, inv, "the pull request's target branch is known only at run time");
    else {
      const branch = target?.value.replace(/^refs\/heads\//, "");
      if (branch === undefined || isProtected(branch, ctx.facts.protectedBranches)) {
        addMerge(ctx, inv, `az repos pr create --auto-complete into ${branch ?? "the default branch"}`);
      }
    }
  }
}

/**
 * `az repos ref create|delete --name heads/main` makes or deletes a branch; `az repos policy create…|update…|delete`
 * changes the branch policies a merge must pass, and `az repos update --default-branch` the default branch (the
 * server-side lock, as the forges' protection APIs).
 */
function azureRepos(inv: Invocation, ctx: Ctx, words: readonly Arg[], options: readonly ScannedOption[]): void {
  const [, group, action] = words;
  if (is(group, "ref") && (is(action, "create") || is(action, "delete"))) {
    const name = options.findLast((o) => o.name === "--name")?.value;
    if (!name || name.value === null) unknownPart(ctx, inv, "the ref it writes is named only at run time");
    else {
      const branch = name.value.replace(/^(?:refs\/)?heads\//, "");
      if (isProtected(branch, ctx.facts.protectedBranches)) {
        addMerge(ctx, inv, `az repos ref ${action?.value} of ${branch}`);
      }
    }
  } else if (is(group, "policy") && words.slice(2).some((w) => /^(?:create|update|delete)$/.test(w.value ?? ""))) {
    addMerge(ctx, inv, AZ_POLICY);
  } else if (is(group, "update") && options.some((o) => o.name === "--default-branch")) {
    addMerge(ctx, inv, AZ_POLICY);
  }
}

/** az's options: `--name value`, `--name=value`, or a flag alone when the next word is another option. */
function azOptions(args: readonly Arg[]): ScannedOption[] {
  const options: ScannedOption[] = [];
  for (let i = 0; i < args.length; i++) {
    const v = (args[i] as Arg).value;
    if (v === null || !v.startsWith("-")) continue;
    const eq = v.indexOf("=");
    if (eq > 0) {
      options.push({ name: v.slice(0, eq), value: literalArg(v.slice(eq + 1)) });
      continue;
    }
    const next = args[i + 1];
    const value = next && (next.value === null || !next.value.startsWith("-")) ? next : undefined;
    options.push({ name: v, value });
    if (value) i++;
  }
  return options;
}

// jj's options that take a value (its global ones and `git push`'s).
const JJ_SHORT = "Rbrc";
const JJ_LONG = [
  "--repository",
  "--at-operation",
  "--at-op",
  "--config",
  "--config-toml",
  "--config-file",
  "--color",
  "--bookmark",
  "--branch",
  "--remote",
  "--revisions",
  "--change",
  "--named",
];

/**
 * Jujutsu: `jj git push` pushes the bookmarks it names (`-b main`, `--bookmark glob:ma*`, `--named main=@`), every
 * bookmark (`--all`) or every tracked one (`--tracked`, the default branch's included); a bookmark is a branch on
 * the remote. Without those it pushes the bookmarks of the changes it is given, which the gate cannot see.
 */
function jujutsu(inv: Invocation, ctx: Ctx): void {
  const w = scanInterspersed(inv.args.slice(1), { short: JJ_SHORT, long: JJ_LONG });
  const [group, sub] = w.operands;
  if (group?.value === null || (is(group, "git") && sub?.value === null)) {
    unknownPart(ctx, inv, "the jj subcommand is known only at run time");
    return;
  }
  if (!is(group, "git") || !is(sub, "push")) return;
  if (flagState(w, HELP) === true || flagState(w, ["--dry-run"]) === true) return;
  if (flagState(w, ["--all"]) === true) addMerge(ctx, inv, "jj git push --all");
  if (flagState(w, ["--tracked"]) === true) addMerge(ctx, inv, "jj git push --tracked");
  for (const o of w.options) {
    const named = o.name === "--named";
    if (!named && !["-b", "--bookmark", "--branch"].includes(o.name)) continue;
    if (!o.value || o.value.value === null) {
      unknownPart(ctx, inv, "the bookmark it pushes is named only at run time");
      continue;
    }
    const name = named ? o.value.value.replace(/=.*$/s, "") : o.value.value;
    judgeBookmark(inv, ctx, name, "jj git push");
  }
}

/** A bookmark name or pattern (`exact:main`, `glob:rel*`, `main`: a glob in older releases, exact in newer). */
function judgeBookmark(inv: Invocation, ctx: Ctx, text: string, how: string): void {
  const m = /^(exact|glob|glob-i|substring|substring-i|regex|regex-i):(.*)$/s.exec(text);
  const kind = m ? (m[1] as string) : "";
  const name = m ? (m[2] as string) : text;
  if (kind === "exact" || (kind === "" && !/[*?[]/.test(name))) {
    if (isProtected(name, ctx.facts.protectedBranches)) addMerge(ctx, inv, `${how} to ${name}`);
    return;
  }
  const protectedBranches = ctx.facts.protectedBranches;
  const hits =
    kind === "" || kind === "glob"
      ? patternMayBeProtected(`refs/heads/${name}`, protectedBranches)
      : kind === "glob-i"
        ? patternMayBeProtected(
            `refs/heads/${name.toLowerCase()}`,
            protectedBranches.map((b) => b.toLowerCase()),
          )
        : kind.startsWith("substring")
          ? protectedBranches.some((b) => b.toLowerCase().includes(name.toLowerCase()) || /[*?[]/.test(b))
          : true;
  if (hits) addMerge(ctx, inv, `${how} to ${name} (a pattern)`);
}

/** Sapling: `sl push --to main` pushes to the remote branch main (`--delete main` deletes it). */
function sapling(inv: Invocation, ctx: Ctx): void {
  const w = scanInterspersed(inv.args.slice(1), {
    short: "rBeR",
    long: ["--rev", "--to", "--bookmark", "--delete", "--ssh", "--remotecmd", "--config", "--cwd", "--repository"],
  });
  const [sub] = w.operands;
  if (sub?.value === null) {
    unknownPart(ctx, inv, "the sl subcommand is known only at run time");
    return;
  }
  if (!is(sub, "push") || flagState(w, HELP) === true) return;
  for (const o of w.options) {
    if (!["--to", "--bookmark", "-B", "--delete"].includes(o.name)) continue;
    if (!o.value || o.value.value === null) unknownPart(ctx, inv, "the branch it pushes to is named only at run time");
    else if (isProtected(o.value.value, ctx.facts.protectedBranches)) addMerge(ctx, inv, `sl push to ${o.value.value}`);
  }
}
