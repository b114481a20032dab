// Git facts for the HOT paths: hooks that run on every tool call (merge-gate, branch-drift, plan-export).
//
// Why it exists, and what it was measured to save: docs/development.md#no-simple-git-on-hot-paths.
//
// Rules: no simple-git here, and no static import of child_process (esbuild keeps the dynamic one dynamic).
// Everything that runs rarely (worktree-check at session start, the hookrail CLI) keeps using
// `@hookrail/core/git`.
import {
  closeSync,
  constants,
  lstatSync,
  openSync,
  readdirSync,
  readFileSync,
  realpathSync,
  type Stats,
  statSync,
} from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { parseGitConfig } from "./_git-config-file.ts";
import { askGitCheckout, type Checkout } from "./_git-exec.ts";

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

const SHA = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;

/** The branch's sha from its loose ref, else packed-refs; null when it has none (unborn), undefined when unusual. */
function resolveBranch(commonDir: string, branch: string): string | null | undefined {
  const loose = readRefFile(join(commonDir, "refs", "heads", ...branch.split("/")));
  if (loose === undefined) return undefined;
  if (loose !== null) {
    const sha = loose.trim();
    // A symbolic ref ("ref: ...") or anything else odd: git's answer may differ.
    return SHA.test(sha) ? sha : undefined;
  }
  const packed = readRefFile(join(commonDir, "packed-refs"));
  if (packed === undefined) return undefined;
  if (packed === null) return null;
  // Lines are "<sha> <refname>" ("^<sha>" peel lines and "#" comments never end in a refname). Searched,
  // not split: packed-refs can hold every tag of a big repository.
  const needle = ` refs/heads/${branch}`;
  for (let at = packed.indexOf(needle); at !== -1; at = packed.indexOf(needle, at + 1)) {
    const end = at + needle.length;
    if (end < packed.length && packed[end] !== "\n" && packed[end] !== "\r") continue;
    const sha = packed.slice(packed.lastIndexOf("\n", at) + 1, at);
    if (SHA.test(sha)) return sha;
  }
  return null;
}

/** A file's text; null when it is missing (or a folder); undefined when it is a symlink. Other errors throw. */
function readRefFile(path: string): string | null | undefined {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
  } catch (error) {
    return missingOrUnusual(error);
  }
  try {
    return readFileSync(fd, "utf8");
  } catch (error) {
    return missingOrUnusual(error);
  } finally {
    closeSync(fd);
  }
}

function missingOrUnusual(error: unknown): null | undefined {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === "ENOENT" || code === "ENOTDIR" || code === "EISDIR") return null;
  if (code === "ELOOP") return undefined;
  throw error;
}

/** git check-ref-format's rules for the part after refs/heads/. */
function isBranchName(name: string): boolean {
  if (name === "@" || name.endsWith("/") || name.endsWith(".")) return false;
  if (name.includes("..") || name.includes("@{") || /[~^:?*[\\]/.test(name)) return false;
  if ([...name].some((c) => c <= " " || c === "\u007f")) return false;
  return name.split("/").every((part) => part !== "" && !part.startsWith(".") && !part.endsWith(".lock"));
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
export { type DirtyCounts, type StatusSummary, statusSummary } from "./_git-status.ts";

/**
 * Whether `git checkout <name>` finds a branch: a local one, or one remote-tracking branch it would create
 * it from. undefined when the refs cannot be read plainly. Never throws.
 */
export function branchExists(commonDir: string, name: string): boolean | undefined {
  try {
    if (!isBranchName(name)) return false;
    const local = resolveBranch(commonDir, name);
    if (local === undefined) return undefined;
    if (local !== null) return true;
    const packed = readRefFile(join(commonDir, "packed-refs"));
    if (packed === undefined) return undefined;
    const remote = new RegExp(`^[0-9a-f]+ refs/remotes/[^/\\s]+/${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`, "m");
    if (packed && remote.test(packed)) return true;
    for (const entry of readdirSync(join(commonDir, "refs", "remotes"), { withFileTypes: true })) {
      if (!entry.isDirectory()) continue;
      const sha = readRefFile(join(commonDir, "refs", "remotes", entry.name, ...name.split("/")));
      if (sha === undefined) return undefined;
      if (sha !== null) return true;
    }
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ENOENT" ? false : undefined;
  }
}
