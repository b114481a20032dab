// Every git fact hookrail reads through simple-git (@hookrail/core/git): started in _simple-git.ts; what kind of
// place a folder is, in _git-location.ts.
// Paths are read from NUL-separated output where git has it (`-z`), else from the end of the output, so a
// folder name with a newline in it stays one path.
// No command here may end in silence: simple-git waits 50 ms after a git that printed nothing on stdout or
// stderr before it resolves, so the commands that can fail quietly run without --quiet (their failure then
// says so on stderr, and the exit code makes it an error) and `rev-list` counts instead of listing.
import { lastPath } from "./_git-exec.ts";
import { markWorktrees, type Worktree } from "./_git-worktrees.ts";
import { git } from "./_simple-git.ts";

export { type CheckoutLocation, checkoutLocation, type RepoLocation } from "./_git-location.ts";
export { type DirtyCounts, type StatusSummary, statusSummary } from "./_git-status.ts";
export { canonical, type Worktree } from "./_git-worktrees.ts";

/** The checked-out branch name, or null (detached HEAD, not a repo, git missing). */
export async function currentBranch(cwd: string): Promise<string | null> {
  try {
    const name = (await git(cwd).raw(["symbolic-ref", "--short", "HEAD"])).trim();
    return name || null;
  } catch {
    return null;
  }
}

/** The full HEAD sha, or null (no commits yet, not a repo). */
export async function headSha(cwd: string): Promise<string | null> {
  try {
    return (await git(cwd).raw(["rev-parse", "--verify", "HEAD"])).trim() || null;
  } catch {
    return null;
  }
}

/**
 * Every worktree of the repository, from `git worktree list --porcelain -z`. `topLevel`: cwd's worktree folder
 * when the caller knows it already (else git is asked), to mark the current one.
 */
export async function worktrees(cwd: string, topLevel?: string | PromiseLike<string>): Promise<Worktree[]> {
  const [out, top] = await Promise.all([
    git(cwd).raw(["worktree", "list", "--porcelain", "-z"]),
    topLevel ??
      git(cwd)
        .raw(["rev-parse", "--show-toplevel"])
        .then(lastPath)
        .catch(() => ""),
  ]);
  return markWorktrees(cwd, out, top, (dir, args) => git(dir).raw(args));
}

/** Whether the repository has any commit at all (an unborn branch can sit in a repository with history). */
export async function hasAnyCommit(cwd: string): Promise<boolean> {
  try {
    return (await git(cwd).raw(["rev-list", "-n", "1", "--count", "--all"])).trim() === "1";
  } catch {
    return false;
  }
}

/** The remote's default branch (origin/HEAD), if the clone knows it. */
export async function remoteDefaultBranch(cwd: string, remote = "origin"): Promise<string | null> {
  try {
    const ref = (await git(cwd).raw(["symbolic-ref", `refs/remotes/${remote}/HEAD`])).trim();
    return ref.replace(`refs/remotes/${remote}/`, "") || null;
  } catch {
    return null;
  }
}

export interface HeadState {
  /** Branch name, or null when detached. */
  branch: string | null;
  head: string;
  topLevel: string;
}

/** Branch, HEAD sha and worktree folder from one git process (the per-edit hot path); null when unreadable or no commits. */
export async function headState(cwd: string): Promise<HeadState | null> {
  try {
    // --symbolic-full-name applies only to the names after it: the first HEAD prints the sha, the second the ref.
    const out = await git(cwd).raw(["rev-parse", "HEAD", "--symbolic-full-name", "HEAD", "--show-toplevel"]);
    const [head, ref] = out.split("\n", 2);
    // The folder comes last: everything after the second line, so a newline in it survives.
    const topLevel = lastPath(out.split("\n").slice(2).join("\n"));
    if (!head || !ref || !topLevel) return null;
    return { branch: ref.startsWith("refs/heads/") ? ref.slice("refs/heads/".length) : null, head, topLevel };
  } catch {
    return null;
  }
}
