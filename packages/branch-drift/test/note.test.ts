import { describe, expect, it } from "vitest";
import { driftNote } from "../src/index.ts";

const A = "1a2b3c4d".padEnd(40, "0");
const B = "9f8e7d6c".padEnd(40, "0");
const told = { worktree: "/repos/app", branch: "feature/login", head: A };

describe("the drift note", () => {
  it("after another session switched the branch", () => {
    expect(driftNote(told, { ...told, branch: "main", head: B }, ["branch"])).toMatchInlineSnapshot(`
      {
        "context": "drift: this checkout MOVED since the session was last told what it is.
      - you were told: branch feature/login at 1a2b3c4 in /repos/app
      - it is now: branch main at 9f8e7d6 in /repos/app
      - the branch changed (feature/login -> main) without this session being told
      What to do: your latest edit went to branch main at 9f8e7d6 in /repos/app. Stop editing. Another session or the user may have moved this checkout: do not move it back on your own, that would move their work. Run \`git status\` and \`git log --oneline -5\`, and tell the user what moved. To keep working on what you were told, use a worktree of its own: \`git worktree add /repos/app-feature-login feature/login\`.",
        "type": "note",
        "userMessage": "branch-drift: feature/login@1a2b3c4 -> main@9f8e7d6 under this session; the agent was told",
      }
    `);
  });

  it("after a reset or rebase", () => {
    const { context } = driftNote(told, { ...told, head: B }, ["history"]) as { context: string };
    expect(context).toContain("- HEAD no longer contains 1a2b3c4: a reset, rebase or checkout rewrote it");
    expect(context).toContain("`git reflog -5` (commits may now be only in the reflog)");
    expect(context).not.toContain("git worktree add");
  });

  it("after moving to another worktree", () => {
    const { context } = driftNote(told, { ...told, worktree: "/repos/app-x" }, ["worktree"]) as { context: string };
    expect(context.split("\n").slice(3)).toEqual([
      "- the session now runs in another worktree (/repos/app-x, was /repos/app): files it edits land there",
      "What to do: if you moved on purpose (into a worktree you made), carry on here; otherwise go back to /repos/app before editing further.",
    ]);
  });

  it("from a detached HEAD offers a detached worktree at the told commit", () => {
    const detached = { ...told, branch: null };
    const { context } = driftNote(detached, { ...told, branch: "main" }, ["branch"]) as { context: string };
    expect(context).toContain("you were told: detached HEAD at 1a2b3c4 in /repos/app");
    expect(context).toContain("`git worktree add --detach /repos/app-1a2b3c4 1a2b3c4`");
  });
});
