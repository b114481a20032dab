// plan-export in the demo: Claude Code approves a plan (keeping context); the plan lands in the project.
import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { firstLine, sendEvent } from "./run-event.ts";
import type { DemoSection } from "./section.ts";

const PLAN = "# Plan: add a logout button\n\n## Steps\n1. Add logout() next to login().\n2. Test it.\n";

export const planExportDemo: DemoSection = {
  title: "plan export: Claude Code approves a plan (keeping context), Gemini CLI approves one",
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
    print(`gemini: ${firstLine(await geminiApproval(repo.dir, env))}`);
    const folder = join(repo.dir, "docs", "plans", "accepted");
    print(`  ${folder}: ${readdirSync(folder).join(", ") || "(empty)"}`);
  },
};

/** Gemini plan mode: the plan file is written into GEMINI_PLANS_DIR, exit_plan_mode asks, AfterTool says "Plan approved". */
async function geminiApproval(cwd: string, env: NodeJS.ProcessEnv): Promise<string | undefined> {
  const plansDir = join(env.HOME ?? cwd, ".gemini", "tmp", "demo", "plans");
  mkdirSync(plansDir, { recursive: true });
  const plan = "# Plan: add a password reset page\n\n## Steps\n1. Add the route.\n2. Send the mail.\n";
  const geminiEnv = { ...env, GEMINI_PLANS_DIR: plansDir };
  const base = {
    session_id: "gemini-plan-demo",
    transcript_path: join(cwd, "g.jsonl"),
    cwd,
    timestamp: new Date(0).toISOString(),
  };
  const file = join(plansDir, "password-reset.md");
  await sendEvent(
    "plan-export",
    "gemini",
    { ...base, hook_event_name: "BeforeTool", tool_name: "write_file", tool_input: { file_path: file, content: plan } },
    geminiEnv,
  );
  writeFileSync(file, plan);
  const exit = { tool_name: "exit_plan_mode", tool_input: { plan_filename: "password-reset.md" } };
  await sendEvent("plan-export", "gemini", { ...base, hook_event_name: "BeforeTool", ...exit }, geminiEnv);
  const text = `Plan approved. Switching to Default mode (edits will require confirmation).\n\nThe approved implementation plan is stored at: ${file}`;
  const answer = await sendEvent(
    "plan-export",
    "gemini",
    {
      ...base,
      hook_event_name: "AfterTool",
      ...exit,
      tool_response: { llmContent: text, returnDisplay: `Plan approved: ${file}` },
    },
    geminiEnv,
  );
  return answer.note ?? answer.userMessage;
}
