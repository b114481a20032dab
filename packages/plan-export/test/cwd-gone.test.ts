// A session whose folder is removed while it runs (a worktree removed under it): plans go only into the
// repository the session was recorded in, never into whatever parent folder still exists.
import { existsSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { tempDir } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";
import { claudeSession } from "./helpers/sessions.ts";
import { world } from "./helpers/world.ts";

const tree = (dir: string) => readdirSync(dir, { recursive: true }).map(String).sort();

describe("plan-export when the session's folder is gone", () => {
  it("a removed worktree: the plan is kept, said so, and saved by the repository's next event", async () => {
    const w = world();
    const parent = tempDir();
    const linked = join(parent, "app-topic");
    w.repo.git("worktree", "add", "-q", "-b", "topic", linked);
    const s = claudeSession(w, "s1", { cwd: linked });
    await s.exitPlan();
    w.repo.git("worktree", "remove", "--force", linked);
    const approve = await s.approve();
    expect(approve.model).toMatch(
      /^plan-export: .*app-topic no longer exists, so the accepted plan was not saved there/,
    );
    // Nothing was written into the parent folder (outside any repository).
    expect(tree(parent)).toEqual([]);
    expect(w.exported("accepted")).toEqual([]);
    // Said once: the next event of that session keeps it quietly.
    expect((await s.prompt()).model).toBeUndefined();
    expect(tree(parent)).toEqual([]);
    // A session in the repository's main worktree saves it there.
    const next = claudeSession(w, "s2");
    expect((await next.start()).model).toMatch(/saved the accepted plan/);
    expect(w.exported("accepted")).toHaveLength(1);
  });

  it("a deleted sub-folder of a worktree that still exists: exported into that worktree, as before", async () => {
    const w = world();
    const sub = join(w.repo.dir, "gone", "deeper");
    const s = claudeSession(w, "s1", { cwd: sub });
    await s.exitPlan();
    await s.approve();
    expect(w.exported("accepted")).toHaveLength(1);
    expect(existsSync(dirname(sub))).toBe(false);
  });
});
