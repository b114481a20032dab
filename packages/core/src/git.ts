// Every git fact hookrail needs, read through simple-git in this one module.
// Paths are read from NUL-separated output where git has it (`-z`), else from the end of the output, so a
// folder name with a newline in it stays one path.
import { realpathSync } from "node:fs";
import { sep } from "node:path";
import { type SimpleGit, simpleGit } from "simple-git";
import { parseWorktreeList } from "./_git-exec.ts";

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

/** Every worktree of the repository, from `git worktree list --porcelain -z`. */
export async function worktrees(cwd: string): Promise<Worktree[]> {
  const [out, top] = await Promise.all([
    git(cwd).raw(["worktree", "list", "--porcelain", "-z"]),
    git(cwd)
      .raw(["rev-parse", "--show-toplevel"])
      .then(lastPath)
      .catch(() => ""),
  ]);
  const list = parseWorktreeList(out);
  const main = list[0];
  // git lists a submodule's main worktree as its git dir (.git/modules/<name>); its work tree is elsewhere.
  if (main && !main.bare && main.path.split(sep).includes(".git")) {
    main.path = await git(cwd)
      .raw(["--git-dir", main.path, "rev-parse", "--show-toplevel"])
      .then(lastPath)
      .catch(() => main.path);
  }
  const here = top ? canonical(top) : "";
  return list.map((w) => ({ ...w, current: here !== "" && canonical(w.path) === here }));
}

/** A path git printed alone (one path, one final newline). */
const lastPath = (out: string) => out.replace(/\n$/, "");

/** The real path, so that two spellings of one folder compare equal (symlinks, a trailing slash). */
export function canonical(path: string): string {
  try {
    return realpathSync.native(path);
  } catch {
    return path.replace(/(.)\/+$/, "$1");
  }
}

/** Whether the repository has any commit at all (an unborn branch can sit in a repository with history). */
export async function hasAnyCommit(cwd: string): Promise<boolean> {
  try {
    return (await git(cwd).raw(["rev-list", "-n", "1", "--all"])).trim() !== "";
  } catch {
    return false;
  }
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
    const [head, ref] = out.split("\n", 2);
    // The folder comes last: everything after the second line, so a newline in it survives.
    const topLevel = lastPath(out.split("\n").slice(2).join("\n"));
    if (!head || !ref || !topLevel) return null;
    return { branch: ref.startsWith("refs/heads/") ? ref.slice("refs/heads/".length) : null, head, topLevel };
  } catch {
    return null;
  }
}

export type CheckoutLocation =
  | { kind: "git-missing" }
  | { kind: "not-a-repository" }
  /** git refuses the repository: it belongs to another user and safe.directory does not allow it. */
  | { kind: "dubious-ownership"; repository: string }
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
    const lines = lastPath(await git(cwd).raw(args)).split("\n");
    const [, , shallow] = lines;
    const paths = lines.length <= 7 && lines.slice(3).every(isFolder) ? lines.slice(3) : await onePerCall(cwd);
    const [gitDir, commonDir, topLevel, superproject] = paths;
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
    const refused = refusedRepository(error);
    if (refused) return refused;
    if (isGitMissing(error)) return { kind: "git-missing" };
  }
  try {
    const [bare, , , gitDir] = (await git(cwd).raw(["rev-parse", ...LOCATION_FLAGS])).trim().split("\n");
    if (gitDir) return bare === "true" ? { kind: "bare", gitDir } : { kind: "inside-git-dir", gitDir };
  } catch (error) {
    const refused = refusedRepository(error);
    if (refused) return refused;
    if (isGitMissing(error)) return { kind: "git-missing" };
  }
  return { kind: "not-a-repository" };
}

// A folder name with a newline in it makes rev-parse's lines ambiguous: then each path is asked alone.
async function onePerCall(cwd: string): Promise<string[]> {
  const flags = ["--git-dir", "--git-common-dir", "--show-toplevel", "--show-superproject-working-tree"];
  return Promise.all(
    flags.map((flag) =>
      git(cwd)
        .raw(["rev-parse", "--path-format=absolute", flag])
        .then(lastPath),
    ),
  );
}

function isFolder(path: string): boolean {
  try {
    return realpathSync.native(path) !== "";
  } catch {
    return false;
  }
}

/** git's "detected dubious ownership in repository at '<path>'" (the repository belongs to another user). */
function refusedRepository(error: unknown): CheckoutLocation | undefined {
  const match = /dubious ownership in repository at '([\s\S]*?)'\n/.exec(String(error));
  return match?.[1] ? { kind: "dubious-ownership", repository: match[1] } : undefined;
}

const isGitMissing = (error: unknown) => /spawn \S*git\S* ENOENT/.test(String(error));
