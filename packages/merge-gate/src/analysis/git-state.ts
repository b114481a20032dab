// git commands that change which branch a checkout has out: checkout, switch, rebase <upstream> <branch>,
// branch -m, symbolic-ref HEAD, and the commands that make a new checkout (worktree add, clone, init).
import { posix } from "node:path";
import {
  type Arg,
  hasOption,
  type Invocation,
  is,
  optionValue,
  resolveDir,
  scanInterspersed,
} from "@hookrail/shell/engine";
import { branchesAt, currentValue, knownBranch, previousBranch } from "./checkouts.ts";
import type { Ctx } from "./context.ts";
import { type GitGlobals, placeOf } from "./git-place.ts";
import { type BranchValue, distinct, type World } from "./repo-state.ts";

type Change = (world: World, place: string | null) => World[];

/** Applies a change to every world, at the place git works in that world. */
function eachWorld(inv: Invocation, ctx: Ctx, git: GitGlobals, change: Change): void {
  ctx.flow.worlds = distinct(ctx.flow.worlds.flatMap((w) => change(w, placeOf(inv, ctx, git, w))));
}

function switched(ctx: Ctx, world: World, dir: string | null, branch: BranchValue, origin?: string | null): World {
  const root = origin !== undefined;
  const from = root ? null : currentValue(ctx.facts, world, dir);
  // An earlier change in the same folder is overridden by this one (its branch lives on as `from`).
  const kept = dir === null ? world.heads : world.heads.filter((h) => h.dir !== dir || h.root !== root);
  return { ...world, heads: [...kept, { dir, root, branch, from, ...(root ? { origin } : {}) }] };
}

/** `git checkout <b>`, `git switch -c <b>`, `-t origin/main`, `-`, `--detach`; `checkout <file>` does not switch. */
export function checkout(inv: Invocation, ctx: Ctx, git: GitGlobals, rest: Arg[], isSwitch: boolean): void {
  if (!isSwitch && rest.some((a) => a.value === "--")) return;
  const s = scanInterspersed(rest, { short: "bBcC", long: ["--orphan", "--conflict", "--pathspec-from-file"] });
  if (hasOption(s, "-p", "--patch", "--ours", "--theirs", "--pathspec-from-file")) return;
  const created = optionValue(s, "-b", "-B", "-c", "-C", "--orphan");
  const [target, ...more] = s.operands;
  if (!isSwitch && !created && more.length > 0) return; // `git checkout main file.txt` restores a file
  eachWorld(inv, ctx, git, (w, dir) => {
    if (created) {
      // `-b fix origin/main` makes fix track main: with push.default=upstream a bare push goes there.
      const start = target?.value;
      const tracks = start?.includes("/") && created.value !== null && !hasOption(s, "--no-track");
      const w2 = tracks ? tracking(w, dir, created.value ?? "", start ?? "") : w;
      return [switched(ctx, w2, dir, created.value)];
    }
    if (hasOption(s, "--detach") || (isSwitch && hasOption(s, "-d"))) return [switched(ctx, w, dir, null)];
    if (!target) return [w];
    if (hasOption(s, "-t", "--track")) {
      // `-t origin/main` creates and switches to main.
      return [switched(ctx, w, dir, target.value === null ? null : target.value.replace(/^[^/]*\//, ""))];
    }
    if (target.value === "-" || target.value?.startsWith("@{-")) {
      return [switched(ctx, w, dir, target.value === "-" ? previousBranch(ctx.facts, w, dir) : null)];
    }
    const to = switched(ctx, w, dir, target.value);
    // A name that may be a file instead: the checkout may restore it and stay.
    const sure = isSwitch || (target.value !== null && knownBranch(ctx.facts, w, dir, target.value));
    return sure ? [to] : [to, w];
  });
}

/** `git rebase <upstream> <branch>` switches to <branch> first. */
export function rebase(inv: Invocation, ctx: Ctx, git: GitGlobals, rest: Arg[]): void {
  const s = scanInterspersed(rest, { short: "xsXC", long: ["--exec", "--onto", "--strategy", "--strategy-option"] });
  const branch = hasOption(s, "--root") ? s.operands[0] : s.operands[1];
  if (!branch || hasOption(s, "--continue", "--abort", "--skip", "--quit", "--edit-todo")) return;
  eachWorld(inv, ctx, git, (w, dir) => [switched(ctx, w, dir, branch.value)]);
}

/** `git branch -m [old] new` renames; when the renamed branch is checked out, HEAD follows. */
export function branch(inv: Invocation, ctx: Ctx, git: GitGlobals, rest: Arg[]): void {
  const s = scanInterspersed(rest, {
    short: "u",
    long: ["--set-upstream-to", "--contains", "--merged", "--format", "--sort"],
  });
  const upstream = optionValue(s, "-u", "--set-upstream-to");
  if (upstream) {
    // `git branch -u origin/main [b]`: b (else the current branch) now tracks main.
    const named = s.operands[0];
    eachWorld(inv, ctx, git, (w, dir) => {
      const names = named ? [named.value] : [...branchesAt(ctx.facts, w, dir)];
      return [names.reduce((acc, b) => tracking(acc, dir, b ?? "*", upstream.value ?? ""), w)];
    });
    return;
  }
  if (!hasOption(s, "-m", "-M", "--move")) return;
  const [first, second] = s.operands;
  const to = second ?? first;
  if (!to) return;
  eachWorld(inv, ctx, git, (w, dir) => {
    const renamed = switched(ctx, w, dir, to.value);
    if (!second) return [renamed];
    const now = branchesAt(ctx.facts, w, dir);
    if (first?.value !== null && now.size === 1 && now.has(first?.value ?? "")) return [renamed];
    return first?.value !== null && !now.has(null) && !now.has(first?.value ?? null) ? [w] : [renamed, w];
  });
}

/** `git symbolic-ref HEAD refs/heads/main` points HEAD at main. */
export function symbolicRef(inv: Invocation, ctx: Ctx, git: GitGlobals, rest: Arg[]): void {
  const s = scanInterspersed(rest, { short: "m" });
  const [ref, target] = s.operands;
  if (!is(ref, "HEAD") || !target || hasOption(s, "-d", "--delete")) return;
  const name = target.value === null ? null : /^refs\/heads\/(.+)$/.exec(target.value)?.[1];
  eachWorld(inv, ctx, git, (w, dir) => [switched(ctx, w, dir, name ?? null)]);
}

/** `git worktree add <path> [<branch>]`, `git clone … <dir>`, `git init <dir>`: a new checkout on that branch. */
export function newCheckout(
  inv: Invocation,
  ctx: Ctx,
  git: GitGlobals,
  sub: "worktree" | "clone" | "init",
  rest: Arg[],
) {
  const spec =
    sub === "clone"
      ? {
          short: "bcjou",
          long: [
            "--branch",
            "--origin",
            "--depth",
            "--reference",
            "--config",
            "--template",
            "--upload-pack",
            "--separate-git-dir",
            "--filter",
          ],
        }
      : { short: "bB", long: ["--reason", "--initial-branch", "--template", "--separate-git-dir", "--object-format"] };
  const s = scanInterspersed(rest, spec);
  let path: Arg | undefined;
  const named = optionValue(s, "-b", "-B", "--branch", "--initial-branch");
  // undefined: a new repository's first branch (init.defaultBranch, the remote's HEAD), not known here.
  let branchName: string | null | undefined = named ? named.value : undefined;
  if (sub === "worktree") {
    if (!is(s.operands[0], "add")) return;
    path = s.operands[1];
    const commit = s.operands[2];
    if (hasOption(s, "--detach")) branchName = null;
    else if (!named) branchName = commit ? commit.value : path?.value ? posix.basename(path.value) : null;
  } else if (sub === "clone") {
    const [url, dir] = s.operands;
    const name = url?.value ? posix.basename(url.value.replace(/\/+$/, "")).replace(/\.git$/, "") : null;
    path = dir ?? (url ? { ...url, value: name } : undefined);
  } else path = s.operands[0] ?? { value: ".", text: ".", glob: false, opaque: false };
  const target = path;
  if (!target) return;
  eachWorld(inv, ctx, git, (w, dir) => {
    const at = resolveDir(dir, target.value, ctx.facts.home);
    return [switched(ctx, w, at, branchName ?? null, dir)];
  });
}

/** branch.<b>.remote/.merge as `--track`/`-u` set them (`origin/main` → origin, refs/heads/main). */
function tracking(w: World, dir: string | null, b: string, upstream: string): World {
  const slash = upstream.indexOf("/");
  const remote = slash > 0 ? upstream.slice(0, slash) : null;
  const merge = upstream === "" ? null : `refs/heads/${upstream.slice(slash + 1)}`;
  const key = (k: string) => (b === "*" ? "*" : `branch.${b}.${k}`);
  return {
    ...w,
    config: [
      ...w.config,
      { dir: dir ?? undefined, key: key("remote"), value: remote, add: false },
      { dir: dir ?? undefined, key: key("merge"), value: merge, add: false },
    ],
  };
}
