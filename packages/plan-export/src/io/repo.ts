// Which repository a session works in. Plans are tracked per repository, keyed by its common git dir,
// so every worktree of a repository shares them; outside git, the folder itself is the key.
import { existsSync, realpathSync } from "node:fs";
import { dirname } from "node:path";
import { shortHash } from "../record-key.ts";

export interface RepoFacts {
  /** Tracking key: a hash of the repository's common git dir (or of the folder, outside git). */
  key: string;
  /** Where exports go: this worktree's top folder (or the folder, outside git). */
  topLevel: string;
}

export async function repoFacts(cwd: string): Promise<RepoFacts> {
  const git = await import("@hookrail/core/git");
  // A cwd that was removed since (a deleted sub-folder) still belongs to its repository.
  while (!existsSync(cwd) && dirname(cwd) !== cwd) cwd = dirname(cwd);
  const location = await git.repoLocation(cwd);
  if (location) return { key: shortHash(`git:${real(location.commonDir)}`), topLevel: location.topLevel };
  const dir = real(cwd);
  return { key: shortHash(`dir:${dir}`), topLevel: dir };
}

function real(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}
