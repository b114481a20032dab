// Factory Droid's spec mode: ExitSpecMode's PreToolUse carries the plan (captured from `droid exec --use-spec`,
// 0.225.2), where the exec session then refuses the tool: the plan is filed as rejected (abandoned) at SessionEnd.
// In the terminal UI, ExitSpecMode's result tells an approval (Droid 0.225's texts, read in its binary).
import { hookPayload } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";
import { world } from "./helpers/world.ts";

const PLAN = "# Plan\n1. Check CI\n2. Merge PR 12";

const fire = (w: ReturnType<typeof world>, name: string, sessionId: string, fields: Record<string, unknown> = {}) =>
  w.hook("droid", hookPayload("droid", name, { cwd: w.repo.dir, sessionId }, fields));

const afterSpec = (response: string) => ({
  hook_event_name: "PostToolUse",
  tool_response: response,
});

describe("droid spec mode", () => {
  it("headless: the plan presented and never answered is saved as rejected (abandoned) when the session ends", async () => {
    const w = world();
    expect((await fire(w, "plan/PreToolUse.ExitSpecMode.json", "d1")).stdout).toBe("");
    await fire(w, "SessionEnd.json", "d1");
    const [file, ...more] = w.exported("rejected");
    expect(more).toEqual([]);
    expect(file?.body).toBe(`${PLAN}\n`);
    expect(file?.meta).toMatchObject({ cli: "droid", outcome: "rejected", resolution: "abandoned" });
  });

  it.each([
    ["Spec mode exited. The user approved the plan. Continue with the implementation.", "approved", undefined],
    ["Specification has been approved and saved. Start implementation in a new session.", "approved", undefined],
    [
      "Specification was approved but the user has left a required comment to address in the plan. Continue with the implementation.\nUser comment: keep the old flag",
      "approved",
      "keep the old flag",
    ],
    [
      "The plan has been saved and edited. Read the updated specification from disk before proceeding.",
      "approved-edited",
      undefined,
    ],
  ])("%j: accepted (%s), told with the result", async (response, resolution, feedback) => {
    const w = world();
    await fire(w, "plan/PreToolUse.ExitSpecMode.json", "d2");
    const told = await fire(w, "plan/PreToolUse.ExitSpecMode.json", "d2", afterSpec(response));
    expect(told.model).toMatch(/^plan-export: saved the accepted plan to docs\/plans\/accepted\//);
    const [file] = w.exported("accepted");
    expect(file?.meta).toMatchObject({ cli: "droid", outcome: "accepted", resolution });
    if (feedback) expect(file?.meta.feedback).toBe(feedback);
    expect(file?.body).toBe(`${PLAN}\n`);
  });

  it("an error result (the exec session refusing the tool) settles nothing", async () => {
    const w = world();
    await fire(w, "plan/PreToolUse.ExitSpecMode.json", "d3");
    const answer = await fire(
      w,
      "plan/PreToolUse.ExitSpecMode.json",
      "d3",
      afterSpec("Error: Tool ExitSpecMode is not permitted in this exec session"),
    );
    expect(answer.stdout).toBe("");
    expect([w.exported("accepted"), w.exported("rejected")]).toEqual([[], []]);
  });
});
