// findCheckout: `.git`'s files when they can tell, else git itself (askGitCheckout). Both must give git's own
// answer, checked here against real repositories of every shape the hot paths meet.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { gitEnv, gitRepo, tempDir } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";
import { askGitCheckout, findCheckout, readCheckout } from "../src/git/git-fast.ts";
import { git, gitSays, hasReftable } from "./_git-says.ts";

// Each case makes a checkout and says whether `.git`'s files alone can tell (else git is asked).
const cases: [string, () => string, boolean][] = [
  ["a main worktree", () => gitRepo().dir, true],
  [
    "a sub-folder",
    () => {
      const dir = join(gitRepo().dir, "a", "b");
      mkdirSync(dir, { recursive: true });
      return dir;
    },
    true,
  ],
  [
    "a linked worktree",
    () => {
      const linked = join(tempDir(), "wt");
      gitRepo().git("worktree", "add", "-q", "-b", "feature/x", linked);
      return linked;
    },
    true,
  ],
  [
    "a submodule",
    () => {
      const parent = gitRepo();
      parent.git("-c", "protocol.file.allow=always", "submodule", "add", "-q", gitRepo().dir, "mod");
      return join(parent.dir, "mod");
    },
    true,
  ],
  [
    "a detached HEAD",
    () => {
      const repo = gitRepo({ commits: 2 });
      repo.git("checkout", "-q", "--detach", "HEAD~1");
      return repo.dir;
    },
    true,
  ],
  [
    "packed refs",
    () => {
      const repo = gitRepo();
      repo.git("switch", "-q", "-c", "topic/a");
      repo.git("pack-refs", "--all");
      return repo.dir;
    },
    true,
  ],
  [
    "an unborn branch",
    () => {
      const repo = gitRepo();
      repo.git("switch", "-q", "--orphan", "fresh");
      return repo.dir;
    },
    true,
  ],
  [
    "an include in the config, on a branch (git is asked)",
    () => {
      const repo = gitRepo();
      repo.git("config", "include.path", "none");
      return repo.dir;
    },
    false,
  ],
  [
    "an include in the config, detached (git is asked)",
    () => {
      const repo = gitRepo({ commits: 2 });
      repo.git("checkout", "-q", "--detach", "HEAD~1");
      repo.git("config", "include.path", "none");
      return repo.dir;
    },
    false,
  ],
  [
    "an include in the config, unborn branch in a linked worktree (git is asked)",
    () => {
      const repo = gitRepo();
      const linked = join(tempDir(), "wt");
      repo.git("worktree", "add", "-q", "-b", "side", linked);
      git(linked, "switch", "-q", "--orphan", "fresh");
      repo.git("config", "include.path", "none");
      return linked;
    },
    false,
  ],
];

describe("findCheckout gives git's answer", () => {
  it.each(cases)("%s", async (_name, make, fromFiles) => {
    const dir = make();
    const expected = gitSays(dir);
    expect(readCheckout(dir) !== undefined).toBe(fromFiles);
    expect(await findCheckout(dir)).toEqual(expected);
    expect(await askGitCheckout(dir)).toEqual(expected);
  });

  it.skipIf(!hasReftable)("a reftable repository (git >= 2.45): git is asked", async () => {
    const dir = tempDir();
    git(dir, "init", "-q", "-b", "main", "--ref-format=reftable");
    git(dir, "commit", "-q", "--allow-empty", "-m", "one");
    expect(readCheckout(dir)).toBeUndefined();
    expect(await findCheckout(dir)).toEqual(gitSays(dir));
  });

  it("with GIT_DIR set, git decides, with the environment it was given", async () => {
    const repo = gitRepo();
    repo.git("switch", "-q", "-c", "elsewhere");
    const cwd = tempDir();
    const env = { ...process.env, ...gitEnv, GIT_DIR: join(repo.dir, ".git") };
    expect(readCheckout(cwd, env)).toBeUndefined();
    expect(await findCheckout(cwd, env)).toMatchObject({ branch: "elsewhere", commonDir: join(repo.dir, ".git") });
    // Without the environment the same folder is outside any repository.
    expect(await findCheckout(cwd, { ...process.env, ...gitEnv })).toBeNull();
  });

  it("null outside a repository; undefined in a bare repository, inside .git, or without git", async () => {
    expect(await findCheckout(tempDir())).toBeNull();
    expect(await askGitCheckout(tempDir())).toBeNull();
    const repo = gitRepo();
    const bare = join(tempDir(), "b.git");
    git(repo.dir, "clone", "-q", "--bare", ".", bare);
    expect(await findCheckout(bare)).toBeUndefined();
    expect(await findCheckout(join(repo.dir, ".git"))).toBeUndefined();
    expect(await askGitCheckout(repo.dir, { ...process.env, PATH: "/nonexistent" })).toBeUndefined();
  });
});
