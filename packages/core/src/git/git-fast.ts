// Git facts for the HOT paths: hooks that run on every tool call (merge-gate, branch-drift, plan-export).
//
// Why it exists, and what it was measured to save: docs/development.md#no-simple-git-on-hot-paths.
//
// Rules: no simple-git here, and no static import of child_process (esbuild keeps the dynamic one dynamic).
// worktree-check at session start reads its common case here too (readWorktreePlace, remoteDefaultBranchFast,
// worktreesFast), so that nothing loads or runs beside its `git status`; its rare cases, and the hookrail CLI,
// use `@hookrail/core/git`.
import { lstatSync, readFileSync, realpathSync, type Stats, statSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { parseGitConfig } from "./_git-config-file.ts";
import { askGitCheckout, type Checkout, gitExec } from "./_git-exec.ts";
import { isBranchName, readRefFile, remoteHead, resolveBranch, SHA } from "./_git-refs.ts";

/**
 * The checkout cwd is in: read from `.git`'s files (no process), else asked of git. null: not in a
 * repository; undefined: git cannot say either. The one way the hot paths learn their checkout. Never throws.
 */
export async function findCheckout(
  cwd: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<Checkout | null | undefined> {
  const read = readCheckout(cwd, env);
  return read !== undefined ? read : askGitCheckout(cwd, env);
}

/**
 * The checkout cwd is in, read from the files under `.git` like `git rev-parse --show-toplevel`,
 * `git symbolic-ref --short HEAD` and `git rev-parse HEAD` would. null: no repository above cwd (git would say
 * "not a git repository"). undefined: cannot tell without git (environment that redirects git, reftable refs,
 * a bare repository, an unusual HEAD or ref, a config that moves the work tree, ...): ask git instead.
 * Never throws.
 */
export function readCheckout(cwd: string, env: NodeJS.ProcessEnv = process.env): Checkout | null | undefined {
  try {
    return read(cwd, env);
  } catch {
    return undefined;
  }
}

// Variables that change where git looks or what its config says; with any of them set, git decides.
const REDIRECTING_ENV = [
  "GIT_DIR",
  "GIT_WORK_TREE",
  "GIT_COMMON_DIR",
  "GIT_CEILING_DIRECTORIES",
  "GIT_DISCOVERY_ACROSS_FILESYSTEM",
  "GIT_NAMESPACE",
  "GIT_CONFIG_PARAMETERS",
];

function read(cwd: string, env: NodeJS.ProcessEnv): Checkout | null | undefined {
  if (REDIRECTING_ENV.some((name) => env[name]) || Number(env.GIT_CONFIG_COUNT) > 0) return undefined;
  // git starts from the physical cwd (the kernel's getcwd), so symlinked folders resolve first.
  let dir = realpathSync.native(resolve(cwd));
  let dirStat = statSync(dir);
  if (!dirStat.isDirectory()) return undefined;
  const device = dirStat.dev;
  for (;;) {
    // Inside a .git folder git answers differently (--is-inside-git-dir); so does a bare repository.
    if (basename(dir) === ".git") return undefined;
    const dotGit = lstatSync(join(dir, ".git"), { throwIfNoEntry: false });
    if (dotGit) return fromDotGit(dir, dirStat, dotGit);
    if (looksLikeGitDir(dir)) return undefined;
    const parent = dirname(dir);
    if (parent === dir) return null;
    dirStat = statSync(parent);
    // Like git, stop at a mount point (GIT_DISCOVERY_ACROSS_FILESYSTEM is handled above).
    if (dirStat.dev !== device) return null;
    dir = parent;
  }
}

function looksLikeGitDir(dir: string): boolean {
  return (
    statSync(join(dir, "HEAD"), { throwIfNoEntry: false }) !== undefined &&
    statSync(join(dir, "refs"), { throwIfNoEntry: false }) !== undefined
  );
}

function fromDotGit(topLevel: string, topStat: Stats, dotGit: Stats): Checkout | undefined {
  let gitDir: string;
  let gitDirStat = dotGit;
  if (dotGit.isDirectory()) gitDir = join(topLevel, ".git");
  else if (dotGit.isFile()) {
    // A linked worktree's or a submodule's `.git` file: "gitdir: <path>", relative to the file's folder.
    // Like git, only trailing whitespace is trimmed: a newline inside the path is part of it.
    const match = /^gitdir: ([\s\S]+?)\s*$/.exec(readFileSync(join(topLevel, ".git"), "utf8"));
    if (!match?.[1]) return undefined;
    gitDir = realpathSync.native(resolve(topLevel, match[1]));
    gitDirStat = statSync(gitDir);
    if (!gitDirStat.isDirectory()) return undefined;
  } else return undefined;
  // git refuses a repository owned by someone else unless safe.directory allows it: let git decide.
  const euid = process.geteuid?.();
  if (euid !== undefined && [topStat, dotGit, gitDirStat].some((s) => s.uid !== euid)) return undefined;

  const commonFile = readRefFile(join(gitDir, "commondir"));
  if (commonFile === undefined) return undefined;
  const commonDir = commonFile === null ? gitDir : realpathSync.native(resolve(gitDir, commonFile.trim()));
  if (!configIsPlain(join(commonDir, "config"), gitDir, topLevel)) return undefined;
  if (!configIsPlain(join(gitDir, "config.worktree"), gitDir, topLevel)) return undefined;

  const headFile = readRefFile(join(gitDir, "HEAD"));
  if (!headFile) return undefined;
  const headText = headFile.trim();
  const base = { topLevel, gitDir, commonDir, isLinkedWorktree: gitDir !== commonDir };
  if (SHA.test(headText)) return { ...base, branch: null, head: headText };
  const symref = /^ref:\s*refs\/heads\/(.+)$/.exec(headText);
  const branch = symref?.[1];
  if (!branch || !isBranchName(branch)) return undefined;
  const head = resolveBranch(commonDir, branch);
  return head === undefined ? undefined : { ...base, branch, head };
}

/**
 * Whether a repository config file leaves the checkout where `.git` says (missing file: yes). Not plain:
 * reftable or another ref backend, core.bare, a core.worktree elsewhere, includes, text git would refuse.
 */
function configIsPlain(path: string, gitDir: string, topLevel: string): boolean {
  const text = readRefFile(path);
  if (text === undefined) return false;
  if (text === null) return true;
  const entries = parseGitConfig(text);
  if (!entries) return false;
  for (const [key, value] of entries) {
    if (key === "include.path" || key.startsWith("includeif.")) return false;
    if (key === "extensions.refstorage" && value.toLowerCase() !== "files") return false;
    if (key === "core.bare" && !/^(?:false|no|off|0)$/i.test(value)) return false;
    // Submodules point core.worktree back at their own folder; anywhere else, let git decide.
    if (key === "core.worktree" && (value === "" || realOrSelf(resolve(gitDir, value)) !== topLevel)) return false;
  }
  return true;
}

function realOrSelf(path: string): string {
  try {
    return realpathSync.native(path);
  } catch {
    return path;
  }
}

export { type GitConfigEntries, parseGitConfig, readGitConfig } from "./_git-config-file.ts";
export {
  askGitCheckout,
  type Checkout,
  type GitExecResult,
  gitExec,
  isAncestorFast,
  parseWorktreeList,
  type WorktreeEntry,
  worktreeList,
} from "./_git-exec.ts";
export { branchExists } from "./_git-refs.ts";
export { type DirtyCounts, type StatusSummary, statusSummary } from "./_git-status.ts";
export { soleWorktree, type Worktree, worktreesFast } from "./_git-worktrees.ts";

/** A work tree's place as checkoutLocation (`@hookrail/core/git`) reports it, read from `.git`'s files. */
export interface WorktreePlace extends Checkout {
  isShallow: boolean;
  /** Read only where none can be: a repository in another repository's work tree is left to git. */
  superproject: null;
}

/**
 * Where cwd sits, like `git rev-parse --is-shallow-repository --show-toplevel --show-superproject-working-tree`
 * and readCheckout would say, from files. undefined when only git can tell: not in a work tree, anything
 * readCheckout cannot read, or a repository inside another one's work tree (git then asks the outer index
 * whether it is a submodule). Never throws.
 */
export function readWorktreePlace(cwd: string, env: NodeJS.ProcessEnv = process.env): WorktreePlace | undefined {
  try {
    const checkout = readCheckout(cwd, env);
    if (!checkout) return undefined;
    // git looks for a superproject from the folder above: with no repository there, there is none.
    if (readCheckout(dirname(checkout.topLevel), env) !== null) return undefined;
    // git counts a repository as shallow when it can open the common dir's `shallow` file.
    const shallow = lstatSync(join(checkout.commonDir, "shallow"), { throwIfNoEntry: false });
    if (shallow && !shallow.isFile()) return undefined;
    return { ...checkout, isShallow: shallow !== undefined, superproject: null };
  } catch {
    return undefined;
  }
}

/**
 * The remote's default branch (`<remote>/HEAD`, as remoteDefaultBranch in `@hookrail/core/git` reads it): from
 * its ref file in the common dir, else from git when the file is unusual. null when the clone does not know it.
 */
export async function remoteDefaultBranchFast(
  cwd: string,
  commonDir: string,
  remote = "origin",
  env: NodeJS.ProcessEnv = process.env,
): Promise<string | null> {
  let ref = remoteHead(commonDir, remote);
  if (ref === undefined) {
    const asked = await gitExec(cwd, ["symbolic-ref", `refs/remotes/${remote}/HEAD`], { env });
    ref = asked.code === 0 ? asked.stdout.trim() : null;
  }
  return ref ? ref.replace(`refs/remotes/${remote}/`, "") || null : null;
}
