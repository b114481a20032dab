// branch-drift against real repositories: what counts as a move and what does not.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { gitEnv, gitRepo, tempDir } from "@hookrail/test-utils";
import { execaSync } from "execa";
import { describe, expect, it } from "vitest";
import { session, silent } from "./helpers.ts";

const git = (cwd: string, ...args: string[]) => execaSync("git", args, { cwd, env: gitEnv }).stdout.trim();

describe("branch-drift in real repositories", () => {
  it("the session's own commits are not drift, and the record follows them", async () => {
    const repo = gitRepo();
    const s = session("claude", repo.dir);
    await s.before();
    repo.write("a.txt", "1");
    const first = repo.commit("own work");
    expect(await s.before()).toEqual(silent);
    repo.write("a.txt", "2");
    repo.commit("more own work");
    expect(await s.before()).toEqual(silent);
    repo.git("reset", "-q", "--hard", first);
    const { context } = await s.before();
    expect(context).toContain("HEAD no longer contains");
    expect(context).toContain("git reflog -5");
  });

  it("a rebase made by another process is drift", async () => {
    const repo = gitRepo();
    repo.git("switch", "-q", "-c", "feature");
    repo.write("f.txt", "feature");
    repo.commit("feature work");
    const s = session("claude", repo.dir);
    await s.before();
    repo.git("switch", "-q", "main");
    repo.write("m.txt", "main");
    repo.commit("main moves on");
    repo.git("switch", "-q", "feature");
    // Back on the told branch, but the switch itself was never seen: the rebase is what moved HEAD.
    expect(await s.before()).toEqual(silent);
    repo.git("rebase", "-q", "main");
    expect((await s.before()).context).toContain("a reset, rebase or checkout rewrote it");
  });

  it("a detached checkout by another process is drift", async () => {
    const repo = gitRepo({ commits: 2 });
    const s = session("claude", repo.dir);
    await s.before();
    repo.git("checkout", "-q", "--detach", "HEAD~1");
    const { context } = await s.before();
    expect(context).toContain("the branch changed (main -> detached HEAD)");
    expect(context).toContain("git worktree add");
  });

  it("moving the session into another worktree is its own doing; sessions in two checkouts are told apart", async () => {
    const repo = gitRepo();
    const linked = join(tempDir(), "repo-wt");
    repo.git("worktree", "add", "-q", "-b", "wt", linked);
    const a = session("claude", repo.dir, { sessionId: "a" });
    const b = session("codex", linked, { sessionId: "b", env: a.env });
    await a.before();
    await b.before();
    git(linked, "switch", "-q", "-c", "wt2");
    expect(await a.before()).toEqual(silent);
    expect((await b.before()).context).toContain("the branch changed (wt -> wt2)");
    // Only the session itself moves its cwd (cd, a working directory it chose): the new checkout is learned.
    a.moveTo(linked);
    expect(await a.before()).toEqual(silent);
    git(linked, "switch", "-q", "-c", "wt3");
    expect((await a.before()).context).toContain("the branch changed (wt2 -> wt3)");
  });

  it("a subdirectory of the same worktree is the same checkout", async () => {
    const repo = gitRepo();
    execaSync("mkdir", [join(repo.dir, "sub")]);
    const s = session("claude", repo.dir);
    await s.before();
    s.moveTo(join(repo.dir, "sub"));
    expect(await s.before()).toEqual(silent);
  });

  it("a repository with no commits: silent until there is a HEAD, then the first commit is the session's own", async () => {
    const dir = tempDir();
    git(dir, "init", "-q", "-b", "main");
    const s = session("claude", dir);
    expect(await s.before()).toEqual(silent);
    writeFileSync(join(dir, "a"), "a");
    git(dir, "add", "a");
    git(dir, "commit", "-qm", "first");
    expect(await s.before()).toEqual(silent);
    git(dir, "switch", "-q", "-c", "x");
    expect((await s.before()).context).toContain("(main -> x)");
  });

  it("a shallow clone works like any other", async () => {
    const origin = gitRepo({ commits: 3 });
    const dir = join(tempDir(), "clone");
    git(origin.dir, "clone", "-q", "--depth", "1", `file://${origin.dir}`, dir);
    const s = session("claude", dir);
    await s.before();
    writeFileSync(join(dir, "b"), "b");
    git(dir, "add", "b");
    git(dir, "commit", "-qm", "own");
    expect(await s.before()).toEqual(silent);
    git(dir, "switch", "-q", "-c", "other");
    expect((await s.before()).context).toContain("(main -> other)");
  });

  it("inside a submodule, the submodule is the checkout", async () => {
    const lib = gitRepo({ commits: 2 });
    const app = gitRepo();
    app.git("-c", "protocol.file.allow=always", "submodule", "add", "-q", lib.dir, "lib");
    app.commit("add lib");
    const sub = join(app.dir, "lib");
    const s = session("claude", sub);
    await s.before();
    git(sub, "checkout", "-q", "--detach", "HEAD~1");
    expect((await s.before()).context).toContain(`in ${sub}`);
  });

  it.each([
    ["outside git", () => tempDir()],
    [
      "a bare repository",
      () => {
        const dir = join(tempDir(), "bare.git");
        git(gitRepo().dir, "clone", "-q", "--bare", ".", dir);
        return dir;
      },
    ],
  ])("%s: silent", async (_label, makeDir) => {
    const s = session("claude", makeDir());
    expect(await s.before()).toEqual(silent);
    expect(await s.before()).toEqual(silent);
  });
});
