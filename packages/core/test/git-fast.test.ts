// readCheckout reads HEAD and refs from the files under .git; it must agree with git itself, checked here
// against real repositories, and say "cannot tell" (undefined) rather than guess when anything is unusual.
import { mkdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gitRepo, tempDir } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";
import { type Checkout, gitExec, isAncestorFast, readCheckout } from "../src/git/git-fast.ts";
import { git, gitSays, hasReftable } from "./_git-says.ts";

const agrees = (cwd: string) => {
  const fast = readCheckout(cwd);
  expect(fast).toEqual(gitSays(cwd));
  return fast as Checkout;
};

describe("readCheckout agrees with git", () => {
  it("a normal repository, from its top folder and from a sub-folder", () => {
    const repo = gitRepo();
    expect(agrees(repo.dir)).toMatchObject({ topLevel: repo.dir, branch: "main", isLinkedWorktree: false });
    mkdirSync(join(repo.dir, "src", "deep"), { recursive: true });
    expect(agrees(join(repo.dir, "src", "deep")).topLevel).toBe(repo.dir);
  });

  it("a cwd reached through a symlink resolves to the real folder, like git", () => {
    const repo = gitRepo();
    const link = join(tempDir(), "link");
    symlinkSync(repo.dir, link);
    expect(agrees(link).topLevel).toBe(repo.dir);
  });

  it("a linked worktree on a branch with slashes", () => {
    const repo = gitRepo();
    const linked = join(tempDir(), "wt");
    repo.git("worktree", "add", "-q", "-b", "feature/deep/name", linked);
    const fast = agrees(linked);
    expect(fast).toMatchObject({ topLevel: linked, branch: "feature/deep/name", isLinkedWorktree: true });
    expect(fast.commonDir).toBe(join(repo.dir, ".git"));
    expect(agrees(repo.dir).branch).toBe("main");
  });

  it("a detached HEAD", () => {
    const repo = gitRepo({ commits: 2 });
    repo.git("checkout", "-q", "--detach", "HEAD~1");
    expect(agrees(repo.dir)).toMatchObject({ branch: null, head: repo.git("rev-parse", "HEAD~0") });
  });

  it("packed refs, and a loose ref newer than its packed one", () => {
    const repo = gitRepo();
    repo.git("switch", "-q", "-c", "topic/a");
    repo.git("pack-refs", "--all");
    repo.git("tag", "-a", "-m", "annotated", "v1"); // a peeled (^) line in packed-refs after the next pack
    repo.git("pack-refs", "--all");
    expect(readFileSync(join(repo.dir, ".git", "packed-refs"), "utf8")).toContain("^");
    expect(agrees(repo.dir).branch).toBe("topic/a");
    repo.commit("after packing");
    expect(agrees(repo.dir).head).toBe(repo.git("rev-parse", "HEAD"));
  });

  it("an unborn branch (no commits yet), also with a slash and next to packed refs", () => {
    const empty = tempDir();
    git(empty, "init", "-q", "-b", "trunk/one");
    expect(agrees(empty)).toMatchObject({ branch: "trunk/one", head: null });
    const repo = gitRepo();
    repo.git("branch", "fresh-old"); // a packed name that starts with the unborn one
    repo.git("pack-refs", "--all");
    repo.git("switch", "-q", "--orphan", "fresh");
    expect(agrees(repo.dir)).toMatchObject({ branch: "fresh", head: null });
  });

  it("a `.git` file pointing elsewhere (separate git dir), and a real submodule", () => {
    const dir = join(tempDir(), "work");
    git(tempDir(), "init", "-q", "-b", "main", `--separate-git-dir=${join(tempDir(), "store.git")}`, dir);
    git(dir, "commit", "-q", "--allow-empty", "-m", "one");
    expect(agrees(dir)).toMatchObject({ topLevel: dir, branch: "main" });

    const sub = gitRepo();
    const parent = gitRepo();
    parent.git("-c", "protocol.file.allow=always", "submodule", "add", "-q", sub.dir, "mod");
    // The submodule's git dir sits in the parent's .git/modules, with core.worktree pointing back.
    expect(readFileSync(join(parent.dir, "mod", ".git"), "utf8")).toMatch(/^gitdir: /);
    expect(agrees(join(parent.dir, "mod"))).toMatchObject({ topLevel: join(parent.dir, "mod"), branch: "main" });
    expect(agrees(parent.dir).topLevel).toBe(parent.dir);
  });
});

describe("readCheckout says null outside git and undefined when it cannot tell", () => {
  it("outside any repository: null; a folder that does not exist: undefined", () => {
    expect(readCheckout(tempDir())).toBeNull();
    expect(readCheckout(join(tempDir(), "gone"))).toBeUndefined();
  });

  it("an environment that redirects git", () => {
    const repo = gitRepo();
    for (const name of ["GIT_DIR", "GIT_WORK_TREE", "GIT_COMMON_DIR", "GIT_CEILING_DIRECTORIES"]) {
      expect(readCheckout(repo.dir, { [name]: "/somewhere" })).toBeUndefined();
    }
    expect(readCheckout(repo.dir, { GIT_CONFIG_COUNT: "1" })).toBeUndefined();
    expect(readCheckout(repo.dir, { GIT_CONFIG_COUNT: "0", GIT_CONFIG_GLOBAL: "/dev/null" })).toEqual(
      gitSays(repo.dir),
    );
  });

  it("reftable refs (extensions.refStorage)", () => {
    const repo = gitRepo();
    const config = join(repo.dir, ".git", "config");
    writeFileSync(config, `${readFileSync(config, "utf8")}[extensions]\n\trefStorage = reftable\n`);
    expect(readCheckout(repo.dir)).toBeUndefined();
  });

  it.skipIf(!hasReftable)("a real reftable repository (git >= 2.45)", () => {
    const dir = tempDir();
    git(dir, "init", "-q", "--ref-format=reftable");
    expect(readCheckout(dir)).toBeUndefined();
  });

  it("a bare repository, and a cwd inside .git", () => {
    const repo = gitRepo();
    const bare = join(tempDir(), "b.git");
    git(repo.dir, "clone", "-q", "--bare", ".", bare);
    expect(readCheckout(bare)).toBeUndefined();
    expect(readCheckout(join(repo.dir, ".git", "refs"))).toBeUndefined();
    git(repo.dir, "config", "core.bare", "true");
    expect(readCheckout(repo.dir)).toBeUndefined();
  });

  it("a core.worktree that moves the work tree, or an include in the repository's config", () => {
    const repo = gitRepo();
    repo.git("config", "core.worktree", tempDir());
    expect(readCheckout(repo.dir)).toBeUndefined();
    const other = gitRepo();
    other.git("config", "include.path", "extra.config");
    expect(readCheckout(other.dir)).toBeUndefined();
  });

  it("an unusual HEAD or ref: junk, a ref outside refs/heads, a symlink, a symbolic branch ref", () => {
    const repo = gitRepo();
    const head = join(repo.dir, ".git", "HEAD");
    writeFileSync(head, "nonsense\n");
    expect(readCheckout(repo.dir)).toBeUndefined();
    writeFileSync(head, "ref: refs/tags/v1\n");
    expect(readCheckout(repo.dir)).toBeUndefined();
    writeFileSync(head, "ref: refs/heads/../../config\n");
    expect(readCheckout(repo.dir)).toBeUndefined();
    writeFileSync(head, "ref: refs/heads/main\n");
    expect(readCheckout(repo.dir)).toEqual(gitSays(repo.dir));

    const ref = join(repo.dir, ".git", "refs", "heads", "main");
    renameSync(ref, `${ref}.real`);
    symlinkSync(`${ref}.real`, ref);
    expect(readCheckout(repo.dir)).toBeUndefined();
    rmSync(ref);
    writeFileSync(ref, "ref: refs/heads/other\n");
    expect(readCheckout(repo.dir)).toBeUndefined();
  });

  it("a `.git` file that points nowhere", () => {
    const dir = tempDir();
    writeFileSync(join(dir, ".git"), "gitdir: ./missing\n");
    expect(readCheckout(dir)).toBeUndefined();
    writeFileSync(join(dir, ".git"), "not a gitfile\n");
    expect(readCheckout(dir)).toBeUndefined();
  });
});

describe("gitExec and isAncestorFast", () => {
  it("runs git and reports its exit code and output, never throwing", async () => {
    const repo = gitRepo();
    expect(await gitExec(repo.dir, ["rev-parse", "--abbrev-ref", "HEAD"])).toEqual({ code: 0, stdout: "main\n" });
    expect((await gitExec(repo.dir, ["rev-parse", "--verify", "--quiet", "nope"])).code).toBe(1);
    expect((await gitExec(tempDir(), ["rev-parse", "HEAD"])).code).toBe(128);
    expect(await gitExec(repo.dir, ["status"], { env: { ...process.env, PATH: "/nonexistent" } })).toEqual({
      code: null,
      stdout: "",
      missing: true,
    });
    // Node reports a missing folder as ENOENT too; that is no missing git.
    expect(await gitExec(join(tempDir(), "gone"), ["status"])).toEqual({ code: null, stdout: "" });
  });

  it("isAncestorFast: true, false, and undefined when git cannot tell", async () => {
    const repo = gitRepo({ commits: 2 });
    const [tip, parent] = [repo.git("rev-parse", "HEAD"), repo.git("rev-parse", "HEAD~1")];
    expect(await isAncestorFast(repo.dir, parent, tip)).toBe(true);
    expect(await isAncestorFast(repo.dir, tip, tip)).toBe(true);
    expect(await isAncestorFast(repo.dir, tip, parent)).toBe(false);
    expect(await isAncestorFast(repo.dir, "0".repeat(40), tip)).toBeUndefined();
    expect(await isAncestorFast(repo.dir, "--help", tip)).toBeUndefined();
    expect(await isAncestorFast(tempDir(), parent, tip)).toBeUndefined();
  });

  it("loads no simple-git and no child_process when imported (hot paths import it on every run)", () => {
    const source = ["../src/git/git-fast.ts", "../src/git/_git-exec.ts"]
      .map((file) => readFileSync(new URL(file, import.meta.url), "utf8"))
      .join("\n");
    expect(source).not.toMatch(/^import .*(?:simple-git|child_process)/m);
    expect(source).toMatch(/builtin<typeof import\("node:child_process"\)>\("node:child_process"\)/);
  });
});
