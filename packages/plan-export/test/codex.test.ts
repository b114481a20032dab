// Codex: plan mode has no tool; the plan is read from the rollout, the approval from the prompt that follows.
import { join } from "node:path";
import { tempDir } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";
import { codexSession, PLAN, REVISED } from "./helpers/sessions.ts";
import { fixture, world } from "./helpers/world.ts";

describe("codex: approved", () => {
  it('"Yes, implement this plan": exported as accepted at the "Implement the plan." prompt', async () => {
    const w = world();
    const s = codexSession(w, "c1");
    expect((await s.start()).stdout).toBe("");
    expect((await s.propose()).stdout).toBe("");
    const answer = await s.implement();
    expect(answer.model).toMatch(
      /^plan-export: saved the accepted plan to docs\/plans\/accepted\/.*-add-hello-txt\.md$/,
    );
    expect(answer.user).toBe(answer.model);
    const [file] = w.exported("accepted");
    expect(file?.body).toBe(PLAN);
    expect(file?.meta).toMatchObject({ cli: "codex", session: "c1", resolution: "approved", source: s.rollout });
    expect(w.exported("rejected")).toEqual([]);
  });

  it('"Yes, clear context and implement": exported from the approved-plan.md attachment in the new thread', async () => {
    const w = world();
    const s1 = codexSession(w, "c1");
    await s1.propose();
    const s2 = codexSession(w, "c2");
    expect((await s2.startCleared()).stdout).toBe("");
    const answer = await s2.approveInNewThread();
    expect(answer.model).toMatch(/saved the accepted plan/);
    const [file] = w.exported("accepted");
    expect(file?.meta).toMatchObject({ resolution: "approved-clear-context", session: "c1" });
    expect(file?.meta.source).toMatch(/\.codex\/attachments\/.*\/approved-plan\.md$/);
    // The first session's plan is settled: it does not come back as abandoned.
    w.advance(2 * 60 * 60 * 1000);
    expect((await codexSession(w, "c3").start()).stdout).toBe("");
    expect(w.exported("rejected")).toEqual([]);
  });

  it("reads the plan from the rollout at approval even if the Stop hook did not record it", async () => {
    const w = world();
    const s = codexSession(w, "c1");
    await s.propose(PLAN, { onlyMessage: true });
    await s.implement();
    expect(w.exported("accepted").map((f) => f.body)).toEqual([PLAN]);
  });

  it("the same plan approved twice is one file", async () => {
    const w = world();
    const s = codexSession(w, "c1");
    await s.propose();
    await s.implement();
    await s.propose();
    expect((await s.implement()).stdout).toBe("");
    expect(w.exported("accepted")).toHaveLength(1);
  });
});

describe("codex: not approved", () => {
  it('"No, stay in Plan mode" fires nothing: the next prompt settles it as dismissed; the revision is accepted', async () => {
    const w = world();
    const s = codexSession(w, "c1");
    await s.propose(PLAN);
    const next = await s.prompt("Also add a README line");
    expect(next.model).toMatch(/saved the rejected plan/);
    await s.propose(REVISED);
    await s.implement();
    expect(w.exported("rejected").map((f) => [f.body, f.meta.resolution])).toEqual([[PLAN, "dismissed"]]);
    expect(w.exported("accepted").map((f) => f.body)).toEqual([REVISED]);
  });

  it("a turn without a plan changes nothing", async () => {
    const w = world();
    const s = codexSession(w, "c1");
    await s.prompt("hello");
    expect((await s.send("Stop.plan-mode-proposed-plan")).stdout).toBe("");
    expect((await s.prompt("again")).stdout).toBe("");
    expect(w.exported("rejected")).toEqual([]);
  });

  it("abandoned: exported when the session ends", async () => {
    const w = world();
    const s = codexSession(w, "c1");
    await s.propose();
    expect((await s.end()).stdout).toBe("");
    expect(w.exported("rejected")[0]?.meta.resolution).toBe("abandoned");
    expect((await codexSession(w, "c2").start()).model).toMatch(/saved the rejected plan/);
  });
});

describe("codex: sessions and worktrees", () => {
  it("a new thread that does not point to an approved plan (a manual /clear) approves nothing", async () => {
    const w = world();
    const s1 = codexSession(w, "c1");
    await s1.propose();
    const s2 = codexSession(w, "c2");
    await s2.startCleared();
    expect((await s2.prompt("something else")).stdout).toBe("");
    expect(w.exported("accepted")).toEqual([]);
    // The first thread's plan was never approved: abandoned once it is old.
    w.advance(2 * 60 * 60 * 1000);
    expect((await codexSession(w, "c3").start()).model).toMatch(/saved the rejected plan/);
  });

  it("two sessions with two plans: each approval exports its own plan", async () => {
    const w = world();
    const s1 = codexSession(w, "c1");
    const s2 = codexSession(w, "c2");
    await s1.propose(PLAN);
    await s2.propose(REVISED);
    await s2.implement();
    await s1.implement();
    expect(
      w
        .exported("accepted")
        .map((f) => f.meta.session)
        .sort(),
    ).toEqual(["c1", "c2"]);
    expect(w.exported("rejected")).toEqual([]);
  });

  it("a plan abandoned in one worktree is recovered by a session in another", async () => {
    const w = world();
    const other = join(tempDir("plan-export-wt-"), "feature");
    w.repo.git("worktree", "add", "-q", "-b", "feature", other);
    await codexSession(w, "c1").propose();
    w.advance(2 * 60 * 60 * 1000);
    const start = fixture("codex", "SessionStart", { "/home/user/project": other, "/home/user": w.home });
    expect((await w.hook("codex", start)).model).toMatch(/saved the rejected plan/);
    expect(w.exported("rejected", other)).toHaveLength(1);
  });
});
