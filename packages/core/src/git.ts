// Every git fact hookrail needs, read through simple-git in this one module.
import { type SimpleGit, simpleGit } from "simple-git";

export interface Worktree {
  path: string;
  /** Branch name without refs/heads/, or null when detached. */
  branch: string | null;
  head: string | null;
  bare: boolean;
  /** Its folder is gone (git would prune it). */
  prunable: boolean;
  /** The worktree this cwd is in. */
  current: boolean;
}

export interface DirtyCounts {
  staged: number;
  unstaged: number;
  untracked: number;
}

// simple-git refuses to start git when the environment names an editor, pager, askpass or ssh program
// (npm itself exports EDITOR), because it cannot tell them from injected ones. Our commands only read
// and never prompt, so those variables are dropped; config paths stay allowed so the user's git config
// (safe.directory, includeIf) still applies.
const UNNEEDED_ENV = new Set(
  "editor pager ssh_askpass git_editor git_sequence_editor git_pager git_askpass git_ssh git_ssh_command git_proxy_command git_external_diff git_template_dir".split(
    " ",
  ),
);

function gitEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (value !== undefined && !UNNEEDED_ENV.has(name.toLowerCase())) env[name] = value;
  }
  return { ...env, LC_ALL: "C", GIT_TERMINAL_PROMPT: "0", GIT_OPTIONAL_LOCKS: "0" };
}

function git(cwd: string, timeoutMs?: number): SimpleGit {
  // Quiet, locale-independent output; never prompt for credentials or open an editor.
  return simpleGit({
    baseDir: cwd,
    maxConcurrentProcesses: 4,
    unsafe: { allowUnsafeConfigPaths: true, allowUnsafeConfigEnvCount: true },
    // By default a non-zero exit without stderr counts as success (merge-base --is-ancestor, symbolic-ref -q).
    errors: (error, result) =>
      error ?? (result.exitCode === 0 ? undefined : Buffer.from(`git exited with ${result.exitCode}`)),
    // Done when git's output closes. The default also arms a 50 ms timer at exit that keeps every hook
    // process alive 50 ms after its answer; our read-only commands leave no child holding their output.
    completion: { onClose: true, onExit: false },
    ...(timeoutMs ? { timeout: { block: timeoutMs } } : {}),
  }).env(gitEnv());
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

function parseStatus(out: string): { branch: string | null; head: string | null; counts: DirtyCounts } {
  const counts: DirtyCounts = { staged: 0, unstaged: 0, untracked: 0 };
  let branch: string | null = null;
  let head: string | null = null;
  for (const line of out.split("\n")) {
    if (line.startsWith("# branch.head ")) branch = line === "# branch.head (detached)" ? null : line.slice(14);
    else if (line.startsWith("# branch.oid ")) head = line === "# branch.oid (initial)" ? null : line.slice(13);
    else if (line.startsWith("? ")) counts.untracked++;
    else if (line.startsWith("1 ") || line.startsWith("2 ") || line.startsWith("u ")) {
      const xy = line.slice(2, 4);
      if (line.startsWith("u ") || (xy[0] !== "." && xy[1] !== ".")) {
        counts.staged++;
        counts.unstaged++;
      } else if (xy[0] !== ".") counts.staged++;
      else counts.unstaged++;
    }
  }
  return { branch, head, counts };
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
      prunable: lines.some((l) => l.startsWith("prunable")),
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

export type StatusSummary =
  | { ok: true; branch: string | null; head: string | null; counts: DirtyCounts }
  | { ok: false; reason: "timeout" | "failed" };

/** Branch, HEAD and uncommitted counts from one `git status`; gives up when git is silent for timeoutMs (huge repos). */
export async function statusSummary(cwd: string, timeoutMs: number): Promise<StatusSummary> {
  try {
    const out = await git(cwd, timeoutMs).raw([
      "status",
      "--porcelain=v2",
      "--branch",
      "--untracked-files=normal",
      "--ignore-submodules=dirty",
    ]);
    return { ok: true, ...parseStatus(out) };
  } catch (error) {
    return { ok: false, reason: /timeout/i.test(String(error)) ? "timeout" : "failed" };
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
    const [head, ref, topLevel] = out.trim().split("\n");
    if (!head || !ref || !topLevel) return null;
    return { branch: ref.startsWith("refs/heads/") ? ref.slice("refs/heads/".length) : null, head, topLevel };
  } catch {
    return null;
  }
}

export type CheckoutLocation =
  | { kind: "git-missing" }
  | { kind: "not-a-repository" }
  | { kind: "bare"; gitDir: string }
  /** Inside a repository's .git folder rather than its work tree. */
  | { kind: "inside-git-dir"; gitDir: string }
  | ({ kind: "worktree"; superproject: string | null } & RepoLocation);

const LOCATION_FLAGS = [
  "--is-bare-repository",
  "--is-inside-work-tree",
  "--is-shallow-repository",
  "--path-format=absolute",
  "--git-dir",
  "--git-common-dir",
];

/** What kind of place cwd is for git; tells a missing git binary apart from a folder outside any repository. */
export async function checkoutLocation(cwd: string): Promise<CheckoutLocation> {
  try {
    // --show-toplevel fails outside a work tree; the usual case needs one process, the rare ones two.
    const args = ["rev-parse", ...LOCATION_FLAGS, "--show-toplevel", "--show-superproject-working-tree"];
    const [, , shallow, gitDir, commonDir, topLevel, superproject] = (await git(cwd).raw(args)).trim().split("\n");
    if (gitDir && commonDir && topLevel) {
      const isLinkedWorktree = gitDir !== commonDir;
      const isShallow = shallow === "true";
      return {
        kind: "worktree",
        topLevel,
        gitDir,
        commonDir,
        isLinkedWorktree,
        isShallow,
        superproject: superproject || null,
      };
    }
  } catch (error) {
    if (isGitMissing(error)) return { kind: "git-missing" };
  }
  try {
    const [bare, , , gitDir] = (await git(cwd).raw(["rev-parse", ...LOCATION_FLAGS])).trim().split("\n");
    if (gitDir) return bare === "true" ? { kind: "bare", gitDir } : { kind: "inside-git-dir", gitDir };
  } catch (error) {
    if (isGitMissing(error)) return { kind: "git-missing" };
  }
  return { kind: "not-a-repository" };
}

const isGitMissing = (error: unknown) => /spawn \S*git\S* ENOENT/.test(String(error));
