// worktree-check's common case is read from .git's files (core/git-fast) and must say what the simple-git
// readers (core/git) say, checked against real repositories; where the files cannot tell, it says so
// (undefined) and the caller asks git.
import { mkdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type GitRepo, gitRepo, tempDir } from "@hookrail/test-utils";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { checkoutLocation, remoteDefaultBranch, worktrees } from "../src/git/git.ts";
import { readWorktreePlace, remoteDefaultBranchFast, soleWorktree, worktreesFast } from "../src/git/git-fast.ts";
import { git } from "./_git-says.ts";

beforeEach(() => {
  vi.stubEnv("GIT_CONFIG_GLOBAL", "/dev/null");
  vi.stubEnv("GIT_CONFIG_NOSYSTEM", "1");
});
afterEach(() => {
  vi.unstubAllEnvs();
});

/** The place from the files, held to checkoutLocation's answer. */
async function placeAgrees(cwd: string) {
  const place = readWorktreePlace(cwd);
  const location = await checkoutLocation(cwd);
  if (location.kind !== "worktree") throw new Error(`git says ${location.kind}`);
  const { kind: _kind, ...fields } = location;
  expect(place).toMatchObject(fields);
  return place;
}

const cloneOf = (repo: GitRepo, ...flags: string[]) => {
  const dir = join(tempDir(), "clone");
  git(tempDir(), "clone", "-q", ...flags, `file://${repo.dir}`, dir);
  return dir;
};

describe("readWorktreePlace agrees with checkoutLocation", () => {
  it.each<[string, () => string]>([
    ["a repository's top folder", () => gitRepo().dir],
    [
      "a sub-folder",
      () => {
        const repo = gitRepo();
        mkdirSync(join(repo.dir, "src", "deep"), { recursive: true });
        return join(repo.dir, "src", "deep");
      },
    ],
    [
      "a cwd reached through a symlink",
      () => {
        const link = join(tempDir(), "link");
        symlinkSync(gitRepo().dir, link);
        return link;
      },
    ],
    [
      "a linked worktree",
      () => {
        const linked = join(tempDir(), "wt");
        gitRepo().git("worktree", "add", "-q", "-b", "topic", linked);
        return linked;
      },
    ],
    [
      "a separate git dir",
      () => {
        const dir = join(tempDir(), "work");
        git(tempDir(), "init", "-q", "-b", "main", `--separate-git-dir=${join(tempDir(), "store.git")}`, dir);
        return dir;
      },
    ],
    ["a shallow clone", () => cloneOf(gitRepo({ commits: 3 }), "--depth", "1")],
  ])("%s", async (_label, make) => {
    const place = await placeAgrees(make());
    expect(place?.superproject).toBeNull();
  });

  it("a shallow clone's linked worktree is shallow too", async () => {
    const clone = cloneOf(gitRepo({ commits: 3 }), "--depth", "1");
    const linked = join(tempDir(), "wt");
    git(clone, "worktree", "add", "-q", "-b", "topic", linked);
    expect((await placeAgrees(linked))?.isShallow).toBe(true);
  });

  it("cannot tell (undefined): a repository inside another one's work tree, a submodule, git's own folders", async () => {
    const outer = gitRepo();
    const nested = join(outer.dir, "vendor", "lib");
    mkdirSync(nested, { recursive: true });
    gitRepo({ dir: nested });
    expect(readWorktreePlace(nested)).toBeUndefined();
    expect(await checkoutLocation(nested)).toMatchObject({ kind: "worktree", superproject: null });

    const app = gitRepo();
    app.git("-c", "protocol.file.allow=always", "submodule", "add", "-q", gitRepo().dir, "mod");
    expect(readWorktreePlace(join(app.dir, "mod"))).toBeUndefined();
    expect(await checkoutLocation(join(app.dir, "mod"))).toMatchObject({ superproject: app.dir });

    const repo = gitRepo();
    expect(readWorktreePlace(join(repo.dir, ".git"))).toBeUndefined();
    expect(readWorktreePlace(tempDir())).toBeUndefined();
    expect(readWorktreePlace(repo.dir, { GIT_DIR: join(repo.dir, ".git") })).toBeUndefined();
  });

  it("cannot tell when the shallow marker is no file", () => {
    const repo = gitRepo();
    mkdirSync(join(repo.dir, ".git", "shallow"));
    expect(readWorktreePlace(repo.dir)).toBeUndefined();
  });
});

describe("remoteDefaultBranchFast agrees with remoteDefaultBranch", () => {
  const both = async (cwd: string) => {
    const fast = await remoteDefaultBranchFast(cwd, join(cwd, ".git"));
    expect(fast).toBe(await remoteDefaultBranch(cwd));
    return fast;
  };

  it("no remote; a clone; the remote's HEAD moved; removed; no symbolic ref", async () => {
    const origin = gitRepo();
    expect(await both(origin.dir)).toBeNull();
    origin.git("branch", "trunk");
    const clone = cloneOf(origin);
    expect(await both(clone)).toBe("main");
    git(clone, "remote", "set-head", "origin", "trunk");
    expect(await both(clone)).toBe("trunk");
    git(clone, "remote", "set-head", "origin", "--delete");
    expect(await both(clone)).toBeNull();
    mkdirSync(join(clone, ".git", "refs", "remotes", "origin"), { recursive: true });
    writeFileSync(join(clone, ".git", "refs", "remotes", "origin", "HEAD"), `${git(clone, "rev-parse", "HEAD")}\n`);
    expect(await both(clone)).toBeNull();
  });

  it("an unusual ref file (a symlink) is asked of git", async () => {
    const clone = cloneOf(gitRepo());
    const head = join(clone, ".git", "refs", "remotes", "origin", "HEAD");
    renameSync(head, `${head}.real`);
    symlinkSync(`${head}.real`, head);
    expect(await both(clone)).toBe("main");
    rmSync(head);
    writeFileSync(head, "ref:   refs/remotes/origin/main  \n");
    expect(await both(clone)).toBe("main");
  });
});

describe("worktreesFast agrees with worktrees", () => {
  it("main, linked, detached and prunable worktrees, from each of them", async () => {
    const repo = gitRepo({ commits: 2 });
    const linked = join(tempDir(), "wt");
    const detached = join(tempDir(), "det");
    const gone = join(tempDir(), "gone");
    repo.git("worktree", "add", "-q", "-b", "topic", linked);
    repo.git("worktree", "add", "-q", "--detach", detached, "HEAD~1");
    repo.git("worktree", "add", "-q", "-b", "old", gone);
    rmSync(gone, { recursive: true });
    for (const [cwd, top] of [
      [repo.dir, repo.dir],
      [linked, linked],
      [join(detached), detached],
    ] as const) {
      const fast = await worktreesFast(cwd, top);
      expect(fast).toEqual(await worktrees(cwd, top));
      expect(fast.filter((w) => w.current).map((w) => w.path)).toEqual([top]);
    }
    // git sorts the linked ones by path (random temp folders here).
    const listed = (await worktreesFast(repo.dir, repo.dir)).map((w) => [w.branch ?? "(detached)", w.prunable]);
    expect(listed[0]).toEqual(["main", false]);
    expect(listed.slice(1).sort()).toEqual([
      ["(detached)", false],
      ["old", true],
      ["topic", false],
    ]);
  });

  it("soleWorktree gives git's list from files when only the checkout can be in it, else leaves it to git", async () => {
    const sole = async (cwd: string) => {
      const place = readWorktreePlace(cwd);
      if (!place) throw new Error(`no place for ${cwd}`);
      const fromFiles = soleWorktree(place);
      if (fromFiles) expect(fromFiles).toEqual(await worktrees(cwd, place.topLevel));
      return fromFiles;
    };
    const repo = gitRepo({ commits: 2 });
    mkdirSync(join(repo.dir, "src"));
    const link = join(tempDir(), "link");
    symlinkSync(repo.dir, link);
    // The main worktree on a branch, from a sub-folder, through a symlink, and detached.
    for (const cwd of [repo.dir, join(repo.dir, "src"), link]) expect(await sole(cwd)).toHaveLength(1);
    repo.git("checkout", "-q", "--detach", "HEAD~1");
    expect((await sole(repo.dir))?.[0]).toMatchObject({ branch: null, current: true });
    // Unborn: git lists a zero id, so git is asked.
    expect(await sole(gitRepo({ commits: 0 }).dir)).toBeUndefined();
    // A separate git dir: git names the main worktree after it, so git is asked.
    const separate = join(tempDir(), "work");
    git(tempDir(), "init", "-q", "-b", "main", `--separate-git-dir=${join(tempDir(), "store.git")}`, separate);
    git(separate, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "--allow-empty", "-m", "one");
    expect(await sole(separate)).toBeUndefined();
    // A linked worktree, from either side, and after it was removed by hand (still registered until pruned).
    const linked = join(tempDir(), "wt");
    repo.git("worktree", "add", "-q", "-b", "topic", linked);
    expect(await sole(repo.dir)).toBeUndefined();
    expect(await sole(linked)).toBeUndefined();
    rmSync(linked, { recursive: true });
    expect(await sole(repo.dir)).toBeUndefined();
    // Pruned: git removes the folder with the last registration, and the files give the list again.
    repo.git("worktree", "prune");
    expect(await sole(repo.dir)).toHaveLength(1);
    // An empty worktrees folder left by hand: git is asked.
    mkdirSync(join(repo.dir, ".git", "worktrees"));
    expect(await sole(repo.dir)).toBeUndefined();
  });

  it("[] when git cannot list them", async () => {
    expect(await worktreesFast(tempDir(), "")).toEqual([]);
  });
});
