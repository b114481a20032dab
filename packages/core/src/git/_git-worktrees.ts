// Every worktree of a repository, from `git worktree list --porcelain -z`, with the one cwd is in marked: the
// reading shared by `@hookrail/core/git` (through simple-git) and `@hookrail/core/git-fast` (through core's
// plain git runner, for worktree-check's common case).
import { lstatSync, realpathSync } from "node:fs";
import { join, sep } from "node:path";
import { type Checkout, gitExec, lastPath, parseWorktreeList, type WorktreeEntry } from "./_git-exec.ts";

export interface Worktree extends WorktreeEntry {
  /** The worktree this cwd is in. */
  current: boolean;
}

/** Runs one read-only git command in a folder and gives its stdout; rejects when git fails. */
export type GitRead = (cwd: string, args: string[]) => Promise<string>;

/**
 * The parsed list with the current worktree marked. git lists a submodule's main worktree as its git dir
 * (`.git/modules/<name>`); its work tree is elsewhere, and is asked of git.
 */
export async function markWorktrees(cwd: string, out: string, topLevel: string, read: GitRead): Promise<Worktree[]> {
  const list = parseWorktreeList(out);
  const main = list[0];
  if (main && !main.bare && main.path.split(sep).includes(".git")) {
    main.path = await read(cwd, ["--git-dir", main.path, "rev-parse", "--show-toplevel"])
      .then(lastPath)
      .catch(() => main.path);
  }
  const here = topLevel ? canonical(topLevel) : "";
  return list.map((w) => ({ ...w, current: here !== "" && canonical(w.path) === here }));
}

/** Every worktree of the repository cwd is in (main first), through core's plain git runner; [] when git cannot list them. */
export async function worktreesFast(
  cwd: string,
  topLevel: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<Worktree[]> {
  const read: GitRead = async (dir, args) => {
    const result = await gitExec(dir, args, { env });
    if (result.code !== 0) throw new Error(`git ${args.join(" ")} exited with ${result.code}`);
    return result.stdout;
  };
  return read(cwd, ["worktree", "list", "--porcelain", "-z"])
    .then((out) => markWorktrees(cwd, out, topLevel, read))
    .catch(() => []);
}

/**
 * The repository's worktrees as `git worktree list` gives them, from files, when that list can hold only the
 * checkout itself: it is the main worktree, its git dir is the `.git` folder in it (git names the main worktree
 * after the common dir), HEAD has a commit (git lists an unborn one with a zero id), and the common dir has no
 * `worktrees` folder, where git registers every linked worktree. Otherwise undefined, and git is asked: one process
 * fewer at a session's start in the common case.
 */
export function soleWorktree(checkout: Checkout): Worktree[] | undefined {
  const { topLevel, gitDir, commonDir, isLinkedWorktree, branch, head } = checkout;
  if (isLinkedWorktree || head === null) return undefined;
  if (gitDir !== commonDir || commonDir !== join(topLevel, ".git")) return undefined;
  try {
    if (!lstatSync(commonDir).isDirectory()) return undefined;
    if (lstatSync(join(commonDir, "worktrees"), { throwIfNoEntry: false }) !== undefined) return undefined;
  } catch {
    return undefined;
  }
  return [{ path: topLevel, branch, head, bare: false, prunable: false, current: true }];
}

/** The real path, so that two spellings of one folder compare equal (symlinks, a trailing slash). */
export function canonical(path: string): string {
  try {
    return realpathSync.native(path);
  } catch {
    return path.replace(/(.)\/+$/, "$1");
  }
}
