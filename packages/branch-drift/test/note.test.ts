import { describe, expect, it } from "vitest";
import { driftText, ownMoveText, quote } from "../src/index.ts";

const A = "1a2b3c4d".padEnd(40, "0");
const B = "9f8e7d6c".padEnd(40, "0");
const told = { worktree: "/repos/app", branch: "feature/login", head: A };
const free = { path: "/repos/app-feature-login", checkedOutIn: null, exists: true };

describe("the drift note", () => {
  it("after another session switched the branch", () => {
    expect(
      driftText({ told, live: { ...told, branch: "main", head: B }, moves: ["branch"] }, free),
    ).toMatchInlineSnapshot(`
        "drift: this checkout MOVED since the session was last told what it is.
        - you were told: branch feature/login at 1a2b3c4 in /repos/app
        - it is now: branch main at 9f8e7d6 in /repos/app
        - the branch changed (feature/login -> main) without this session being told
        What to do: your latest edit went to branch main at 9f8e7d6 in /repos/app. Stop editing. Another session or the user may have moved this checkout: do not move it back on your own, that would move their work. Run \`git status\` and \`git log --oneline -5\`, and tell the user what moved. To keep working on what you were told, use a worktree of its own: \`git worktree add /repos/app-feature-login feature/login\`."
      `);
  });

  it.each([
    [
      "checked out in another worktree",
      { ...free, checkedOutIn: "/repos/app-2" },
      "Branch feature/login is now checked out in /repos/app-2: if that is your own worktree, continue there; otherwise ask the user.",
    ],
    [
      "deleted",
      { ...free, exists: false },
      "Branch feature/login no longer exists (deleted or renamed): ask the user where to continue.",
    ],
  ])("never suggests a worktree for a branch that is %s", (_label, advice, line) => {
    const text = driftText({ told, live: { ...told, branch: "main" }, moves: ["branch"] }, advice);
    expect(text).not.toContain("git worktree add");
    expect(text.endsWith(line)).toBe(true);
  });

  it("after a reset or rebase", () => {
    const text = driftText({ told, live: { ...told, head: B }, moves: ["history"] }, free);
    expect(text).toContain("- HEAD no longer contains 1a2b3c4: a reset, rebase or checkout rewrote it");
    expect(text).toContain("`git reflog -5` (commits may now be only in the reflog)");
    expect(text).not.toContain("git worktree add");
    expect(text).toMatchInlineSnapshot(`
      "drift: this checkout MOVED since the session was last told what it is.
      - you were told: branch feature/login at 1a2b3c4 in /repos/app
      - it is now: branch feature/login at 9f8e7d6 in /repos/app
      - HEAD no longer contains 1a2b3c4: a reset, rebase or checkout rewrote it
      What to do: your latest edit went to branch feature/login at 9f8e7d6 in /repos/app. Stop editing. Another session or the user may have moved this checkout: do not move it back on your own, that would move their work. Run \`git status\` and \`git log --oneline -5\` and \`git reflog -5\` (commits may now be only in the reflog), and tell the user what moved."
    `);
  });

  it("from a detached HEAD offers a detached worktree at the told commit", () => {
    const detached = { ...told, branch: null };
    const text = driftText(
      { told: detached, live: { ...told, branch: "main" }, moves: ["branch"] },
      {
        ...free,
        path: "/repos/app-1a2b3c4",
      },
    );
    expect(text).toContain("you were told: detached HEAD at 1a2b3c4 in /repos/app");
    expect(text).toContain("`git worktree add --detach /repos/app-1a2b3c4 1a2b3c4`");
    expect(text).toMatchInlineSnapshot(`
      "drift: this checkout MOVED since the session was last told what it is.
      - you were told: detached HEAD at 1a2b3c4 in /repos/app
      - it is now: branch main at 1a2b3c4 in /repos/app
      - the branch changed (detached HEAD -> main) without this session being told
      What to do: your latest edit went to branch main at 1a2b3c4 in /repos/app. Stop editing. Another session or the user may have moved this checkout: do not move it back on your own, that would move their work. Run \`git status\` and \`git log --oneline -5\`, and tell the user what moved. To keep working on what you were told, use a worktree of its own: \`git worktree add --detach /repos/app-1a2b3c4 1a2b3c4\`."
    `);
  });

  it("quotes a path that is not a plain shell word", () => {
    expect(quote("/repos/my app's")).toBe(`'/repos/my app'\\''s'`);
    expect(quote("/repos/app-x")).toBe("/repos/app-x");
  });
});

describe("the line for a move of the session's own command", () => {
  it("names the command and says what to do if it was not meant to move", () => {
    expect(
      ownMoveText({ told, live: { ...told, branch: "topic" }, moves: ["branch"] }, "git switch -c topic"),
    ).toMatchInlineSnapshot(
      `"branch-drift: you moved to branch topic at 1a2b3c4 in /repos/app (was branch feature/login at 1a2b3c4 in /repos/app), across your command \`git switch -c topic\`; edits there now land on topic. If that command was not meant to move it, another session or the user did: stop and tell the user."`,
    );
  });
});
