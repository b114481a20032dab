// Which repository a session works in. Plans are tracked per repository, keyed by its common git dir,
// so every worktree of a repository shares them; outside git, the folder itself is the key.
import { existsSync, realpathSync } from "node:fs";
import { dirname } from "node:path";
import { findCheckout } from "@hookrail/core/git-fast";
import { shortHash } from "../record-key.ts";

export interface RepoFacts {
  /** Tracking key: a hash of the repository's common git dir (or of the folder, outside git). */
  key: string;
  /** Where exports go: this worktree's top folder (or the folder, outside git). */
  topLevel: string;
  /** The session's cwd no longer exists: these facts are of its nearest existing parent folder. */
  cwdGone?: boolean;
  /** That parent folder is in a git repository. */
  inGit?: boolean;
  /** Exports cannot go anywhere the session worked: they are kept, to be written later. */
  held?: boolean;
}

export async function repoFacts(cwd: string, env: NodeJS.ProcessEnv): Promise<RepoFacts> {
  let dir = cwd;
  while (!existsSync(dir) && dirname(dir) !== dir) dir = dirname(dir);
  const gone = dir !== cwd ? { cwdGone: true } : {};
  // From .git's files (no simple-git in this per-call hook); git only when they cannot tell.
  const location = await findCheckout(dir, env);
  if (location)
    return { key: shortHash(`git:${real(location.commonDir)}`), topLevel: location.topLevel, inGit: true, ...gone };
  const folder = real(dir);
  return { key: shortHash(`dir:${folder}`), topLevel: folder, ...gone };
}

/**
 * Where a session whose cwd is gone (a worktree removed while it runs) may export: only into the repository
 * it was recorded in (a deleted sub-folder leaves it there). Anywhere else, its plans are held: tracked under
 * that repository (or its gone folder), and written by a later event there.
 */
export function exportTarget(repo: RepoFacts, cwd: string, recordedKeys: string[]): RepoFacts {
  if (!repo.cwdGone) return repo;
  // A deleted sub-folder: the parent is in git, in the repository the session was recorded in (or it has no
  // record yet). A removed worktree leaves a parent outside it, or in another repository.
  if (repo.inGit && (recordedKeys.length === 0 || recordedKeys.includes(repo.key))) return repo;
  return { key: recordedKeys[0] ?? shortHash(`gone:${cwd}`), topLevel: cwd, cwdGone: true, held: true };
}

function real(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}
