// Claude Code: plans that were not approved (feedback, Esc, manual /clear, abandoned, revised, vanished).
import { rmSync, writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { claudeSession, PLAN, REVISED } from "./helpers/sessions.ts";
import { world } from "./helpers/world.ts";

const HOUR = 60 * 60 * 1000;

describe("claude: rejected with feedback", () => {
  it("exports the plan as rejected from PostToolBatch, with the feedback", async () => {
    const w = world();
    const s = claudeSession(w, "s1");
    await s.writePlan();
    await s.exitPlan();
    const batch = await s.feedback("Please also add a README line");
    // PostToolBatch is not an event whose notes reach the model: the user is told now, the model later.
    expect(batch.user).toMatch(/^plan-export: saved the rejected plan to docs\/plans\/rejected\/.*-add-hello-txt\.md$/);
    expect(batch.model).toBeUndefined();
    const [file] = w.exported("rejected");
    expect(file?.meta).toMatchObject({
      outcome: "rejected",
      resolution: "feedback",
      feedback: "Please also add a README line",
    });
    expect(file?.body).toBe(PLAN);
    expect((await s.stop()).stdout).toBe("");
    const next = await s.prompt();
    expect(next.model).toBe(batch.user);
    expect(next.user).toBeUndefined();
    expect(w.exported("accepted")).toEqual([]);
  });

  it("settles it at the end of the turn when PostToolBatch is not hooked", async () => {
    const w = world();
    const s = claudeSession(w, "s1");
    await s.exitPlan();
    const stop = await s.stop();
    expect(stop.user).toMatch(/saved the rejected plan/);
    expect(w.exported("rejected")[0]?.meta.resolution).toBe("feedback");
  });
});

describe("claude: dismissed with Esc", () => {
  it("exports the plan as rejected with the next prompt (Esc fires nothing)", async () => {
    const w = world();
    const s = claudeSession(w, "s1");
    await s.writePlan();
    await s.exitPlan();
    const answer = await s.prompt("no, think again");
    expect(answer.model).toMatch(/saved the rejected plan/);
    expect(answer.user).toBe(answer.model);
    expect(w.exported("rejected")[0]?.meta.resolution).toBe("dismissed");
  });

  it("drops a plan whose file vanished or was emptied", async () => {
    for (const change of ["delete", "empty"] as const) {
      const w = world();
      const s = claudeSession(w, "s1");
      await s.writePlan();
      await s.exitPlan();
      if (change === "delete") rmSync(s.planPath);
      else writeFileSync(s.planPath, "\n");
      expect((await s.prompt()).stdout).toBe("");
      expect(w.exported("rejected")).toEqual([]);
      // Dropped from tracking: nothing comes back later either.
      expect((await claudeSession(w, "s2").start()).stdout).toBe("");
    }
  });
});

describe("claude: manual /clear", () => {
  it("tells a /clear after Esc from a clear-context approval by the new session's first prompt", async () => {
    const w = world();
    const s1 = claudeSession(w, "s1");
    await s1.writePlan();
    await s1.exitPlan();
    // Esc (nothing fires), then /clear: the same SessionEnd/SessionStart pair as an approval.
    await s1.end("clear");
    const s2 = claudeSession(w, "s2");
    expect((await s2.start("clear")).stdout).toBe("");
    s2.writeUserRecord("what next?");
    const answer = await s2.prompt("what next?");
    expect(answer.model).toMatch(/saved the rejected plan/);
    expect(w.exported("accepted")).toEqual([]);
    expect(w.exported("rejected")[0]?.meta).toMatchObject({ resolution: "dismissed", session: "s1" });
  });

  it("exports nothing more after a dialog already rejected with feedback", async () => {
    const w = world();
    const s1 = claudeSession(w, "s1");
    await s1.exitPlan();
    await s1.feedback("no");
    await s1.stop();
    await s1.end("clear");
    const s2 = claudeSession(w, "s2");
    await s2.start("clear");
    await s2.prompt();
    await s2.end();
    expect(w.exported("rejected")).toHaveLength(1);
    expect(w.exported("accepted")).toEqual([]);
  });

  it("a /clear with no plan at all exports nothing", async () => {
    const w = world();
    const s1 = claudeSession(w, "s1");
    await s1.start();
    await s1.prompt("hi");
    await s1.stop();
    await s1.end("clear");
    const s2 = claudeSession(w, "s2");
    await s2.start("clear");
    expect((await s2.end()).stdout).toBe("");
    expect(w.exported("rejected")).toEqual([]);
    expect(w.exported("accepted")).toEqual([]);
  });
});

describe("claude: abandoned", () => {
  it("exports an unanswered plan when its session ends, and tells the repository's next session", async () => {
    const w = world();
    const s1 = claudeSession(w, "s1");
    await s1.writePlan();
    await s1.exitPlan();
    expect((await s1.end()).stdout).toBe("");
    expect(w.exported("rejected")[0]?.meta.resolution).toBe("abandoned");
    const next = await claudeSession(w, "s2").start();
    expect(next.model).toMatch(/^plan-export: saved the rejected plan to docs\/plans\/rejected\//);
    expect(next.user).toBe(next.model);
  });

  it("exports a plan written but never presented, from its file", async () => {
    const w = world();
    const s1 = claudeSession(w, "s1");
    await s1.writePlan(PLAN);
    writeFileSync(s1.planPath, REVISED);
    await s1.end();
    const [file] = w.exported("rejected");
    expect(file?.body).toBe(REVISED);
    expect(file?.meta.resolution).toBe("abandoned");
  });

  it("recovers a plan of a session that died (no SessionEnd) once it is an hour old", async () => {
    const w = world();
    const s1 = claudeSession(w, "s1");
    await s1.exitPlan();
    expect((await claudeSession(w, "s2").start()).stdout).toBe("");
    expect(w.exported("rejected")).toEqual([]);
    w.advance(HOUR + 1);
    expect((await claudeSession(w, "s3").start()).model).toMatch(/saved the rejected plan/);
  });

  it("a resumed session's old dialog is gone: its plan counts as dismissed", async () => {
    const w = world();
    const s1 = claudeSession(w, "s1");
    await s1.exitPlan();
    const resumed = await s1.send("SessionStart.startup", { source: "resume" });
    expect(resumed.model).toMatch(/saved the rejected plan/);
    expect(w.exported("rejected")[0]?.meta.resolution).toBe("dismissed");
  });
});

describe("claude: already accepted", () => {
  it("a leftover copy of an accepted plan is not filed as rejected later", async () => {
    const w = world();
    const s1 = claudeSession(w, "s1");
    await s1.exitPlan();
    await s1.approve();
    const s2 = claudeSession(w, "s2");
    await s2.writePlan(PLAN); // the same text written again, never presented
    expect((await s2.end()).stdout).toBe("");
    expect(w.exported("accepted")).toHaveLength(1);
    expect(w.exported("rejected")).toEqual([]);
  });
});

describe("claude: revised plans", () => {
  it("a rejected plan and its revision are two files; the revision is accepted", async () => {
    const w = world();
    const s = claudeSession(w, "s1");
    await s.writePlan(PLAN);
    await s.exitPlan(PLAN);
    await s.feedback("Please also add a README line");
    await s.writePlan(REVISED);
    await s.exitPlan(REVISED);
    await s.approve(REVISED);
    expect(w.exported("rejected").map((f) => f.body)).toEqual([PLAN]);
    expect(w.exported("accepted").map((f) => f.body)).toEqual([REVISED]);
  });

  it("without PostToolBatch, a plan replaced in the same turn is exported as revised", async () => {
    const w = world();
    const s = claudeSession(w, "s1");
    await s.exitPlan(PLAN);
    const second = await s.exitPlan(REVISED);
    expect(second.model).toMatch(/saved the rejected plan/);
    await s.approve(REVISED);
    expect(w.exported("rejected")[0]?.meta.resolution).toBe("revised");
    expect(w.exported("accepted").map((f) => f.body)).toEqual([REVISED]);
  });
});
