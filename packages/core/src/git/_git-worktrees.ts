// Every worktree of a repository, from `git worktree list --porcelain -z`, with the one cwd is in marked: the
// reading shared by `@hookrail/core/git` (through simple-git) and `@hookrail/core/git-fast` (through core's
// plain git runner, for worktree-check's common case).
import { realpathSync } from "node:fs";
import { sep } from "node:path";
import { gitExec, lastPath, parseWorktreeList, type WorktreeEntry } from "./_git-exec.ts";

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

/** The real path, so that two spellings of one folder compare equal (symlinks, a trailing slash). */
export function canonical(path: string): string {
  try {
    return realpathSync.native(path);
  } catch {
    return path.replace(/(.)\/+$/, "$1");
  }
}
