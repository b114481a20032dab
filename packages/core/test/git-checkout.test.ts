// The git facts worktree-check and branch-drift read, in real repositories.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { gitEnv, gitRepo, tempDir } from "@hookrail/test-utils";
import { execaSync } from "execa";
import { afterEach, describe, expect, it, vi } from "vitest";
import { checkoutLocation, currentBranch, headState, statusSummary, worktrees } from "../src/git/git.ts";

const git = (cwd: string, ...args: string[]) => execaSync("git", args, { cwd, env: gitEnv }).stdout.trim();

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("git facts for checkouts", () => {
  it("headState: branch, sha and top folder from one process; detached; none without commits", async () => {
    const repo = gitRepo();
    const sha = repo.git("rev-parse", "HEAD");
    expect(await headState(join(repo.dir))).toEqual({ branch: "main", head: sha, topLevel: repo.dir });
    repo.git("checkout", "-q", "--detach");
    expect(await headState(repo.dir)).toEqual({ branch: null, head: sha, topLevel: repo.dir });
    const empty = tempDir();
    git(empty, "init", "-q");
    expect(await headState(empty)).toBeNull();
    expect(await headState(tempDir())).toBeNull();
  });

  it("still works when the environment names an editor or pager (npm exports EDITOR)", async () => {
    const repo = gitRepo();
    vi.stubEnv("EDITOR", "vim");
    vi.stubEnv("GIT_PAGER", "less");
    vi.stubEnv("GIT_ASKPASS", "/bin/false");
    expect(await currentBranch(repo.dir)).toBe("main");
  });

  it("checkoutLocation tells every kind of place apart", async () => {
    const repo = gitRepo();
    const linked = join(tempDir(), "wt");
    repo.git("worktree", "add", "-q", "-b", "wt", linked);
    const bare = join(tempDir(), "b.git");
    git(repo.dir, "clone", "-q", "--bare", ".", bare);
    expect(await checkoutLocation(repo.dir)).toMatchObject({
      kind: "worktree",
      topLevel: repo.dir,
      isLinkedWorktree: false,
    });
    expect(await checkoutLocation(linked)).toMatchObject({
      kind: "worktree",
      topLevel: linked,
      isLinkedWorktree: true,
    });
    expect(await checkoutLocation(bare)).toEqual({ kind: "bare", gitDir: bare });
    expect(await checkoutLocation(join(repo.dir, ".git"))).toMatchObject({ kind: "inside-git-dir" });
    expect(await checkoutLocation(tempDir())).toEqual({ kind: "not-a-repository" });
    vi.stubEnv("PATH", "/nonexistent");
    expect(await checkoutLocation(repo.dir)).toEqual({ kind: "git-missing" });
  });

  it("statusSummary counts staged, unstaged and untracked files and reads the branch headers", async () => {
    const repo = gitRepo();
    repo.write("README.md", "staged");
    repo.git("add", "README.md");
    repo.write("README.md", "and changed again");
    writeFileSync(join(repo.dir, "new.txt"), "x");
    expect(await statusSummary(repo.dir, 5000)).toEqual({
      ok: true,
      branch: "main",
      head: repo.git("rev-parse", "HEAD"),
      counts: { staged: 1, unstaged: 1, untracked: 1 },
    });
    const empty = tempDir();
    git(empty, "init", "-q", "-b", "trunk");
    expect(await statusSummary(empty, 5000)).toMatchObject({ ok: true, branch: "trunk", head: null });
    expect(await statusSummary(tempDir(), 5000)).toEqual({ ok: false, reason: "failed" });
  });

  it("worktrees marks the current one and folders that are gone", async () => {
    const repo = gitRepo();
    const gone = join(tempDir(), "gone");
    repo.git("worktree", "add", "-q", "-b", "gone", gone);
    execaSync("rm", ["-rf", gone]);
    const list = await worktrees(repo.dir);
    expect(list.map((w) => [w.branch, w.current, w.prunable])).toEqual([
      ["main", true, false],
      ["gone", false, true],
    ]);
  });
});
