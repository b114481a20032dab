// The session's own shell commands pass through branch-drift too: what they move is the session's doing
// (a short line at most), what anyone else moves keeps the full note. Real repositories, every CLI.
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { gitEnv, gitRepo, tempDir } from "@hookrail/test-utils";
import { execaSync } from "execa";
import { describe, expect, it } from "vitest";
import { session } from "./helpers.ts";

const git = (cwd: string, ...args: string[]) => execaSync("git", args, { cwd, env: gitEnv }).stdout.trim();
const FULL = /^drift: this checkout MOVED/m;
const OWN = /branch-drift: you moved to/;

describe.each(["claude", "gemini", "codex", "qwen", "droid"] as const)("%s", (cli) => {
  it("worktree-check's advice on main (a worktree of its own), followed to the letter, is never drift", async () => {
    const repo = gitRepo();
    const topic = join(dirname(repo.dir), `${repo.dir.split("/").pop()}-topic`);
    const s = session(cli, repo.dir);
    await s.before();
    const made = await s.shell(`git worktree add ../${topic.split("/").pop()} -b topic`, () =>
      git(repo.dir, "worktree", "add", "-q", topic, "-b", "topic"),
    );
    expect(made.context).toBeUndefined();
    // The session's cwd stays in the old checkout; its edits land in the new worktree.
    writeFileSync(join(topic, "a.txt"), "a");
    expect((await s.editAt(join(topic, "a.txt"))).context).toBeUndefined();
    expect((await s.editAt(join(topic, "new-folder", "b.txt"))).context).toBeUndefined();
    // Or its cwd follows it there (Codex's workdir, a cd that the CLI keeps).
    s.moveTo(topic);
    expect((await s.before()).context).toBeUndefined();
    // Someone else switching that worktree afterwards is drift, judged on the checkout of the edited file.
    s.moveTo(repo.dir);
    git(topic, "switch", "-q", "-c", "someone-else");
    const note = await s.editAt(join(topic, "a.txt"));
    expect(note.context).toMatch(FULL);
    expect(note.context).toContain(`the branch changed (topic -> someone-else)`);
  });

  it("a branch made from a detached HEAD (worktree-check's advice there) is a short line, not drift", async () => {
    const repo = gitRepo({ commits: 2 });
    repo.git("checkout", "-q", "--detach", "HEAD~1");
    const s = session(cli, repo.dir);
    await s.before();
    const switched = await s.shell("git switch -c topic", () => repo.git("switch", "-q", "-c", "topic"));
    expect(switched.context).toMatch(OWN);
    expect(switched.context).not.toMatch(FULL);
    expect(switched.context).toContain("you moved to branch topic at");
    expect((await s.editAt(join(repo.dir, "README.md"))).context).toBeUndefined();
  });

  it("the session's own amend, reset and rebase are silent", async () => {
    const repo = gitRepo({ commits: 2 });
    const s = session(cli, repo.dir);
    await s.before();
    expect(
      (await s.shell("git commit --amend -m reworded", () => repo.git("commit", "-q", "--amend", "-m", "reworded")))
        .context,
    ).toBeUndefined();
    expect(
      (await s.shell("git reset --hard HEAD~1", () => repo.git("reset", "-q", "--hard", "HEAD~1"))).context,
    ).toBeUndefined();
    expect((await s.editAt(join(repo.dir, "README.md"))).context).toBeUndefined();
  });

  it("a move by someone else before the session's command keeps the full note, once", async () => {
    const repo = gitRepo();
    const s = session(cli, repo.dir);
    await s.before();
    repo.git("switch", "-q", "-c", "theirs");
    const told = await s.shell("npm test", () => {});
    expect(told.context).toMatch(FULL);
    expect(told.context).toContain("(main -> theirs)");
    expect(told.context).not.toMatch(OWN);
    expect((await s.editAt(join(repo.dir, "README.md"))).context).toBeUndefined();
  });

  it("someone else's move, then the session's own move in one command: both, each for what it is", async () => {
    const repo = gitRepo();
    const s = session(cli, repo.dir);
    await s.before();
    repo.git("switch", "-q", "-c", "theirs");
    const told = await s.shell("git switch -c mine", () => repo.git("switch", "-q", "-c", "mine"));
    expect(told.context).toMatch(FULL);
    expect(told.context).toContain("(main -> theirs)");
    expect(told.context).toMatch(OWN);
    expect(told.context).toContain("you moved to branch mine");
  });

  it("a move by someone else while the session's command runs cannot be told apart: the short line names it", async () => {
    const repo = gitRepo();
    const s = session(cli, repo.dir);
    await s.before();
    const told = await s.shell("npm test", () => repo.git("switch", "-q", "-c", "theirs"));
    expect(told.context).toMatch(OWN);
    expect(told.context).toContain("`npm test`");
    expect(told.context).toContain("If that command was not meant to move it, another session or the user did");
  });
});

describe("claude: a shell command that fails", () => {
  it("ends with PostToolUseFailure, which still marks what it moved as the session's own", async () => {
    const repo = gitRepo();
    const s = session("claude", repo.dir);
    await s.before();
    const failed = await s.shell(
      "git switch -c topic && npm test",
      () => repo.git("switch", "-q", "-c", "topic"),
      "failed",
    );
    // That event's context does not reach the model: nothing is said, and the next edit is quiet.
    expect(failed.context).toBeUndefined();
    expect((await s.editAt(join(repo.dir, "README.md"))).context).toBeUndefined();
  });
});

describe("every command a note suggests works where it is suggested", () => {
  it.each([
    ["the told branch is free", false],
    ["the told branch is checked out in another worktree", true],
  ])("%s", async (_label, elsewhere) => {
    const repo = gitRepo();
    repo.git("switch", "-q", "-c", "feature");
    const s = session("claude", repo.dir);
    await s.before();
    // Another session moves this checkout to main, and (maybe) checks feature out in a worktree of its own.
    repo.git("switch", "-q", "main");
    const other = join(tempDir(), "other");
    if (elsewhere) repo.git("worktree", "add", "-q", other, "feature");
    // A folder with the name the advice would take first is already there.
    mkdirSync(`${repo.dir}-feature`, { recursive: true });
    const { context } = await s.before();
    expect(context).toMatch(FULL);
    const commands = [...(context ?? "").matchAll(/`(git [^`]+)`/g)].map((m) => m[1] as string);
    expect(commands.length).toBeGreaterThan(1);
    if (elsewhere) {
      expect(commands.some((c) => c.startsWith("git worktree add"))).toBe(false);
      expect(context).toContain(`Branch feature is now checked out in ${other}`);
    } else expect(commands).toContain(`git worktree add ${repo.dir}-feature-2 feature`);
    for (const command of commands) {
      const result = execaSync("sh", ["-c", command], { cwd: repo.dir, env: gitEnv, reject: false });
      expect([command, result.exitCode]).toEqual([command, 0]);
    }
    expect(existsSync(`${repo.dir}-feature-2`)).toBe(!elsewhere);
  });
});
