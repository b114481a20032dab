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
