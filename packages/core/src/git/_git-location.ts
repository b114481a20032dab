// What kind of place a folder is for git (a work tree, a bare repository, git's own folder, a repository
// git refuses, nowhere), through simple-git; part of @hookrail/core/git.
import { realpathSync } from "node:fs";
import { lastPath } from "./_git-exec.ts";
import { git } from "./_simple-git.ts";

/** Where a folder sits in git: its worktree, git dirs and kind. */
export interface RepoLocation {
  /** The worktree's top folder. */
  topLevel: string;
  /** This worktree's git dir and the repository's common git dir (equal in the main worktree). */
  gitDir: string;
  commonDir: string;
  isLinkedWorktree: boolean;
  isShallow: boolean;
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
  return Promise.all(flags.map((flag) => git(cwd).raw(["rev-parse", "--path-format=absolute", flag]).then(lastPath)));
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
