// branch-drift runs before every edit: no git process while the checkout is unchanged (HEAD and refs are
// read from .git's files), and never a crash.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gitRepo, gitShim, hookEnv, stableText } from "@hookrail/test-utils";
import { afterEach, describe, expect, it, vi } from "vitest";
import { session, silent } from "./helpers.ts";

afterEach(() => {
  vi.unstubAllEnvs();
});

function countingGit() {
  const shim = gitShim();
  vi.stubEnv("PATH", shim.path);
  /** The git subcommands `step` started, and its answer. */
  return async <T>(step: () => Promise<T>): Promise<[string[], T]> => {
    const before = shim.calls().length;
    const answer = await step();
    const calls = shim
      .calls()
      .slice(before)
      .map((argv) => argv[0] ?? "");
    return [calls, answer];
  };
}

describe("branch-drift's hot path", () => {
  it("starts no git process per shell command while nothing moves", async () => {
    const repo = gitRepo();
    const callsFor = countingGit();
    const s = session("codex", repo.dir);
    await s.before();
    const [calls] = await callsFor(() => s.shell("npm test", () => {}));
    expect(calls).toEqual([]);
  });

  it("starts no git process per edit; merge-base only when HEAD moved on the same branch", async () => {
    const repo = gitRepo();
    const callsFor = countingGit();
    const s = session("claude", repo.dir);
    expect(await callsFor(s.before)).toEqual([[], silent]);
    expect(await callsFor(s.before)).toEqual([[], silent]);
    repo.commit("own");
    expect(await callsFor(s.before)).toEqual([["merge-base"], silent]);
    repo.git("switch", "-q", "-c", "x");
    const [calls, answer] = await callsFor(s.before);
    // Only the note's advice asks git: where the told branch is checked out, and whether it still exists.
    expect(calls.sort()).toEqual(["rev-parse", "worktree"]);
    expect(answer.context).toContain("(main -> x)");
    expect(await callsFor(s.before)).toEqual([[], silent]);
    // A rewrite of the branch (not a descendant of the told HEAD) is still caught with that one merge-base.
    repo.git("reset", "-q", "--hard", "x~1");
    repo.commit("rewritten");
    const [rewriteCalls, rewrite] = await callsFor(s.before);
    expect(rewriteCalls).toEqual(["merge-base"]);
    expect(stableText(rewrite.context ?? "")).toMatchInlineSnapshot(`
      "drift: this checkout MOVED since the session was last told what it is.
      - you were told: branch x at <sha> in <tmp>
      - it is now: branch x at <sha> in <tmp>
      - HEAD no longer contains <sha>: a reset, rebase or checkout rewrote it
      What to do: your latest edit went to branch x at <sha> in <tmp>. Stop editing. Another session or the user may have moved this checkout: do not move it back on your own, that would move their work. Run \`git status\` and \`git log --oneline -5\` and \`git reflog -5\` (commits may now be only in the reflog), and tell the user what moved."
    `);
  });

  it("asks git (one rev-parse) when the files cannot tell, e.g. reftable refs", async () => {
    const repo = gitRepo();
    const config = join(repo.dir, ".git", "config");
    // git 2.39 ignores the extension in a version-0 repository; readCheckout must not.
    writeFileSync(config, `${readFileSync(config, "utf8")}[extensions]\n\trefStorage = reftable\n`);
    const callsFor = countingGit();
    const s = session("claude", repo.dir);
    expect(await callsFor(s.before)).toEqual([["rev-parse"], silent]);
    repo.git("switch", "-q", "-c", "x");
    const [calls, answer] = await callsFor(s.before);
    // The note's audit entry asks git once more where the checkout is (the files cannot tell it either).
    expect(calls.sort()).toEqual(["rev-parse", "rev-parse", "rev-parse", "worktree"]);
    expect(answer.context).toContain("(main -> x)");
  });

  it("git missing from PATH: silent, exit 0; a branch switch is still read from .git's files", async () => {
    const repo = gitRepo();
    // The hook's environment has no git; the test's own git calls keep the real PATH.
    const env = { ...hookEnv(), PATH: "/nonexistent" };
    const s = session("claude", repo.dir, { env });
    expect(await s.before()).toEqual(silent);
    expect(await session("gemini", repo.dir, { env }).after()).toEqual(silent);
    repo.commit("own");
    // HEAD moved on the same branch and git cannot say whether it descends: nothing is said or remembered.
    expect(await s.before()).toEqual(silent);
    repo.git("switch", "-q", "-c", "x");
    expect((await s.before()).context).toContain("(main -> x)");
  });

  it("a record that cannot be written does not swallow the note", { timeout: 10_000 }, async () => {
    const repo = gitRepo();
    const s = session("claude", repo.dir);
    await s.before();
    repo.git("switch", "-q", "-c", "x");
    // A directory where the record's lock file goes: the write waits out its lock timeout and fails.
    const folder = join(s.env.HOOKRAIL_STATE_DIR, "checkout-sessions");
    for (const name of readdirSync(folder).filter((n) => n.endsWith(".json"))) mkdirSync(join(folder, `${name}.lock`));
    expect((await s.before()).context).toContain("(main -> x)");
  });

  it("reads a corrupt record as no record and learns again", async () => {
    const repo = gitRepo();
    const s = session("codex", repo.dir);
    await s.before();
    const folder = join(s.env.HOOKRAIL_STATE_DIR, "checkout-sessions");
    for (const name of readdirSync(folder).filter((n) => n.endsWith(".json"))) writeFileSync(join(folder, name), "{");
    expect(await s.before()).toEqual(silent);
    repo.git("switch", "-q", "-c", "x");
    expect((await s.before()).context).toContain("(main -> x)");
  });

  it("when the state folder cannot be created at all: silent, exit 0", async () => {
    const repo = gitRepo();
    const s = session("claude", repo.dir);
    mkdirSync(join(s.env.HOOKRAIL_STATE_DIR, ".."), { recursive: true });
    writeFileSync(s.env.HOOKRAIL_STATE_DIR, "a file where the folder should be");
    expect(await s.before()).toEqual(silent);
  });

  it("can be turned off per project, and ignores events without a session id", async () => {
    const repo = gitRepo();
    const s = session("claude", repo.dir);
    writeFileSync(s.env.HOOKRAIL_CONFIG, JSON.stringify({ "branch-drift": { enabled: false } }));
    await s.before();
    repo.git("switch", "-q", "-c", "x");
    expect(await s.before()).toEqual(silent);
    const anonymous = session("claude", repo.dir, { sessionId: "" });
    expect(await anonymous.before()).toEqual(silent);
    expect(existsSync(s.env.HOOKRAIL_STATE_DIR)).toBe(false);
  });
});
