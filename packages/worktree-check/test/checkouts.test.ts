// worktree-check in real repositories: each kind of checkout gets a correct short answer.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gitEnv, gitRepo, gitShim, tempDir } from "@hookrail/test-utils";
import { execaSync } from "execa";
import { afterEach, describe, expect, it, vi } from "vitest";
import { end, hookEnv, start } from "./helpers.ts";

const git = (cwd: string, ...args: string[]) => execaSync("git", args, { cwd, env: gitEnv }).stdout.trim();
const HERE = "you can work in this directory: ";
const WORKTREE = "open a separate worktree first: ";

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("worktree-check in real checkouts", () => {
  it("the main worktree on main: open a worktree first, with the command", async () => {
    const repo = gitRepo();
    const answer = await start(repo.dir, { env: hookEnv() });
    expect(answer.context).toContain(`- folder: ${repo.dir} (the main worktree)`);
    expect(answer.context).toContain("- branch: main (protected)");
    expect(answer.context).toContain(`  - ${repo.dir} [main] <- this one`);
    expect(answer.verdict).toMatch(
      /^open a separate worktree first: this is the main worktree on the protected branch main\./,
    );
    expect(answer.verdict).toContain(`\`git worktree add ../${repo.dir.split("/").at(-1)}-<topic> -b <topic>\``);
    expect(answer.userMessage).toBe(`worktree-check: main in ${repo.dir}: open a separate worktree first`);
  });

  it("a clean linked worktree on its own branch: work here; uncommitted files make it a worktree-first", async () => {
    const repo = gitRepo();
    const linked = join(tempDir(), "app-login");
    repo.git("worktree", "add", "-q", "-b", "login", linked);
    const env = hookEnv();
    const clean = await start(linked, { env });
    expect(clean.context).toContain(`(a linked worktree of ${repo.dir})`);
    expect(clean.verdict).toMatch(/^you can work in this directory: this linked worktree is on branch login/);
    await end(linked, { env });
    writeFileSync(join(linked, "new.txt"), "x");
    writeFileSync(join(linked, "README.md"), "changed");
    git(linked, "add", "README.md");
    writeFileSync(join(linked, "README.md"), "changed again");
    const dirty = await start(linked, { env, sessionId: "session-2" });
    expect(dirty.context).toContain("- uncommitted files: 1 staged, 1 unstaged, 1 untracked");
    expect(dirty.verdict).toContain(
      `${WORKTREE}there are uncommitted changes this session did not make (1 staged, 1 unstaged, 1 untracked)`,
    );
    // The same session, resumed: the changes may be its own.
    expect((await start(linked, { env, sessionId: "session-2", source: "resume" })).verdict).toMatch(/^you can work/);
    // A session resumed here that was never told of this checkout did not make them.
    await end(linked, { env, sessionId: "session-2" });
    for (const source of ["resume", "clear", "compact"]) {
      const sessionId = `never-here-${source}`;
      const other = await start(linked, { env, sessionId, source });
      expect(other.verdict).toContain(`${WORKTREE}there are uncommitted changes this session did not make`);
      await end(linked, { env, sessionId });
    }
  });

  it("a detached HEAD says so, with the sha", async () => {
    const repo = gitRepo({ commits: 2 });
    repo.git("checkout", "-q", "--detach", "HEAD~1");
    const sha = repo.git("rev-parse", "--short=7", "HEAD");
    const answer = await start(repo.dir, { env: hookEnv() });
    expect(answer.context).toContain(`- branch: detached HEAD at ${sha}`);
    expect(answer.context).toContain("- detached HEAD: commits made here belong to no branch");
    expect(answer.verdict).toMatch(new RegExp(`^${HERE}the main worktree has a detached HEAD`));
  });

  it("a repository with no commits", async () => {
    const dir = tempDir();
    git(dir, "init", "-q", "-b", "main");
    writeFileSync(join(dir, "draft.txt"), "x");
    const answer = await start(dir, { env: hookEnv() });
    expect(answer.context).toContain("- HEAD: no commits yet");
    expect(answer.context).toContain("- uncommitted files: 0 staged, 0 unstaged, 1 untracked");
    expect(answer.verdict).toMatch(/^you can work in this directory: the repository has no commits yet/);
  });

  it("a submodule and a shallow clone", async () => {
    const lib = gitRepo({ commits: 2 });
    const app = gitRepo();
    app.git("-c", "protocol.file.allow=always", "submodule", "add", "-q", lib.dir, "lib");
    app.commit("add lib");
    const sub = await start(join(app.dir, "lib"), { env: hookEnv() });
    expect(sub.context).toContain(`- submodule of ${app.dir}`);
    expect(sub.context).toContain(`- folder: ${join(app.dir, "lib")} (the main worktree)`);
    const shallow = join(tempDir(), "shallow");
    git(lib.dir, "clone", "-q", "--depth", "1", `file://${lib.dir}`, shallow);
    const answer = await start(shallow, { env: hookEnv() });
    expect(answer.context).toContain("- shallow clone: older history is missing");
    // origin/HEAD is main: the clone's default branch.
    expect(answer.verdict).toContain("on the default branch main");
  });

  it("the remote's default branch is protected even when not in protectedBranches", async () => {
    const origin = gitRepo();
    origin.git("branch", "-m", "main", "trunk");
    const clone = join(tempDir(), "clone");
    git(origin.dir, "clone", "-q", origin.dir, clone);
    expect((await start(clone, { env: hookEnv() })).verdict).toContain("the default branch trunk");
  });

  it("outside git, a bare repository, inside .git", async () => {
    const outside = await start(tempDir(), { env: hookEnv() });
    expect(outside.context).toMatch(/is not inside a git repository.*\nyou can work in this directory: /s);
    const bare = join(tempDir(), "app.git");
    git(gitRepo().dir, "clone", "-q", "--bare", ".", bare);
    expect((await start(bare, { env: hookEnv() })).context).toMatch(
      /is a bare repository.*\nopen a separate worktree first: .*`git worktree add \.\.\/app-<topic> -b <topic>`/s,
    );
    const repo = gitRepo();
    expect((await start(join(repo.dir, ".git"), { env: hookEnv() })).verdict).toMatch(
      /^open a separate worktree first: /,
    );
  });

  it("git missing from PATH: a short answer, exit 0", async () => {
    const repo = gitRepo();
    vi.stubEnv("PATH", "/nonexistent");
    const answer = await start(repo.dir, { env: hookEnv() });
    expect(answer.exitCode).toBe(0);
    expect(answer.context).toMatch(/^worktree-check: git was not found on PATH/);
  });

  it("a huge repository whose git status is too slow: answers anyway, without counts", {
    timeout: 15_000,
  }, async () => {
    const repo = gitRepo();
    const env = hookEnv();
    writeFileSync(env.HOOKRAIL_CONFIG, JSON.stringify({ "worktree-check": { statusTimeoutMs: 300 } }));
    vi.stubEnv("PATH", gitShim({ stall: { subcommand: "status", seconds: 3 } }).path);
    const startedAt = Date.now();
    const answer = await start(repo.dir, { env });
    expect(Date.now() - startedAt).toBeLessThan(2500);
    expect(answer.context).toContain("- uncommitted files: unknown (git status gave no answer in time)");
    expect(answer.context).toContain("- branch: main (protected)");
    expect(answer.verdict).toMatch(/^open a separate worktree first: this is the main worktree/);
  });

  it("from a subdirectory, the command is relative to it", async () => {
    const repo = gitRepo();
    mkdirSync(join(repo.dir, "src"));
    const name = repo.dir.split("/").at(-1);
    expect((await start(join(repo.dir, "src"), { env: hookEnv() })).verdict).toContain(
      `git worktree add ../../${name}-<topic>`,
    );
  });

  it("can be turned off", async () => {
    const env = hookEnv();
    writeFileSync(env.HOOKRAIL_CONFIG, JSON.stringify({ "worktree-check": { enabled: false } }));
    expect((await start(gitRepo().dir, { env })).stdout).toBe("");
  });
});
