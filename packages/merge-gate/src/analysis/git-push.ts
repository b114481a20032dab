// `git push`: which branches it writes, from its refspecs or, for a bare push, the current branch.
import { addMerge, addUnprovable, type Ctx, type Invocation, unknownPart } from "./context.ts";
import { pushCurrentBranch } from "./current-branch.ts";
import { isProtected } from "./protected-branch.ts";
import { expandAbbreviations, flagState, hasOption, scanInterspersed } from "./scan-options.ts";
import type { Arg } from "./shell-words.ts";

/** Destinations that are not a plain branch name. */
export const CURRENT = Symbol("current branch");
export const ALL = Symbol("all matching branches");
type Destination = string | typeof CURRENT | typeof ALL | null;

const PUSH = { short: "o", long: ["--repo", "--push-option", "--receive-pack", "--exec"] };
// Every long option of git push, for its abbreviations (`--mirr` is `--mirror`).
const PUSH_LONG = (
  "--repo --all --branches --mirror --delete --tags --dry-run --porcelain --force --force-with-lease " +
  "--force-if-includes --recurse-submodules --thin --receive-pack --exec --set-upstream --progress --prune " +
  "--verify --no-verify --follow-tags --signed --atomic --push-option --ipv4 --ipv6 --verbose --quiet"
).split(" ");
// `git push origin "$(git branch --show-current)"` names the current branch in a way worth knowing.
const CURRENT_BRANCH =
  /^(?:\$\(|`)\s*git\s+(?:branch\s+--show-current|rev-parse\s+--abbrev-ref\s+HEAD|symbolic-ref\s+(?:-q\s+)?--short\s+(?:-q\s+)?HEAD)\s*(?:\)|`)$/;

/** The branch a refspec writes (`+src:dst`, `:dst` deletes it): null for tags and other refs. */
export function destination(refspec: string): Destination {
  const spec = refspec.startsWith("+") ? refspec.slice(1) : refspec;
  if (spec === ":") return ALL;
  const colon = spec.indexOf(":");
  const dst =
    colon < 0 || colon === spec.length - 1 ? spec.slice(0, colon < 0 ? undefined : colon) : spec.slice(colon + 1);
  if (dst === "HEAD" || dst === "@") return CURRENT;
  if (dst.startsWith("refs/heads/")) return dst.slice("refs/heads/".length);
  return dst.startsWith("refs/") ? null : dst;
}

/** What `git` was told before its subcommand. */
export interface GitGlobals {
  /** `-c key=value` pairs, keys lower-cased. */
  config: Map<string, Arg>;
  /** `-C dir`, `--git-dir`, `--work-tree`: another repository, whose current branch is not known. */
  otherRepo: boolean;
}

export function pushToBranch(inv: Invocation, ctx: Ctx, dst: Destination, git: GitGlobals, how = "git push"): void {
  // `:` pushes all matching branches; a pattern (`refs/heads/*:refs/heads/*`) may cover protected ones.
  if (dst === CURRENT) pushCurrentBranch(ctx, inv, how, git.otherRepo);
  else if (dst === ALL || dst?.includes("*")) addMerge(ctx, inv, `${how} --all`);
  else if (dst !== null && isProtected(dst, ctx.facts.protectedBranches)) addMerge(ctx, inv, `${how} to ${dst}`);
}

/** `args` are the words after `push`. */
export function analyzePush(inv: Invocation, ctx: Ctx, args: Arg[], git: GitGlobals): void {
  const s = expandAbbreviations(scanInterspersed(args, PUSH), PUSH_LONG);
  // The last of --dry-run / --no-dry-run wins; `--dry-run=x` is an error, not a dry run.
  if (flagState(s, ["-n", "--dry-run"], ["--no-dry-run"]) === true) return;
  if (hasOption(s, "--mirror", "--all", "--branches")) {
    addMerge(ctx, inv, hasOption(s, "--mirror") ? "git push --mirror" : "git push --all");
    return;
  }
  const deletes = hasOption(s, "-d", "--delete");
  const [, ...refspecs] = s.operands;
  for (const r of refspecs) {
    if (r.value !== null) pushToBranch(inv, ctx, deletes ? deleted(r.value) : destination(r.value), git);
    else if (CURRENT_BRANCH.test(r.text)) pushToBranch(inv, ctx, CURRENT, git);
    else addUnprovable(ctx, inv, "it pushes a branch named only at run time");
  }
  // `xargs git push origin --delete` gets the branches to delete at run time.
  if (refspecs.length > 0 || (deletes && !inv.open)) return;
  if (inv.open) unknownPart(ctx, inv, "git push gets its branches at run time");
  else if (!hasOption(s, "--tags")) {
    if (changesBarePush(git.config)) {
      addUnprovable(ctx, inv, "git config on the command line changes which branches a bare push writes");
    } else pushToBranch(inv, ctx, CURRENT, git);
  }
}

/** Without refspecs git pushes per push.default and remote.<name>.push: a `-c` that sets them changes the answer. */
function changesBarePush(config: Map<string, Arg>): boolean {
  const mode = config.get("push.default");
  if (mode && !/^(simple|current|nothing)$/.test(mode.value ?? "")) return true;
  return [...config.keys()].some((k) => /^remote\..+\.push$/.test(k));
}

/** `git push --delete origin main`: the operands are ref names. */
function deleted(ref: string): Destination {
  if (ref.startsWith("refs/heads/")) return ref.slice("refs/heads/".length);
  return ref.startsWith("refs/") ? null : ref;
}
