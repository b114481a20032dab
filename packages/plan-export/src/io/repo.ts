// Which repository a session works in. Plans are tracked per repository, keyed by its common git dir,
// so every worktree of a repository shares them; outside git, the folder itself is the key.
import { existsSync, realpathSync } from "node:fs";
import { dirname } from "node:path";
import { gitExec, readCheckout } from "@hookrail/core/git-fast";
import { shortHash } from "../record-key.ts";

export interface RepoFacts {
  /** Tracking key: a hash of the repository's common git dir (or of the folder, outside git). */
  key: string;
  /** Where exports go: this worktree's top folder (or the folder, outside git). */
  topLevel: string;
}

export async function repoFacts(cwd: string): Promise<RepoFacts> {
  // A cwd that was removed since (a deleted sub-folder) still belongs to its repository.
  while (!existsSync(cwd) && dirname(cwd) !== cwd) cwd = dirname(cwd);
  const location = await repoLocation(cwd);
  if (location) return { key: shortHash(`git:${real(location.commonDir)}`), topLevel: location.topLevel };
  const dir = real(cwd);
  return { key: shortHash(`dir:${dir}`), topLevel: dir };
}

/** From .git's files (git-fast: no simple-git in this per-call hook); git only when they cannot tell. */
async function repoLocation(cwd: string): Promise<{ commonDir: string; topLevel: string } | null> {
  const checkout = readCheckout(cwd);
  if (checkout !== undefined) return checkout;
  const args = ["rev-parse", "--path-format=absolute", "--git-common-dir", "--show-toplevel"];
  const { code, stdout } = await gitExec(cwd, args);
  const [commonDir, topLevel] = stdout.trim().split("\n");
  return code === 0 && commonDir && topLevel ? { commonDir, topLevel } : null;
}

function real(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}
