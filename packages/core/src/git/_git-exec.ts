// Runs git for the rare questions of the hot paths (merge-base, or when .git's files cannot tell), with
// node:child_process loaded only then: a static import would load it on every hook run.

import { statSync } from "node:fs";
import { builtin } from "../platform/_builtin.ts";
import { gitInline } from "./_git-inline.ts";

/** A checkout: where its folders are and what HEAD is. */
export interface Checkout {
  /** The worktree's top folder (the one holding `.git`), as a real path. */
  topLevel: string;
  /** This worktree's git dir and the repository's common git dir (equal in the main worktree). */
  gitDir: string;
  commonDir: string;
  isLinkedWorktree: boolean;
  /** The checked-out branch without refs/heads/, or null when HEAD is detached. */
  branch: string | null;
  /** The HEAD commit, or null on a branch without commits yet. */
  head: string | null;
}

export interface GitExecResult {
  /** git's exit code; null when git could not be started (not installed), was killed, or timed out. */
  code: number | null;
  stdout: string;
  /** Killed at the timeout. */
  timedOut?: boolean;
  /** git could not be started: not on PATH. */
  missing?: boolean;
}

/**
 * Runs one git command for the rare calls of the hot paths (merge-base, or when `readCheckout` cannot tell).
 * Quiet and locale-independent, never prompts, takes no optional locks. Never throws.
 */
export async function gitExec(
  cwd: string,
  args: string[],
  options: { timeoutMs?: number; env?: NodeJS.ProcessEnv } = {},
): Promise<GitExecResult> {
  try {
    const env = { ...(options.env ?? process.env), LC_ALL: "C", GIT_TERMINAL_PROMPT: "0", GIT_OPTIONAL_LOCKS: "0" };
    const timeout = options.timeoutMs ?? 0;
    // A hook's own process waits for git inline, without child_process (_git-inline.ts says why).
    const inline = gitInline(cwd, args, env, timeout, MAX_BUFFER);
    if (inline) {
      const { notStarted, ...result } = inline;
      return notStarted && isFolder(cwd) ? { ...result, missing: true } : result;
    }
    // Loaded here, not at the top: a static import would load child_process on every hook run. Loaded at
    // once, not through import(), so git starts before the caller's next line runs.
    const { execFile } = builtin<typeof import("node:child_process")>("node:child_process");
    return await new Promise<GitExecResult>((done) => {
      execFile(
        "git",
        args,
        { cwd, env, encoding: "utf8", timeout, maxBuffer: MAX_BUFFER, windowsHide: true },
        (error, stdout) => {
          const code = error ? (typeof error.code === "number" ? error.code : null) : 0;
          const text = typeof stdout === "string" ? stdout : "";
          if (error?.killed && options.timeoutMs) done({ code, stdout: text, timedOut: true });
          // Node says ENOENT for a missing cwd too: git is missing only when the folder is there.
          else if (error?.code === "ENOENT" && isFolder(cwd)) done({ code, stdout: text, missing: true });
          else done({ code, stdout: text });
        },
      );
    });
  } catch {
    return { code: null, stdout: "" };
  }
}

const MAX_BUFFER = 64 * 1024 * 1024;

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** A path git printed alone (one path, one final newline); a folder name may hold newlines of its own. */
export const lastPath = (out: string) => out.replace(/\n$/, "");

/** Whether `ancestor` is an ancestor of (or equal to) `descendant`; undefined when git cannot tell. */
export async function isAncestorFast(
  cwd: string,
  ancestor: string,
  descendant: string,
  options: { timeoutMs?: number; env?: NodeJS.ProcessEnv } = {},
): Promise<boolean | undefined> {
  if (ancestor.startsWith("-") || descendant.startsWith("-")) return undefined;
  const { code } = await gitExec(cwd, ["merge-base", "--is-ancestor", ancestor, descendant], options);
  return code === 0 ? true : code === 1 ? false : undefined;
}

/** One entry of `git worktree list --porcelain -z`. */
export interface WorktreeEntry {
  path: string;
  /** Branch name without refs/heads/, or null when detached (or bare). */
  branch: string | null;
  head: string | null;
  bare: boolean;
  /** Its folder is gone (git would prune it). */
  prunable: boolean;
}

/** Parses `git worktree list --porcelain -z`: NUL after each attribute, an empty one after each worktree. */
export function parseWorktreeList(out: string): WorktreeEntry[] {
  const list: WorktreeEntry[] = [];
  for (const block of out.split("\0\0")) {
    const lines = block.split("\0").filter(Boolean);
    const path = lines.find((l) => l.startsWith("worktree "))?.slice("worktree ".length);
    if (!path) continue;
    const branchRef = lines.find((l) => l.startsWith("branch "))?.slice("branch ".length);
    list.push({
      path,
      branch: branchRef ? branchRef.replace(/^refs\/heads\//, "") : null,
      head: lines.find((l) => l.startsWith("HEAD "))?.slice("HEAD ".length) ?? null,
      bare: lines.includes("bare"),
      prunable: lines.some((l) => l === "prunable" || l.startsWith("prunable ")),
    });
  }
  return list;
}

/** Every worktree of the repository cwd is in (main first); undefined when git cannot list them. */
export async function worktreeList(cwd: string, env?: NodeJS.ProcessEnv): Promise<WorktreeEntry[] | undefined> {
  const { code, stdout } = await gitExec(cwd, ["worktree", "list", "--porcelain", "-z"], env ? { env } : {});
  return code === 0 ? parseWorktreeList(stdout) : undefined;
}

/**
 * The checkout cwd is in, as git reports it: for when `.git`'s files cannot tell (GIT_DIR set, reftable refs,
 * includes...). null: not in a repository. undefined: git cannot say (not installed, a bare repository, inside
 * a `.git` folder). Never throws.
 */
export async function askGitCheckout(
  cwd: string,
  env?: NodeJS.ProcessEnv,
  timeoutMs?: number,
): Promise<Checkout | null | undefined> {
  const options = { ...(env ? { env } : {}), ...(timeoutMs ? { timeoutMs } : {}) };
  // One process when HEAD has a commit. --symbolic-full-name applies only to the names after it: the first HEAD
  // prints the sha, the second the ref. The top folder comes last, so a newline in its name survives.
  const one = await gitExec(cwd, ["rev-parse", "HEAD", "--symbolic-full-name", "HEAD", ...WHERE], options);
  if (one.code === 0) {
    const [head, ref, gitDir, commonDir, ...rest] = one.stdout.split("\n");
    return checkout(gitDir, commonDir, rest, ref, head);
  }
  if (one.timedOut) return undefined;
  // No commit yet, not a repository, a bare one, or no git: the folders and the branch name alone.
  const [where, ref] = await Promise.all([
    gitExec(cwd, ["rev-parse", ...WHERE], options),
    gitExec(cwd, ["symbolic-ref", "--quiet", "HEAD"], options),
  ]);
  // Outside a repository git prints nothing and exits 128; a bare repository prints its folders, then fails.
  if (where.code !== 0) return where.code === 128 && where.stdout === "" ? null : undefined;
  const [gitDir, commonDir, ...rest] = where.stdout.split("\n");
  return checkout(gitDir, commonDir, rest, ref.code === 0 ? ref.stdout.trim() : "", null);
}

const WHERE = ["--path-format=absolute", "--git-dir", "--git-common-dir", "--show-toplevel"];

function checkout(
  gitDir: string | undefined,
  commonDir: string | undefined,
  topLines: string[],
  ref: string | undefined,
  head: string | null | undefined,
): Checkout | undefined {
  const topLevel = topLines.join("\n").replace(/\n$/, "");
  if (!gitDir || !commonDir || !topLevel) return undefined;
  return {
    topLevel,
    gitDir,
    commonDir,
    isLinkedWorktree: gitDir !== commonDir,
    branch: ref?.startsWith("refs/heads/") ? ref.slice("refs/heads/".length) : null,
    head: head || null,
  };
}
