// Every git fact hookrail needs, read through simple-git in this one module.
import { type SimpleGit, simpleGit } from "simple-git";

export interface Worktree {
  path: string;
  /** Branch name without refs/heads/, or null when detached. */
  branch: string | null;
  head: string | null;
  bare: boolean;
  /** The worktree this cwd is in. */
  current: boolean;
}

export interface DirtyCounts {
  staged: number;
  unstaged: number;
  untracked: number;
}

function git(cwd: string): SimpleGit {
  // Quiet, locale-independent output; never prompt for credentials or open an editor.
  return simpleGit({ baseDir: cwd, maxConcurrentProcesses: 4 }).env({
    ...process.env,
    LC_ALL: "C",
    GIT_TERMINAL_PROMPT: "0",
    GIT_OPTIONAL_LOCKS: "0",
  });
}

/** The checked-out branch name, or null (detached HEAD, not a repo, git missing). */
export async function currentBranch(cwd: string): Promise<string | null> {
  try {
    const name = (await git(cwd).raw(["symbolic-ref", "--quiet", "--short", "HEAD"])).trim();
    return name || null;
  } catch {
    return null;
  }
}

/** The full HEAD sha, or null (no commits yet, not a repo). */
export async function headSha(cwd: string): Promise<string | null> {
  try {
    return (await git(cwd).raw(["rev-parse", "--verify", "--quiet", "HEAD"])).trim() || null;
  } catch {
    return null;
  }
}

/** Whether `ancestor` is an ancestor of (or equal to) `descendant`. */
export async function isAncestor(cwd: string, ancestor: string, descendant: string): Promise<boolean> {
  try {
    await git(cwd).raw(["merge-base", "--is-ancestor", ancestor, descendant]);
    return true;
  } catch {
    return false;
  }
}

/** Staged, unstaged and untracked file counts from `git status --porcelain=v2`. */
export async function dirtyCounts(cwd: string): Promise<DirtyCounts> {
  const out = await git(cwd).raw(["status", "--porcelain=v2", "--untracked-files=normal", "--ignore-submodules=dirty"]);
  const counts: DirtyCounts = { staged: 0, unstaged: 0, untracked: 0 };
  for (const line of out.split("\n")) {
    if (line.startsWith("? ")) counts.untracked++;
    else if (line.startsWith("1 ") || line.startsWith("2 ") || line.startsWith("u ")) {
      const xy = line.slice(2, 4);
      if (line.startsWith("u ") || (xy[0] !== "." && xy[1] !== ".")) {
        counts.staged++;
        counts.unstaged++;
      } else if (xy[0] !== ".") counts.staged++;
      else counts.unstaged++;
    }
  }
  return counts;
}

/** Every worktree of the repository, from `git worktree list --porcelain`. */
export async function worktrees(cwd: string): Promise<Worktree[]> {
  const [out, top] = await Promise.all([
    git(cwd).raw(["worktree", "list", "--porcelain"]),
    git(cwd)
      .raw(["rev-parse", "--show-toplevel"])
      .then((s) => s.trim())
      .catch(() => ""),
  ]);
  const list: Worktree[] = [];
  for (const block of out.split("\n\n")) {
    const lines = block.split("\n").filter(Boolean);
    const path = lines.find((l) => l.startsWith("worktree "))?.slice("worktree ".length);
    if (!path) continue;
    const branchRef = lines.find((l) => l.startsWith("branch "))?.slice("branch ".length);
    list.push({
      path,
      branch: branchRef ? branchRef.replace(/^refs\/heads\//, "") : null,
      head: lines.find((l) => l.startsWith("HEAD "))?.slice("HEAD ".length) ?? null,
      bare: lines.includes("bare"),
      current: top !== "" && path === top,
    });
  }
  return list;
}

export interface RepoLocation {
  /** The worktree's top folder. */
  topLevel: string;
  /** This worktree's git dir and the repository's common git dir (equal in the main worktree). */
  gitDir: string;
  commonDir: string;
  isLinkedWorktree: boolean;
  isShallow: boolean;
}

/** Where this cwd sits in git; null outside a work tree (no repo, a bare repo's inside, git missing). */
export async function repoLocation(cwd: string): Promise<RepoLocation | null> {
  try {
    const out = await git(cwd).raw([
      "rev-parse",
      "--path-format=absolute",
      "--show-toplevel",
      "--git-dir",
      "--git-common-dir",
      "--is-shallow-repository",
    ]);
    const [topLevel, gitDir, commonDir, shallow] = out.trim().split("\n");
    if (!topLevel || !gitDir || !commonDir) return null;
    return { topLevel, gitDir, commonDir, isLinkedWorktree: gitDir !== commonDir, isShallow: shallow === "true" };
  } catch {
    return null;
  }
}

/** The remote's default branch (origin/HEAD), if the clone knows it. */
export async function remoteDefaultBranch(cwd: string, remote = "origin"): Promise<string | null> {
  try {
    const ref = (await git(cwd).raw(["symbolic-ref", "--quiet", `refs/remotes/${remote}/HEAD`])).trim();
    return ref.replace(`refs/remotes/${remote}/`, "") || null;
  } catch {
    return null;
  }
}
