// plan-export in the demo: each CLI's plan mode approves a plan, as its real events say it; the plan lands in
// the project.
import { appendFileSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { CLI_NAMES, type CliName } from "@hookrail/core";
import { guardrails } from "../registry.ts";
import { moreFlows, type PlanFlow } from "./plan-flows.ts";
import { firstLine, sendEvent } from "./run-event.ts";
import type { DemoSection } from "./section.ts";

const PLAN = "# Plan: add a logout button\n\n## Steps\n1. Add logout() next to login().\n2. Test it.\n";

const flows: Partial<Record<CliName, PlanFlow>> = {
  claude: { choice: "approved, keeping context", approve: claudeApproval },
  gemini: { choice: "exit_plan_mode approved", approve: geminiApproval },
  codex: { choice: '"Yes, implement this plan"', approve: codexApproval },
  copilot: { choice: '"Accept plan"', approve: copilotApproval },
  ...moreFlows,
};

export const planExportDemo: DemoSection = {
  title: "plan export: a plan approved in each CLI's plan mode lands in the project",
  async run({ repo, env, print }) {
    const unsupported = guardrails["plan-export"]?.manifest.unsupported ?? {};
    for (const cli of CLI_NAMES) {
      const flow = flows[cli];
      if (unsupported[cli]) print(`${cli}: not supported: ${unsupported[cli]}`);
      else if (flow) print(`${cli} (${flow.choice}): ${firstLine(await flow.approve(repo.dir, env))}`);
      else print(`${cli}: (its plan mode is not shown in the demo)`);
    }
    const folder = join(repo.dir, "docs", "plans", "accepted");
    const files = readdirSync(folder).length;
    print(`  ${folder} now holds ${files} plan${files === 1 ? "" : "s"}, each named above`);
  },
};

/** Claude Code plan mode: the plan file in ~/.claude/plans, ExitPlanMode asks, PostToolUse after "Yes". */
async function claudeApproval(cwd: string, env: NodeJS.ProcessEnv): Promise<string | undefined> {
  const plansDir = join(env.HOME ?? cwd, ".claude", "plans");
  mkdirSync(plansDir, { recursive: true });
  const planFilePath = join(plansDir, "add-a-logout-button-calm-river.md");
  writeFileSync(planFilePath, PLAN);
  const base = {
    session_id: "plan-demo",
    transcript_path: join(cwd, "t.jsonl"),
    cwd,
    tool_name: "ExitPlanMode",
  };
  await sendEvent(
    "plan-export",
    "claude",
    { ...base, hook_event_name: "PreToolUse", permission_mode: "plan", tool_input: { plan: PLAN, planFilePath } },
    env,
  );
  const answer = await sendEvent(
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
  return answer.note ?? answer.userMessage;
}

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

/** Codex plan mode: the plan is the turn's <proposed_plan> in the rollout, Stop, then "Implement the plan.". */
async function codexApproval(cwd: string, env: NodeJS.ProcessEnv): Promise<string | undefined> {
  const plan = "# Plan: rate-limit the login route\n\n## Steps\n1. Count attempts per IP.\n2. Answer 429.\n";
  const rollout = join(env.HOME ?? cwd, ".codex", "sessions", "2026", "01", "01", "rollout-demo.jsonl");
  mkdirSync(join(rollout, ".."), { recursive: true });
  const line = (type: string, payload: unknown) =>
    appendFileSync(rollout, `${JSON.stringify({ timestamp: new Date(0).toISOString(), type, payload })}\n`);
  line("response_item", {
    type: "message",
    role: "assistant",
    content: [{ type: "output_text", text: `Here is the plan.\n\n<proposed_plan>\n${plan}</proposed_plan>` }],
  });
  line("event_msg", {
    type: "item_completed",
    turn_id: "turn-1",
    item: { type: "Plan", id: "turn-1-plan", text: plan },
  });
  const base = {
    session_id: "codex-plan-demo",
    transcript_path: rollout,
    cwd,
    model: "gpt-5.5",
    permission_mode: "default",
  };
  await sendEvent(
    "plan-export",
    "codex",
    {
      ...base,
      turn_id: "turn-1",
      hook_event_name: "Stop",
      stop_hook_active: false,
      last_assistant_message: "Here is the plan.\n\n",
    },
    env,
  );
  const answer = await sendEvent(
    "plan-export",
    "codex",
    { ...base, turn_id: "turn-2", hook_event_name: "UserPromptSubmit", prompt: "Implement the plan." },
    env,
  );
  return answer.note ?? answer.userMessage;
}

/** Copilot plan mode: the plan is the session's plan.md, exit_plan_mode asks, postToolUse says "Plan approved!". */
async function copilotApproval(cwd: string, env: NodeJS.ProcessEnv): Promise<string | undefined> {
  const home = join(env.HOME ?? cwd, ".copilot");
  const session = "copilot-plan-demo";
  mkdirSync(join(home, "session-state", session), { recursive: true });
  writeFileSync(
    join(home, "session-state", session, "plan.md"),
    "# Plan: remember me\n\n1. Add the checkbox.\n2. Keep the cookie 30 days.\n",
  );
  const copilotEnv = { ...env, COPILOT_HOME: home };
  const base = {
    sessionId: session,
    cwd,
    timestamp: 0,
    toolName: "exit_plan_mode",
    toolArgs: { summary: "1. Add the checkbox.\n2. Keep the cookie 30 days." },
  };
  await sendEvent("plan-export", "copilot", base, copilotEnv, ["preToolUse"]);
  const result = {
    resultType: "success",
    textResultForLlm: "Plan approved! Exited plan mode.\n\nYou are now in interactive mode.",
  };
  const answer = await sendEvent("plan-export", "copilot", { ...base, toolResult: result }, copilotEnv, [
    "postToolUse",
  ]);
  return answer.note ?? answer.userMessage;
}
