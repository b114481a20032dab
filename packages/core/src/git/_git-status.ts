// One `git status` for the session-start check: branch, HEAD and uncommitted counts. Through core's plain git
// runner, not simple-git, so a hook can start it before simple-git has loaded (in a large repository status is
// nearly all of worktree-check's time, and everything else runs beside it); part of @hookrail/core/git and
// @hookrail/core/git-fast.
import { gitExec } from "./_git-exec.ts";

export interface DirtyCounts {
  staged: number;
  unstaged: number;
  untracked: number;
}

export type StatusSummary =
  | { ok: true; branch: string | null; head: string | null; counts: DirtyCounts }
  | { ok: false; reason: "timeout" | "failed"; gitMissing?: boolean };

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

/**
 * Branch, HEAD and uncommitted counts from one `git status`; gives up after timeoutMs (huge repositories). No
 * ahead/behind counts: nothing reads them, and against a far upstream they cost a walk of history.
 */
export async function statusSummary(
  cwd: string,
  timeoutMs: number,
  env: NodeJS.ProcessEnv = process.env,
): Promise<StatusSummary> {
  const result = await gitExec(
    cwd,
    [
      "status",
      "--porcelain=v2",
      "--branch",
      "--no-ahead-behind",
      "--untracked-files=normal",
      "--ignore-submodules=dirty",
    ],
    { timeoutMs, env },
  );
  if (result.code === 0) return { ok: true, ...parseStatus(result.stdout) };
  if (result.missing) return { ok: false, reason: "failed", gitMissing: true };
  return { ok: false, reason: result.timedOut ? "timeout" : "failed" };
}
