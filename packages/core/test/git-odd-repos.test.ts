// Core git helpers in odd repositories: folder names with newlines, submodules, repositories git refuses.
import { chownSync, mkdirSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { gitEnv, gitRepo, tempDir } from "@hookrail/test-utils";
import { execaSync } from "execa";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { checkoutLocation, headState, worktrees } from "../src/git/git.ts";
import { parseWorktreeList, readCheckout, worktreeList } from "../src/git/git-fast.ts";

beforeEach(() => {
  vi.stubEnv("GIT_CONFIG_GLOBAL", "/dev/null");
  vi.stubEnv("GIT_CONFIG_NOSYSTEM", "1");
});
afterEach(() => {
  vi.unstubAllEnvs();
});

describe("parseWorktreeList", () => {
  it.each([
    ["empty", "", []],
    [
      "a path with a newline, a detached and a prunable worktree",
      "worktree /a\nb\0HEAD 1111\0branch refs/heads/main\0\0worktree /c\0HEAD 2222\0detached\0prunable gitdir file points to non-existent location\0\0",
      [
        { path: "/a\nb", branch: "main", head: "1111", bare: false, prunable: false },
        { path: "/c", branch: null, head: "2222", bare: false, prunable: true },
      ],
    ],
    [
      "a bare repository",
      "worktree /r.git\0bare\0\0",
      [{ path: "/r.git", branch: null, head: null, bare: true, prunable: false }],
    ],
  ])("%s", (_label, out, list) => {
    expect(parseWorktreeList(out)).toEqual(list);
  });
});

describe("git helpers in odd repositories", () => {
  it("folders with a newline in their name are read whole, by every helper", async () => {
    const main = join(tempDir(), "main\nrepo");
    mkdirSync(main);
    const repo = gitRepo({ dir: main });
    const linked = join(tempDir(), "linked\nwt");
    repo.git("worktree", "add", "-q", "-b", "topic", linked);
    expect(await checkoutLocation(linked)).toMatchObject({
      kind: "worktree",
      topLevel: linked,
      isLinkedWorktree: true,
    });
    expect(await headState(linked)).toMatchObject({ branch: "topic", topLevel: linked });
    expect((await worktrees(linked)).map((w) => [w.path, w.current])).toEqual([
      [main, false],
      [linked, true],
    ]);
    expect((await worktreeList(linked))?.map((w) => w.path)).toEqual([main, linked]);
    expect(readCheckout(linked)).toMatchObject({ topLevel: linked, branch: "topic" });
  });

  it("a submodule's main worktree is its own folder, not its git dir under the superproject's .git", async () => {
    const lib = gitRepo();
    const app = gitRepo();
    app.git("-c", "protocol.file.allow=always", "submodule", "add", "-q", lib.dir, "lib");
    const sub = join(app.dir, "lib");
    expect((await worktrees(sub)).map((w) => [w.path, w.current])).toEqual([[sub, true]]);
  });

  it("the current worktree is found through a symlinked cwd", async () => {
    const repo = gitRepo();
    const link = join(tempDir(), "link");
    symlinkSync(repo.dir, link);
    expect((await worktrees(link)).map((w) => w.current)).toEqual([true]);
  });

  it.runIf(process.geteuid?.() === 0)("a repository of another user: git's refusal, with the folder", async () => {
    const repo = gitRepo();
    for (const path of execaSync("find", [repo.dir], { env: gitEnv }).stdout.split("\n")) chownSync(path, 4242, 4242);
    expect(await checkoutLocation(repo.dir)).toEqual({ kind: "dubious-ownership", repository: repo.dir });
    expect(await checkoutLocation(join(repo.dir, ".git"))).toMatchObject({ kind: "dubious-ownership" });
  });
});
