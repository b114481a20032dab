// Claude Code: approvals, keeping context and with "clear context", driven by the captured payloads.
import { describe, expect, it } from "vitest";
import { claudeSession, PLAN } from "./helpers/sessions.ts";
import { START, world } from "./helpers/world.ts";

const pad = (n: number) => String(n).padStart(2, "0");
/** The local date and time plan-export puts in file names. */
export const stamp = (ms: number) => {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}-${pad(d.getHours())}${pad(d.getMinutes())}`;
};

describe("claude: approve keeping context", () => {
  it("exports the plan as accepted at PostToolUse and tells the user and the model where", async () => {
    const w = world();
    const s = claudeSession(w, "s1");
    expect((await s.start()).stdout).toBe("");
    expect((await s.writePlan()).stdout).toBe("");
    expect((await s.exitPlan()).stdout).toBe("");
    const answer = await s.approve(PLAN, "auto");
    const name = `${stamp(START)}-add-hello-txt.md`;
    expect(answer.user).toBe(`plan-export: saved the accepted plan to docs/plans/accepted/${name}`);
    expect(answer.model).toBe(answer.user);
    const [file, ...more] = w.exported("accepted");
    expect(more).toEqual([]);
    expect(file?.name).toBe(name);
    expect(file?.body).toBe(PLAN);
    expect(file?.meta).toMatchObject({
      title: "Plan: add hello.txt",
      outcome: "accepted",
      resolution: "approved",
      cli: "claude",
      session: "s1",
      source: s.planPath,
      planned_at: new Date(START).toISOString(),
    });
    expect(file?.meta.hash).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(w.exported("rejected")).toEqual([]);
  });

  it("exports the user's edit (ctrl+g) when the plan was edited in the dialog", async () => {
    const w = world();
    const s = claudeSession(w, "s1");
    await s.writePlan();
    await s.exitPlan();
    const edited = await s.send("PostToolUse.ExitPlanMode.plan-edited", {});
    expect(edited.user).toMatch(/saved the accepted plan/);
    const [file] = w.exported("accepted");
    expect(file?.body).toContain("## Edited by user\n- extra step\n");
    expect(file?.meta.resolution).toBe("approved-edited");
    expect(w.exported("rejected")).toEqual([]);
  });

  it("says nothing at the end of the turn once the plan is settled", async () => {
    const w = world();
    const s = claudeSession(w, "s1");
    await s.exitPlan();
    await s.approve();
    expect((await s.stop()).stdout).toBe("");
    expect((await s.end()).stdout).toBe("");
    expect(w.exported("accepted")).toHaveLength(1);
    expect(w.exported("rejected")).toEqual([]);
  });
});

describe("claude: approve with clear context", () => {
  it("recovers the plan in the new session once its transcript shows the injected plan", async () => {
    const w = world();
    const s1 = claudeSession(w, "s1");
    await s1.start();
    await s1.writePlan();
    await s1.exitPlan();
    // "Yes, clear context": no PostToolUse; SessionEnd(clear), then a new session.
    expect((await s1.end("clear")).stdout).toBe("");
    const s2 = claudeSession(w, "s2");
    expect((await s2.start("clear")).stdout).toBe("");
    // The first tool call comes before the transcript record is written: still undecided.
    expect((await s2.send("PreToolUse.first-tool-after-clear")).stdout).toBe("");
    expect(w.exported("accepted")).toEqual([]);
    s2.writeContinuation(s1);
    const stop = await s2.send("Stop.after-clear");
    expect(stop.user).toMatch(/^plan-export: saved the accepted plan to docs\/plans\/accepted\/.*-add-hello-txt\.md$/);
    expect(stop.model).toBeUndefined();
    const [file] = w.exported("accepted");
    expect(file?.meta).toMatchObject({ resolution: "approved-clear-context", session: "s1", source: s1.planPath });
    expect(file?.body).toBe(PLAN);
    // The model was not reachable at Stop: it is told with the next prompt, the user is not told twice.
    const next = await s2.prompt("thanks");
    expect(next.model).toBe(stop.user);
    expect(next.user).toBeUndefined();
    expect(w.exported("rejected")).toEqual([]);
  });

  it("tells the model at once when the record is there by the next tool call, and keeps the feedback", async () => {
    const w = world();
    const s1 = claudeSession(w, "s1");
    await s1.exitPlan();
    await s1.end("clear");
    const s2 = claudeSession(w, "s2");
    await s2.start("clear");
    s2.writeContinuation(s1, PLAN, "Use lowercase only");
    const answer = await s2.send("PreToolUse.first-tool-after-clear");
    expect(answer.model).toMatch(/saved the accepted plan/);
    expect(answer.user).toBe(answer.model);
    expect(w.exported("accepted")[0]?.meta.feedback).toBe("Use lowercase only");
  });

  it("recovers a plan whose new session died before any other event, at the next session start", async () => {
    const w = world();
    const s1 = claudeSession(w, "s1");
    await s1.exitPlan();
    await s1.end("clear");
    const s2 = claudeSession(w, "s2");
    await s2.start("clear");
    s2.writeContinuation(s1);
    const s3 = claudeSession(w, "s3");
    const answer = await s3.start();
    expect(answer.model).toMatch(/saved the accepted plan/);
    expect(w.exported("accepted")).toHaveLength(1);
  });
});
