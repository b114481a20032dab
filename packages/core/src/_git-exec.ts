// Runs git for the rare questions of the hot paths (merge-base, or when .git's files cannot tell), with
// node:child_process loaded only then: a static import would load it on every hook run.

export interface GitExecResult {
  /** git's exit code; null when git could not be started (not installed), was killed, or timed out. */
  code: number | null;
  stdout: string;
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
    // Loaded here, not at the top: a static import would load child_process on every hook run.
    const { execFile } = await import("node:child_process");
    const env = { ...(options.env ?? process.env), LC_ALL: "C", GIT_TERMINAL_PROMPT: "0", GIT_OPTIONAL_LOCKS: "0" };
    return await new Promise<GitExecResult>((done) => {
      execFile(
        "git",
        args,
        { cwd, env, encoding: "utf8", timeout: options.timeoutMs ?? 0, maxBuffer: 64 * 1024 * 1024, windowsHide: true },
        (error, stdout) => {
          const code = error ? (typeof error.code === "number" ? error.code : null) : 0;
          done({ code, stdout: typeof stdout === "string" ? stdout : "" });
        },
      );
    });
  } catch {
    return { code: null, stdout: "" };
  }
}

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
