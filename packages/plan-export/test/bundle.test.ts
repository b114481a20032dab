// The shipped plan-export bundles, run as each CLI runs them: a node process per event, real payloads.
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { bundlePath, runBundle, tempDir } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";
import { PLAN } from "./helpers/sessions.ts";
import { fixture, world, writeFile } from "./helpers/world.ts";

type Cli = "claude" | "gemini" | "codex";

describe.each<Cli>(["claude", "gemini", "codex"])("plan-export bundle for %s", (cli) => {
  const file = bundlePath("plan-export", cli);

  it.each<[string, string | Buffer]>([
    ["empty stdin", ""],
    ["not JSON", "ExitPlanMode"],
    ["an unknown event", JSON.stringify({ hook_event_name: "SomethingNew", session_id: "s" })],
    ["a payload over the 8 MiB cap", Buffer.alloc(9 * 1024 * 1024, 0x20)],
  ])("fails open on %s: exit 0, nothing printed", async (_label, input) => {
    const w = world();
    const result = await runBundle(file, input, { env: w.env });
    expect(result).toMatchObject({ exitCode: 0, stdout: "" });
  });

  it("exports an approved plan and says where", async () => {
    const w = world();
    const run = (payload: Record<string, unknown>, env: Record<string, string> = {}) =>
      runBundle(file, JSON.stringify(payload), { env: { ...w.env, ...env } });
    let last: Awaited<ReturnType<typeof run>>;
    if (cli === "claude") {
      const planPath = join(w.home, ".claude", "plans", "slug.md");
      const vars = { "<SESSION_ID>": "s1", "<HOME>": w.home, "<PROJECT_DIR>": w.repo.dir, "<PLAN_SLUG>": "slug" };
      writeFile(planPath, PLAN);
      await run(fixture("claude", "PreToolUse.ExitPlanMode", vars));
      last = await run(fixture("claude", "PostToolUse.ExitPlanMode.default", vars));
    } else if (cli === "gemini") {
      const plansDir = join(w.home, ".gemini", "tmp", "project", "g1", "plans");
      const vars = { "<SESSION_ID>": "g1", "<HOME>": w.home, "<PROJECT_DIR>": w.repo.dir };
      writeFile(join(plansDir, "hello-plan.md"), PLAN);
      await run(fixture("gemini", "BeforeTool.exit_plan_mode", vars), { GEMINI_PLANS_DIR: plansDir });
      last = await run(fixture("gemini", "AfterTool.exit_plan_mode.approved-default", vars), {
        GEMINI_PLANS_DIR: plansDir,
      });
    } else {
      const rollout = join(w.home, "rollout.jsonl");
      const item = { type: "item_completed", turn_id: "t1", item: { type: "Plan", text: PLAN } };
      writeFile(rollout, `${JSON.stringify({ type: "event_msg", payload: item })}\n`);
      const vars = { "/home/user/project": w.repo.dir };
      await run(fixture("codex", "Stop.plan-mode-proposed-plan", vars, { transcript_path: rollout, turn_id: "t1" }));
      last = await run(fixture("codex", "UserPromptSubmit.implement-plan", vars, { transcript_path: rollout }));
    }
    expect(last.exitCode).toBe(0);
    const specific = last.json?.hookSpecificOutput as Record<string, unknown>;
    expect(specific.additionalContext).toMatch(
      /^plan-export: saved the accepted plan to docs\/plans\/accepted\/.*-add-hello-txt\.md$/,
    );
    expect(last.json?.systemMessage).toBe(specific.additionalContext);
    expect(w.exported("accepted").map((f) => f.body)).toEqual([PLAN]);
  });
});

describe("plan-export bundle when the session's worktree was removed", () => {
  it("writes nothing outside the repository, says the plan is kept, and the next session saves it", async () => {
    const w = world();
    const file = bundlePath("plan-export", "claude");
    const parent = tempDir();
    const linked = join(parent, "app-topic");
    w.repo.git("worktree", "add", "-q", "-b", "topic", linked);
    const planPath = join(w.home, ".claude", "plans", "slug.md");
    const vars = { "<SESSION_ID>": "s1", "<HOME>": w.home, "<PROJECT_DIR>": linked, "<PLAN_SLUG>": "slug" };
    const run = (payload: Record<string, unknown>) => runBundle(file, JSON.stringify(payload), { env: w.env });
    writeFile(planPath, PLAN);
    await run(fixture("claude", "PreToolUse.ExitPlanMode", vars));
    w.repo.git("worktree", "remove", "--force", linked);
    const approved = await run(fixture("claude", "PostToolUse.ExitPlanMode.default", vars));
    expect(approved.exitCode).toBe(0);
    expect((approved.json?.hookSpecificOutput as Record<string, unknown> | undefined)?.additionalContext).toMatch(
      /app-topic no longer exists, so the accepted plan was not saved there/,
    );
    expect(readdirSync(parent)).toEqual([]);
    const next = { "<SESSION_ID>": "s2", "<HOME>": w.home, "<PROJECT_DIR>": w.repo.dir };
    await run(fixture("claude", "SessionStart.startup", next));
    expect(w.exported("accepted").map((f) => f.body)).toEqual([PLAN]);
  });
});
