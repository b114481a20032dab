// Qwen Code's terminal UI plan mode (payloads captured from 0.24.4): PermissionRequest shows the plan, an approval
// fires PreToolUse and PostToolUse(exit_plan_mode) `User approved.`, "No, keep planning" fires nothing until the
// next prompt. Told to the model with PostToolUse's result (PreToolUse context never reaches it).
import { hookPayload } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";
import { world } from "./helpers/world.ts";

const PLAN = '# Plan: add hello.txt\n\n## Steps\n1. Create hello.txt containing "hello".\n';

function qwenSession(w: ReturnType<typeof world>, sessionId: string) {
  const fire = (name: string) =>
    w.hook("qwen", hookPayload("qwen", `plan/${name}.json`, { cwd: w.repo.dir, sessionId }));
  return {
    ask: () => fire("PermissionRequest.exit_plan_mode"),
    approve: async () => [await fire("PreToolUse.exit_plan_mode"), await fire("PostToolUse.exit_plan_mode.approved")],
    prompt: () => fire("UserPromptSubmit.after-keep-planning"),
    end: () => w.hook("qwen", hookPayload("qwen", "SessionEnd.json", { cwd: w.repo.dir, sessionId })),
  };
}

describe("qwen plan mode", () => {
  it("approved: exported as accepted once, told with exit_plan_mode's result", async () => {
    const w = world();
    const s = qwenSession(w, "q1");
    expect((await s.ask()).stdout).toBe("");
    const [pre, post] = await s.approve();
    expect(pre?.stdout).toBe("");
    expect(post?.model).toMatch(
      /^plan-export: saved the accepted plan to docs\/plans\/accepted\/.*-add-hello-txt\.md$/,
    );
    const [file, ...more] = w.exported("accepted");
    expect(more).toEqual([]);
    expect(file?.body).toBe(PLAN);
    expect(file?.meta).toMatchObject({ cli: "qwen", session: "q1", outcome: "accepted", resolution: "approved" });
    expect((await s.end()).stdout).toBe("");
    expect(w.exported("rejected")).toEqual([]);
  });

  it('"No, keep planning": nothing fires, so the next prompt files the plan the user saw as rejected (dismissed)', async () => {
    const w = world();
    const s = qwenSession(w, "q2");
    await s.ask();
    await s.prompt();
    const [file, ...more] = w.exported("rejected");
    expect(more).toEqual([]);
    expect(file?.body).toBe(PLAN);
    expect(file?.meta).toMatchObject({ cli: "qwen", outcome: "rejected", resolution: "dismissed" });
    expect(w.exported("accepted")).toEqual([]);
  });

  it("a permission dialog for another tool is not a plan", async () => {
    const w = world();
    const other = hookPayload(
      "qwen",
      "plan/PermissionRequest.exit_plan_mode.json",
      { cwd: w.repo.dir, sessionId: "q3" },
      {
        tool_name: "run_shell_command",
        tool_input: { command: "gh pr merge 12" },
      },
    );
    expect((await w.hook("qwen", other)).stdout).toBe("");
    await w.hook("qwen", hookPayload("qwen", "SessionEnd.json", { cwd: w.repo.dir, sessionId: "q3" }));
    expect([w.exported("accepted"), w.exported("rejected")]).toEqual([[], []]);
  });
});
