// Tools that publish a folder by pushing it as a commit to a branch: gh-pages (npm), angular-cli-ghpages (`ngh`),
// push-dir, git-directory-deploy, ghp-import and `mkdocs gh-deploy`. Their branch is gh-pages unless an option names
// another: `gh-pages -d dist -b main` replaces main with the folder. Each is a table row: the words of the command, the
// options that take a value (so their values are not read as words), the options naming the branch, and what stops
// the push (`--no-push`, a dry run, ghp-import without `--push`).
import { addUnprovable, flagState, type Invocation, is, scanInterspersed, unknownPart } from "@hookrail/shell/engine";
import type { BranchPublisher } from "./analysed-names.ts";
import { addMerge, type Ctx } from "./context.ts";
import { isProtected } from "./protected-branch.ts";

interface Publisher {
  /** Words that must come first (`mkdocs gh-deploy`). */
  words?: readonly string[];
  /** Options that take a value, short (letters) and long. */
  short: string;
  long: readonly string[];
  /** The options that name the branch it pushes to, and the branch when none does. */
  branch: readonly string[];
  /** Options with which it does not push. */
  noPush?: readonly string[];
  /** Options it needs to push at all (ghp-import commits only, unless `-p`). */
  pushOnly?: readonly string[];
}

const GH_PAGES: Publisher = {
  short: "dsbemgrpouv",
  long: ["--dist", "--src", "--branch", "--dest", "--message", "--tag", "--git", "--cname", "--repo", "--depth"].concat(
    ["--remote", "--user", "--remove", "--before-add"],
  ),
  branch: ["-b", "--branch"],
  noPush: ["-n", "--no-push"],
};

const ANGULAR: Publisher = {
  short: "drRmbnec",
  long: ["--dir", "--repo", "--remote", "--message", "--branch", "--name", "--email", "--cname"],
  branch: ["-b", "--branch"],
  noPush: ["--dry-run"],
};

// minimist reads `--name value` and `--name=value` for any name; these take a value.
const PUSH_DIR: Publisher = {
  short: "",
  long: ["--dir", "--branch", "--remote", "--message"],
  branch: ["--branch"],
};

const DIRECTORY_DEPLOY: Publisher = {
  short: "dbuerm",
  long: ["--directory", "--branch", "--username", "--email", "--repo", "--remote", "--message"],
  branch: ["-b", "--branch"],
};

const GHP_IMPORT: Publisher = {
  short: "mcxrb",
  long: ["--message", "--cname", "--prefix", "--remote", "--branch"],
  branch: ["-b", "--branch"],
  pushOnly: ["-p", "--push"],
};

const MKDOCS: Publisher = {
  words: ["gh-deploy"],
  short: "mbrfda",
  long: ["--message", "--remote-branch", "--remote-name", "--config-file", "--site-dir", "--theme"],
  branch: ["-b", "--remote-branch"],
};

const PUBLISHERS: Readonly<Record<BranchPublisher, Publisher>> = {
  "gh-pages": GH_PAGES,
  "angular-cli-ghpages": ANGULAR,
  ngh: ANGULAR,
  "push-dir": PUSH_DIR,
  "git-directory-deploy": DIRECTORY_DEPLOY,
  "ghp-import": GHP_IMPORT,
  mkdocs: MKDOCS,
};

// The branch these tools push to when no option names one.
const DEFAULT_BRANCH = "gh-pages";

/** The analyser for a publisher (analysed-names.ts lists them, for the prefilter). */
export function publisherAnalyzer(name: BranchPublisher): (inv: Invocation, ctx: Ctx) => void {
  const p = PUBLISHERS[name];
  return (inv, ctx) => publish(name, p, inv, ctx);
}

function publish(name: string, p: Publisher, inv: Invocation, ctx: Ctx): void {
  const w = scanInterspersed(inv.args.slice(1), { short: p.short, long: [...p.long] });
  for (const [i, word] of (p.words ?? []).entries()) {
    const given = w.operands[i];
    if (given?.value === null) unknownPart(ctx, inv, `the ${name} subcommand is known only at run time`);
    if (!given || !is(given, word)) return;
  }
  if (flagState(w, ["-h", "--help"]) === true) return;
  if (p.noPush && flagState(w, p.noPush) === true) return;
  if (p.pushOnly && flagState(w, p.pushOnly) !== true) return;
  const named = w.options.findLast((o) => p.branch.includes(o.name))?.value;
  if (named?.value === null) {
    // It pushes whatever else it does: a branch named at run time may be a protected one.
    addUnprovable(ctx, inv, `the branch ${name} pushes to is named only at run time`);
    return;
  }
  const branch = (named?.value ?? DEFAULT_BRANCH).replace(/^refs\/heads\//, "");
  if (isProtected(branch, ctx.facts.protectedBranches)) addMerge(ctx, inv, `${name} push to ${branch}`);
}
