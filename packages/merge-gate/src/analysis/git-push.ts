// `git push`: which branches it writes, from its refspecs, or for a bare push from the current branch and
// the config that applies where it runs (push.default, remote.<name>.push, branch.<name>.merge).

import {
  type Arg,
  addUnprovable,
  expandAbbreviations,
  flagState,
  hasOption,
  type Invocation,
  maySplit,
  type ScannedOption,
  scanInterspersed,
  unknownPart,
} from "@hookrail/shell/engine";
import { branchesAt, type ConfigView, configAt } from "./checkouts.ts";
import { addMerge, type Ctx } from "./context.ts";
import { judgePartialReviewPush, judgeReviewPush } from "./gerrit.ts";
import { cliConfig, configHidden, type GitGlobals, placeOf } from "./git-place.ts";
import { pushSkipsHooks } from "./hook-bypass.ts";
import { isProtected } from "./protected-branch.ts";
import { fullRefPattern, patternMayBeProtected } from "./ref-patterns.ts";

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
  // A pattern over other refs (`refs/*`) may still cover branches: kept whole.
  return dst.startsWith("refs/") && !dst.includes("*") ? null : dst;
}

/** A destination pattern (`feature/*`, `refs/*`) that could write a protected branch. */
function patternHits(dst: string, ctx: Ctx): boolean {
  return patternMayBeProtected(fullRefPattern(dst), ctx.facts.protectedBranches);
}

export function pushToBranch(inv: Invocation, ctx: Ctx, dst: Destination, git: GitGlobals, how = "git push"): void {
  // `:` pushes all matching branches; a pattern (`refs/heads/*:refs/heads/*`) may cover protected ones, unless its
  // destination cannot match one (`refs/heads/feature/*`).
  if (dst === CURRENT) {
    for (const w of ctx.flow.worlds) {
      for (const b of branchesAt(ctx.facts, w, placeOf(inv, ctx, git, w))) judgeBranch(inv, ctx, b, how);
    }
  } else if (typeof dst === "string" && dst.includes("*")) {
    if (patternHits(dst, ctx)) addMerge(ctx, inv, `${how} --all`);
  } else if (dst === ALL) addMerge(ctx, inv, `${how} --all`);
  else if (dst !== null && isProtected(dst, ctx.facts.protectedBranches)) addMerge(ctx, inv, `${how} to ${dst}`);
}

function judgeBranch(inv: Invocation, ctx: Ctx, branch: string | null, how: string): void {
  if (branch === null) addUnprovable(ctx, inv, "it pushes the current branch, which is not known (detached HEAD?)");
  else if (isProtected(branch, ctx.facts.protectedBranches)) addMerge(ctx, inv, `${how} to ${branch}`);
}

/** `args` are the words after `push`. */
export function analyzePush(inv: Invocation, ctx: Ctx, args: Arg[], git: GitGlobals): void {
  const s = expandAbbreviations(scanInterspersed(args, PUSH), PUSH_LONG);
  // The last of --dry-run / --no-dry-run wins; `--dry-run=x` is an error, not a dry run.
  if (flagState(s, ["-n", "--dry-run"], ["--no-dry-run"]) === true) return;
  pushSkipsHooks(inv, ctx, args, git);
  // An option's value that bash may split (`-o x=$T`) may add words: a refspec among them. So may options known
  // only in part (`-u$X`), which may also hide one that takes the next word.
  if (mayAddWords(s))
    addUnprovable(ctx, inv, 'an unquoted value known only at run time may add refspecs to it (quote it: "$X")');
  pushArmsAutoMerge(inv, ctx, s.options);
  if (hasOption(s, "--mirror", "--all", "--branches")) {
    addMerge(ctx, inv, hasOption(s, "--mirror") ? "git push --mirror" : "git push --all");
    return;
  }
  const deletes = hasOption(s, "-d", "--delete");
  const [remote, ...refspecs] = s.operands;
  for (const r of refspecs) {
    if (r.value === null) {
      if (CURRENT_BRANCH.test(r.text)) pushToBranch(inv, ctx, CURRENT, git);
      else if (!judgePartialReviewPush(inv, ctx, r, s.options))
        addUnprovable(ctx, inv, "it pushes a branch named only at run time");
    } else if (deletes) pushToBranch(inv, ctx, deleted(r.value), git);
    else if (judgeReviewPush(inv, ctx, refspecDestination(r.value), s.options)) continue;
    else {
      pushToBranch(inv, ctx, destination(r.value), git);
      if (!r.value.includes(":")) mappedSource(inv, ctx, git, remote, r.value);
    }
  }
  // `xargs git push origin --delete` gets the branches to delete at run time.
  if (refspecs.length > 0 || (deletes && !inv.open)) return;
  if (inv.open) unknownPart(ctx, inv, "git push gets its branches at run time");
  else if (!hasOption(s, "--tags")) {
    for (const w of ctx.flow.worlds) {
      const place = placeOf(inv, ctx, git, w);
      const view = configAt(ctx.facts, w, place, cliConfig(git), configHidden(inv, git, w));
      for (const b of branchesAt(ctx.facts, w, place)) {
        if (b === null) judgeBranch(inv, ctx, b, "git push");
        else barePush(inv, ctx, view, remote, b);
      }
    }
  }
}

// GitLab's push options: `merge_request.merge_when_pipeline_succeeds` (now `merge_request.auto_merge`) sets the
// merge request the push opens or updates to merge by itself once its pipeline passes, into
// `merge_request.target` or else the project's default branch.
const AUTO_MERGE_OPTION = /^merge_request\.(?:merge_when_pipeline_succeeds|auto_merge)(?:=(.*))?$/i;
const TARGET_OPTION = /^merge_request\.target=(.*)$/i;

/** `git push -o merge_request.auto_merge`: a merge into the target branch once the pipeline passes. */
function pushArmsAutoMerge(inv: Invocation, ctx: Ctx, options: readonly ScannedOption[]): void {
  const values = options.filter((o) => o.name === "-o" || o.name === "--push-option").map((o) => o.value);
  if (values.some((v) => v?.value === null && /merge_request/i.test(v.text))) {
    addUnprovable(ctx, inv, "it passes GitLab push options known only at run time");
    return;
  }
  const armed = values.some((v) => {
    const match = AUTO_MERGE_OPTION.exec(v?.value ?? "");
    return match !== null && !/^(?:false|0|no|off)$/i.test(match[1] ?? "true");
  });
  if (!armed) return;
  const target = values.map((v) => TARGET_OPTION.exec(v?.value ?? "")?.[1]).findLast((t) => t !== undefined);
  if (target === undefined || target === "" || isProtected(target, ctx.facts.protectedBranches)) {
    addMerge(ctx, inv, `git push -o merge_request.auto_merge into ${target || "the default branch"}`);
  }
}

const SEND_PACK = { short: "", long: ["--receive-pack", "--exec", "--push-option"] };
const SEND_PACK_LONG = (
  "--all --mirror --dry-run --force --receive-pack --exec --verbose --quiet --thin --atomic --signed " +
  "--push-option --stdin --stateless-rpc --helper-status --force-with-lease --force-if-includes --progress"
).split(" ");

/**
 * `git send-pack [<options>] <repository> [<ref>...]`, git push's plumbing (and `git http-push <url> [<ref>...]`,
 * its WebDAV cousin): each ref is a refspec; with none (or --all, --mirror) it sends every matching branch;
 * --stdin reads more refs at run time.
 */
export function analyzeSendPack(inv: Invocation, ctx: Ctx, args: Arg[], git: GitGlobals, how = "git send-pack"): void {
  const s = expandAbbreviations(scanInterspersed(args, SEND_PACK), SEND_PACK_LONG);
  if (flagState(s, ["--dry-run"]) === true) return;
  const [, ...refs] = s.operands;
  const later = hasOption(s, "--stdin") || inv.open;
  if (hasOption(s, "--all", "--mirror") || (refs.length === 0 && !later)) {
    addMerge(ctx, inv, `${how} --all`);
    return;
  }
  // Refs on stdin may name any branch; refs appended at run time (xargs) count where the input mentions them.
  if (hasOption(s, "--stdin")) addUnprovable(ctx, inv, "git send-pack reads the refs it sends from its input");
  else if (inv.open) unknownPart(ctx, inv, "git send-pack gets its refs at run time");
  if (mayAddWords(s))
    addUnprovable(ctx, inv, 'an unquoted value known only at run time may add refs to it (quote it: "$X")');
  // A Gerrit review ref (`HEAD:refs/for/main%submit`, `--push-option=submit`) is read as git push reads it.
  for (const r of refs) {
    if (r.value === null) {
      if (!judgePartialReviewPush(inv, ctx, r, s.options))
        addUnprovable(ctx, inv, "it sends a branch named only at run time");
    } else if (!judgeReviewPush(inv, ctx, refspecDestination(r.value), s.options)) {
      pushToBranch(inv, ctx, destination(r.value), git, how);
    }
  }
}

/** An option value or an option-like word known only at run time that bash may split into more words. */
function mayAddWords(s: { options: readonly ScannedOption[]; operands: readonly Arg[] }): boolean {
  return (
    s.options.some((o) => o.value !== undefined && maySplit(o.value)) ||
    s.operands.some((a) => a.value === null && a.text.startsWith("-") && maySplit(a))
  );
}

const UNKNOWN_CONFIG = "git config that applies here is not known, and it decides where a bare push goes";

/** What `git push [remote]` writes from branch `b`: remote.<r>.push, else push.default. */
function barePush(inv: Invocation, ctx: Ctx, view: ConfigView, remote: Arg | undefined, b: string): void {
  const remotes = remotesOf(view, remote, b);
  if (remotes === undefined) {
    addUnprovable(ctx, inv, UNKNOWN_CONFIG);
    return;
  }
  let configured = false;
  for (const r of remotes) {
    const specs = r === null ? undefined : view.all(`remote.${r}.push`);
    if (specs === undefined) {
      addUnprovable(ctx, inv, UNKNOWN_CONFIG);
      return;
    }
    for (const spec of specs) {
      configured = true;
      if (spec === null) addUnprovable(ctx, inv, "git config set at run time decides where a bare push goes");
      else {
        const dst = destination(spec);
        if (dst === CURRENT) judgeBranch(inv, ctx, b, "git push (remote push config)");
        else if (typeof dst === "string" && dst.includes("*")) {
          if (patternHits(dst, ctx)) addMerge(ctx, inv, "git push --all");
        } else if (dst === ALL) addMerge(ctx, inv, "git push --all");
        else if (dst !== null && isProtected(dst, ctx.facts.protectedBranches)) {
          addMerge(ctx, inv, `git push (remote push config) to ${dst}`);
        }
      }
    }
  }
  if (configured) return;
  for (const to of pushDefault(inv, ctx, view, b)) judgeBranch(inv, ctx, to, "git push");
}

/** The branches push.default sends branch `b` to (null: not known); `matching` is recorded as --all. */
function pushDefault(inv: Invocation, ctx: Ctx, view: ConfigView, b: string): (string | null)[] {
  const modes = view.effective("push.default");
  if (modes === undefined) {
    addUnprovable(ctx, inv, UNKNOWN_CONFIG);
    return [];
  }
  const out: (string | null)[] = [];
  for (const mode of modes.length === 0 ? ["simple"] : modes) {
    if (mode === "nothing") continue;
    if (mode === "current" || mode === "simple") out.push(b);
    else if (mode === "upstream" || mode === "tracking") out.push(...upstreamOf(view, b));
    else if (mode === "matching") addMerge(ctx, inv, "git push --all");
    else out.push(null);
  }
  return out;
}

/** branch.<b>.merge without refs/heads/ (null: not known). */
function upstreamOf(view: ConfigView, b: string): (string | null)[] {
  const merge = view.effective(`branch.${b}.merge`);
  if (merge === undefined) return [null];
  return merge.map((m) => (m === null ? null : m.replace(/^refs\/heads\//, "")));
}

/** The remotes a bare push may go to (null entries: not known); undefined when the config is not known. */
function remotesOf(view: ConfigView, remote: Arg | undefined, b: string): (string | null)[] | undefined {
  if (remote) return [remote.value];
  const out = new Set<string | null>();
  for (const key of [`branch.${b}.pushremote`, "remote.pushdefault", `branch.${b}.remote`]) {
    const values = view.effective(key);
    if (values === undefined) return undefined;
    for (const v of values) out.add(v);
  }
  out.add("origin");
  return [...out];
}

/**
 * `git push origin feature` without `:dst` still consults config: a remote.<r>.push refspec whose source
 * matches sends it there, and push.default=upstream sends it to its upstream branch.
 */
function mappedSource(inv: Invocation, ctx: Ctx, git: GitGlobals, remote: Arg | undefined, src: string): void {
  const name = src.replace(/^\+/, "").replace(/^refs\/heads\//, "");
  if (name === "HEAD" || name === "@" || name.startsWith("refs/") || name === "tag") return;
  for (const w of ctx.flow.worlds) {
    const view = configAt(ctx.facts, w, placeOf(inv, ctx, git, w), cliConfig(git), configHidden(inv, git, w));
    const specs = remote?.value ? view.all(`remote.${remote.value}.push`) : [];
    const modes = view.effective("push.default");
    // Where the config cannot be read, the push is judged by the name it gives (a limit the README states).
    if (specs === undefined || modes === undefined) continue;
    for (const spec of specs) {
      const m = spec === null ? null : /^\+?([^:]*):(.*)$/.exec(spec);
      if (spec === null) addUnprovable(ctx, inv, "git config set at run time decides where this push goes");
      else if (m && (m[1] === name || m[1] === `refs/heads/${name}`))
        pushToBranch(inv, ctx, destination(m[2] ?? ""), git);
    }
    if (modes.some((m) => m === "upstream" || m === "tracking")) {
      for (const to of upstreamOf(view, name)) {
        if (to !== name) judgeBranch(inv, ctx, to, "git push (to its upstream)");
      }
    }
  }
}

/** The destination of a refspec as written (`HEAD:refs/for/main%submit` gives `refs/for/main%submit`). */
function refspecDestination(refspec: string): string {
  const spec = refspec.replace(/^\+/, "");
  const colon = spec.indexOf(":");
  return colon < 0 ? spec : spec.slice(colon + 1);
}

/** `git push --delete origin main`: the operands are ref names. */
function deleted(ref: string): Destination {
  if (ref.startsWith("refs/heads/")) return ref.slice("refs/heads/".length);
  return ref.startsWith("refs/") ? null : ref;
}
