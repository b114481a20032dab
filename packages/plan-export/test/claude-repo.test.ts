// Claude Code: duplicates, two sessions, two worktrees, a custom plans folder and the settings.
import { join } from "node:path";
import { tempDir } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";
import { claudeSession, PLAN, REVISED } from "./helpers/sessions.ts";
import { fixture, world, writeFile } from "./helpers/world.ts";

const HOUR = 60 * 60 * 1000;

describe("claude: duplicates", () => {
  it("the same plan approved twice is one file; rejected, then accepted, is one of each", async () => {
    const w = world();
    const s1 = claudeSession(w, "s1");
    await s1.exitPlan();
    await s1.prompt(); // Esc, then a prompt: rejected
    await s1.exitPlan();
    expect((await s1.approve()).user).toMatch(/saved the accepted plan/);
    const s2 = claudeSession(w, "s2");
    await s2.exitPlan();
    // Already exported: nothing new, nothing said.
    expect((await s2.approve()).stdout).toBe("");
    expect(w.exported("accepted")).toHaveLength(1);
    expect(w.exported("rejected")).toHaveLength(1);
  });
});

describe("claude: two sessions", () => {
  it("two different plans with the same title in the same minute get two names", async () => {
    const w = world();
    const s1 = claudeSession(w, "s1", { planPath: join(w.home, ".claude", "plans", "one.md") });
    const s2 = claudeSession(w, "s2", { planPath: join(w.home, ".claude", "plans", "two.md") });
    await s1.exitPlan(PLAN);
    await s2.exitPlan(REVISED);
    await s2.approve(REVISED);
    await s1.approve(PLAN);
    const files = w.exported("accepted");
    expect(files.map((f) => f.name)).toEqual([
      expect.stringMatching(/-add-hello-txt-2\.md$/),
      expect.stringMatching(/-add-hello-txt\.md$/),
    ]);
    expect(files.map((f) => f.meta.session).sort()).toEqual(["s1", "s2"]);
  });

  it("one session's prompt does not settle the other session's open dialog", async () => {
    const w = world();
    const s1 = claudeSession(w, "s1");
    await s1.exitPlan();
    await claudeSession(w, "s2").prompt();
    expect(w.exported("rejected")).toEqual([]);
    await s1.approve();
    expect(w.exported("accepted")).toHaveLength(1);
  });
});

describe("claude: worktrees", () => {
  it("recovers a plan left in one worktree when a session starts in another, into that worktree", async () => {
    const w = world();
    const other = join(tempDir("plan-export-wt-"), "feature");
    w.repo.git("worktree", "add", "-q", "-b", "feature", other);
    const s1 = claudeSession(w, "s1");
    await s1.exitPlan(); // its session then dies: no SessionEnd
    w.advance(HOUR + 1);
    const answer = await claudeSession(w, "s2", { cwd: other }).start();
    expect(answer.model).toMatch(/^plan-export: saved the rejected plan to docs\/plans\/rejected\/.*\.md$/);
    expect(w.exported("rejected", other)).toHaveLength(1);
    expect(w.exported("rejected", w.repo.dir)).toEqual([]);
  });

  it("a plan exported when its session ended is announced in the next worktree with its full path", async () => {
    const w = world();
    const other = join(tempDir("plan-export-wt-"), "feature");
    w.repo.git("worktree", "add", "-q", "-b", "feature", other);
    const s1 = claudeSession(w, "s1");
    await s1.exitPlan();
    await s1.end();
    const answer = await claudeSession(w, "s2", { cwd: other }).start();
    expect(answer.model).toContain(join(w.repo.dir, "docs", "plans", "rejected"));
    expect(w.exported("rejected", w.repo.dir)).toHaveLength(1);
  });
});

describe("claude: custom plans folder", () => {
  it("tracks plan files written to the plansDirectory setting", async () => {
    const w = world();
    writeFile(join(w.repo.dir, ".claude", "settings.json"), JSON.stringify({ plansDirectory: "docs/plans" }));
    const s = claudeSession(w, "s1", {
      planPath: join(w.repo.dir, "docs", "plans", "plan-a-hello-txt-wise-rainbow.md"),
    });
    const payload = fixture("claude", "PreToolUse.Write.plan-file.plansDirectory", {
      "<SESSION_ID>": "s1",
      "<HOME>": w.home,
      "<PROJECT_DIR>": w.repo.dir,
      "<PLAN_SLUG>": "plan-a-hello-txt-wise-rainbow",
    });
    await w.hook("claude", payload);
    writeFile(s.planPath, PLAN);
    await s.end();
    expect(w.exported("rejected")[0]?.meta).toMatchObject({ resolution: "abandoned", source: s.planPath });
  });

  it("ignores ordinary writes (no setting: docs/plans is not a plans folder)", async () => {
    const w = world();
    const path = join(w.repo.dir, "docs", "plans", "notes.md");
    const s = claudeSession(w, "s1", { planPath: path });
    await s.writePlan();
    await s.end();
    expect(w.exported("rejected")).toEqual([]);
  });
});

describe("claude: settings", () => {
  const configure = (dir: string, section: Record<string, unknown>) =>
    writeFile(join(dir, ".hookrail", "config.json"), JSON.stringify({ "plan-export": section }));

  it("does nothing when turned off for the project", async () => {
    const w = world();
    configure(w.repo.dir, { enabled: false });
    const s = claudeSession(w, "s1");
    await s.exitPlan();
    expect((await s.approve()).stdout).toBe("");
    expect(w.exported("accepted")).toEqual([]);
  });

  it("uses the configured folders and file-name pattern, and only the configured outcomes", async () => {
    const w = world();
    configure(w.repo.dir, { acceptedDir: "plans/yes", fileName: "{cli}-{outcome}-{slug}", outcomes: ["accepted"] });
    const s = claudeSession(w, "s1");
    await s.exitPlan(PLAN);
    expect((await s.prompt()).stdout).toBe(""); // rejected: settled, not written
    await s.exitPlan(REVISED);
    expect((await s.approve(REVISED)).user).toBe(
      "plan-export: saved the accepted plan to plans/yes/claude-accepted-add-hello-txt.md",
    );
    expect(w.exported("rejected")).toEqual([]);
    expect(w.exported("accepted", w.repo.dir, "plans/yes").map((f) => f.body)).toEqual([REVISED]);
  });

  it("falls back to the defaults on invalid settings, and says so", async () => {
    const w = world();
    configure(w.repo.dir, { fileName: "a/b", outcomes: ["maybe"] });
    const s = claudeSession(w, "s1");
    // The first answer of the session says it; later ones do not repeat it.
    expect((await s.exitPlan()).user).toMatch(/the "plan-export" settings are invalid/);
    const answer = await s.approve();
    expect(answer.user).toMatch(/saved the accepted plan to docs\/plans\/accepted\//);
    expect(answer.user).not.toMatch(/settings are invalid/);
  });
});
