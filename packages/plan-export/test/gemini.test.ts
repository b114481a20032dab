// Gemini CLI: exit_plan_mode's AfterTool fires for approvals and rejections; only its text tells them apart.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { tempDir } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";
import { geminiSession, PLAN, REVISED } from "./helpers/sessions.ts";
import { fixture, world, writeFile } from "./helpers/world.ts";

const GEMINI_PLAN =
  '# Plan: add hello.txt\n\n## Steps\n1. Create hello.txt containing "hello".\n\n## Verification\n- cat hello.txt\n';

describe("gemini: approved", () => {
  it.each(["approved-default", "approved-autoEdit"] as const)(
    "%s: exported as accepted, told in AfterTool",
    async (choice) => {
      const w = world();
      const s = geminiSession(w, "g1");
      expect((await s.start()).stdout).toBe("");
      expect((await s.writePlan(GEMINI_PLAN)).stdout).toBe("");
      expect((await s.exitPlan()).stdout).toBe("");
      const answer = await s.answer(choice);
      expect(answer.model).toMatch(
        /^plan-export: saved the accepted plan to docs\/plans\/accepted\/.*-add-hello-txt\.md$/,
      );
      expect(answer.user).toBe(answer.model);
      const [file] = w.exported("accepted");
      expect(file?.body).toBe(GEMINI_PLAN);
      expect(file?.meta).toMatchObject({
        cli: "gemini",
        session: "g1",
        resolution: "approved",
        source: join(s.plansDir, "hello-plan.md"),
      });
      expect(w.exported("rejected")).toEqual([]);
    },
  );

  it("exports nothing when the plan file was never written (headless approves it anyway)", async () => {
    const w = world();
    const s = geminiSession(w, "g1");
    await s.exitPlan();
    expect((await s.answer("approved-default")).stdout).toBe("");
    expect(w.exported("accepted")).toEqual([]);
  });
});

describe("gemini: rejected", () => {
  it("feedback: exported as rejected with the feedback; the revision is accepted", async () => {
    const w = world();
    const s = geminiSession(w, "g1");
    await s.writePlan(PLAN);
    await s.exitPlan();
    const rejected = await s.answer("rejected-feedback");
    expect(rejected.model).toMatch(/saved the rejected plan/);
    expect(w.exported("rejected")[0]?.meta).toMatchObject({
      resolution: "feedback",
      feedback: "Please also add a README line",
    });
    await s.writePlan(REVISED);
    await s.exitPlan();
    await s.answer("approved-default");
    expect(w.exported("rejected").map((f) => f.body)).toEqual([PLAN]);
    expect(w.exported("accepted").map((f) => f.body)).toEqual([REVISED]);
  });

  it("edited in the dialog (Ctrl+G): the version the user saw is the rejected one", async () => {
    const w = world();
    const s = geminiSession(w, "g1");
    await s.writePlan(PLAN);
    await s.exitPlan();
    writeFileSync(join(s.plansDir, "hello-plan.md"), REVISED);
    await s.answer("rejected-plan-edited");
    expect(w.exported("rejected").map((f) => f.body)).toEqual([PLAN]);
    expect(w.exported("rejected")[0]?.meta.feedback).toMatch(/^I have edited the plan/);
    await s.exitPlan();
    await s.answer("approved-default");
    expect(w.exported("accepted").map((f) => f.body)).toEqual([REVISED]);
  });

  it("Esc fires nothing: the next prompt settles the plan as dismissed", async () => {
    const w = world();
    const s = geminiSession(w, "g1");
    await s.writePlan();
    await s.exitPlan();
    const prompt = await s.prompt();
    expect(prompt.model).toMatch(/saved the rejected plan/);
    expect(w.exported("rejected")[0]?.meta.resolution).toBe("dismissed");
  });

  it("abandoned: exported once although SessionEnd fires three times, told at the next start", async () => {
    const w = world();
    const s = geminiSession(w, "g1");
    await s.writePlan();
    await s.exitPlan();
    for (let i = 0; i < 3; i++) expect((await s.end()).stdout).toBe("");
    expect(w.exported("rejected")).toHaveLength(1);
    const next = await geminiSession(w, "g2").start();
    expect(next.model).toMatch(/saved the rejected plan/);
    expect((await geminiSession(w, "g3").start()).stdout).toBe("");
  });
});

describe("gemini: sessions, worktrees and folders", () => {
  it("the same plan approved in two sessions is one file", async () => {
    const w = world();
    for (const id of ["g1", "g2"]) {
      const s = geminiSession(w, id);
      await s.writePlan();
      await s.exitPlan();
      await s.answer("approved-default");
    }
    expect(w.exported("accepted")).toHaveLength(1);
  });

  it("two sessions with two plans: each answer settles its own plan", async () => {
    const w = world();
    const g1 = geminiSession(w, "g1");
    const g2 = geminiSession(w, "g2");
    await g1.writePlan(PLAN);
    await g2.writePlan(REVISED);
    await g1.exitPlan();
    await g2.exitPlan();
    await g2.answer("rejected-feedback");
    await g1.answer("approved-default");
    expect(w.exported("accepted").map((f) => [f.meta.session, f.body])).toEqual([["g1", PLAN]]);
    expect(w.exported("rejected").map((f) => [f.meta.session, f.body])).toEqual([["g2", REVISED]]);
  });

  it("a plan abandoned in one worktree is recovered by a session in another", async () => {
    const w = world();
    const other = join(tempDir("plan-export-wt-"), "feature");
    w.repo.git("worktree", "add", "-q", "-b", "feature", other);
    const s = geminiSession(w, "g1");
    await s.writePlan();
    await s.exitPlan();
    w.advance(2 * 60 * 60 * 1000);
    const payload = fixture("gemini", "SessionStart", {
      "<SESSION_ID>": "g2",
      "<PROJECT_DIR>": other,
      "<HOME>": w.home,
    });
    expect((await w.hook("gemini", payload)).model).toMatch(/saved the rejected plan/);
    expect(w.exported("rejected", other)).toHaveLength(1);
  });

  it("finds plans in the configured custom folder (general.plan.directory)", async () => {
    const w = world();
    writeFile(
      join(w.repo.dir, ".gemini", "settings.json"),
      JSON.stringify({ general: { plan: { directory: ".gemini/plans" } } }),
    );
    const plansDir = join(w.repo.dir, ".gemini", "plans");
    // Whether GEMINI_PLANS_DIR names the custom folder is not measured: leave it out.
    const s = geminiSession(w, "g1", { plansDir, env: { GEMINI_PLANS_DIR: "" } });
    const write = fixture("gemini", "BeforeTool.write_file.custom-plans-dir", {
      "<SESSION_ID>": "g1",
      "<PROJECT_DIR>": w.repo.dir,
    });
    await w.hook("gemini", write, { GEMINI_PROJECT_DIR: w.repo.dir });
    writeFile(join(plansDir, "hello-plan.md"), GEMINI_PLAN);
    await s.exitPlan();
    const after = fixture("gemini", "AfterTool.exit_plan_mode.custom-plans-dir", {
      "<SESSION_ID>": "g1",
      "<PROJECT_DIR>": w.repo.dir,
    });
    expect((await w.hook("gemini", after, { GEMINI_PROJECT_DIR: w.repo.dir })).model).toMatch(
      /saved the accepted plan/,
    );
    expect(w.exported("accepted")[0]?.meta.source).toBe(join(plansDir, "hello-plan.md"));
  });

  it("a plan written but never presented is exported from its file when the session ends", async () => {
    const w = world();
    const s = geminiSession(w, "g1");
    await s.writePlan(GEMINI_PLAN);
    await s.end();
    expect(w.exported("rejected")[0]?.meta.resolution).toBe("abandoned");
  });
});
