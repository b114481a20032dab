// plan-export in the demo: Claude Code approves a plan (keeping context); the plan lands in the project.
import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { firstLine, sendEvent } from "./run-event.ts";
import type { DemoSection } from "./section.ts";

const PLAN = "# Plan: add a logout button\n\n## Steps\n1. Add logout() next to login().\n2. Test it.\n";

export const planExportDemo: DemoSection = {
  title: "plan export: Claude Code approves a plan",
  async run({ repo, env, print }) {
    const plansDir = join(env.HOME ?? repo.dir, ".claude", "plans");
    mkdirSync(plansDir, { recursive: true });
    const planFilePath = join(plansDir, "add-a-logout-button-calm-river.md");
    writeFileSync(planFilePath, PLAN);
    const base = {
      session_id: "plan-demo",
      transcript_path: join(repo.dir, "t.jsonl"),
      cwd: repo.dir,
      tool_name: "ExitPlanMode",
    };
    await sendEvent(
      "plan-export",
      "claude",
      { ...base, hook_event_name: "PreToolUse", permission_mode: "plan", tool_input: { plan: PLAN, planFilePath } },
      env,
    );
    const approved = await sendEvent(
      "plan-export",
      "claude",
      {
        ...base,
        hook_event_name: "PostToolUse",
        permission_mode: "default",
        tool_input: {},
        tool_response: { plan: PLAN, isAgent: false, filePath: planFilePath },
      },
      env,
    );
    print(`claude: ${firstLine(approved.note ?? approved.userMessage)}`);
    const folder = join(repo.dir, "docs", "plans", "accepted");
    print(`  ${folder}: ${readdirSync(folder).join(", ") || "(empty)"}`);
  },
};
