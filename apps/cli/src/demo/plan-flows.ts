// plan-export in the demo for Qwen Code, Factory Droid, Kimi Code, OpenCode and Kilo Code CLI: each CLI's plan approval,
// sent as the real CLI (or its hookrail plugin) sends it (packages/plan-export/README.md, "Routes per CLI").
import { existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { CliName } from "@hookrail/core";
import { bridgePayload } from "../samples.ts";
import { sendEvent } from "./run-event.ts";

/** One CLI's plan mode in the demo: what the user chose, and the events that choice sends (the answer's text). */
export interface PlanFlow {
  choice: string;
  approve(cwd: string, env: NodeJS.ProcessEnv): Promise<string | undefined>;
}

/** Qwen Code: PermissionRequest carries exit_plan_mode's plan as the dialog opens; an approval sends Pre- and PostToolUse. */
async function qwenApproval(cwd: string, env: NodeJS.ProcessEnv): Promise<string | undefined> {
  const plan =
    "# Plan: lock an account after five failed logins\n\n## Steps\n1. Count failures.\n2. Lock it for 15 minutes.\n";
  const session = "qwen-plan-demo";
  const base = {
    session_id: session,
    transcript_path: join(env.HOME ?? cwd, ".qwen", "projects", "demo", "chats", `${session}.jsonl`),
    cwd,
    timestamp: new Date(0).toISOString(),
    tool_name: "exit_plan_mode",
    tool_input: { plan },
  };
  const call = { tool_use_id: "toolu_1", tool_call_id: "call_1" };
  const send = (fields: Record<string, unknown>) => sendEvent("plan-export", "qwen", { ...base, ...fields }, env);
  await send({ hook_event_name: "PermissionRequest", permission_mode: "plan", prompt_id: `${session}########0` });
  await send({ hook_event_name: "PreToolUse", permission_mode: "plan", ...call });
  const answer = await send({
    hook_event_name: "PostToolUse",
    permission_mode: "auto-edit",
    ...call,
    tool_response: {
      llmContent: "User approved. You can now start coding. Start with updating your todo list if applicable.",
      returnDisplay: { type: "plan_summary", message: "User approved.", plan },
    },
    duration_ms: 12,
  });
  return answer.note ?? answer.userMessage;
}

/** Factory Droid spec mode: ExitSpecMode {title, plan}; the approval is told by the tool's result text. */
async function droidApproval(cwd: string, env: NodeJS.ProcessEnv): Promise<string | undefined> {
  const session = "droid-plan-demo";
  const base = {
    session_id: session,
    transcript_path: join(env.HOME ?? cwd, ".factory", "sessions", "demo", `${session}.jsonl`),
    cwd,
    permission_mode: "auto-low",
    tool_name: "ExitSpecMode",
    tool_input: {
      title: "Show the last login",
      plan: "# Plan: show the last login\n\n1. Store the time of each login.\n2. Show it on the profile page.",
    },
  };
  await sendEvent("plan-export", "droid", { ...base, hook_event_name: "PreToolUse" }, env);
  const answer = await sendEvent(
    "plan-export",
    "droid",
    {
      ...base,
      hook_event_name: "PostToolUse",
      tool_response: "Spec mode exited. The user approved the plan. Continue with the implementation.",
    },
    env,
  );
  return answer.note ?? answer.userMessage;
}

/** Kimi Code: ExitPlanMode's input is `{}`; the plan comes after the approval, in PostToolUse's `tool_output`. */
async function kimiApproval(cwd: string, env: NodeJS.ProcessEnv): Promise<string | undefined> {
  const session = "session_kimi-plan-demo";
  const file = join(env.HOME ?? cwd, ".kimi-code", "sessions", "demo", session, "agents", "main", "plans", "demo.md");
  const plan = "# Plan: remember the language\n\n1. Store the chosen language.\n2. Use it at the next visit.\n";
  const answer = await sendEvent(
    "plan-export",
    "kimi",
    {
      hook_event_name: "PostToolUse",
      session_id: session,
      cwd,
      client_type: "kimi_code_cli",
      tool_name: "ExitPlanMode",
      tool_input: {},
      tool_call_id: "call_1",
      tool_output: `Exited plan mode. Plan mode deactivated. All tools are now available.\nPlan saved to: ${file}\n\n## Approved Plan:\n${plan}`,
    },
    env,
  );
  // Kimi shows no hook's message to anyone: what was saved is read from the project.
  if (answer.note ?? answer.userMessage) return answer.note ?? answer.userMessage;
  const dir = join(cwd, "docs", "plans", "accepted");
  const saved = existsSync(dir) ? readdirSync(dir).find((f) => f.includes("remember-the-language")) : undefined;
  return saved && `plan-export: saved the accepted plan to docs/plans/accepted/${saved} (Kimi Code shows it to no one)`;
}

/**
 * OpenCode and Kilo Code CLI (their hookrail plugin's payloads): the plan agent writes the plan file into the
 * project's `<folder>/plans/`, then plan_exit asks to switch to the build agent; "Yes" answers in its result.
 */
async function bridgeApproval(
  cli: CliName,
  folder: string,
  plan: string,
  cwd: string,
  env: NodeJS.ProcessEnv,
): Promise<string | undefined> {
  const session = `ses_${cli}plandemo`;
  const send = (hook: string, data: unknown) =>
    sendEvent("plan-export", cli, bridgePayload(hook, { cwd, sessionId: session }, data), env);
  const file = join(cwd, folder, "plans", "1764661800000-quiet-harbor.md");
  const write = { tool: "write", sessionID: session, callID: "call_1" };
  await send("tool.execute.before", { input: write, output: { args: { filePath: file, content: plan } } });
  mkdirSync(join(file, ".."), { recursive: true });
  writeFileSync(file, plan);
  const exit = { tool: "plan_exit", sessionID: session, callID: "call_2" };
  await send("tool.execute.before", { input: exit, output: { args: {} } });
  const result = {
    title: "Switching to build agent",
    output: "User approved switching to build agent. Wait for further instructions.",
    metadata: {},
  };
  const answer = await send("tool.execute.after", { input: { ...exit, args: {} }, output: result });
  return answer.note ?? answer.userMessage;
}

const MAGIC_LINK = "# Plan: sign in with a magic link\n\n## Steps\n1. Mail a one-time link.\n2. Sign in from it.\n";
const DATA_EXPORT =
  "# Plan: let users download their data\n\n## Steps\n1. Zip the account's records.\n2. Mail the link.\n";

export const moreFlows: Partial<Record<CliName, PlanFlow>> = {
  qwen: { choice: '"Yes, and auto-accept edits"', approve: qwenApproval },
  droid: { choice: "spec approved", approve: droidApproval },
  kimi: { choice: "ExitPlanMode approved", approve: kimiApproval },
  opencode: {
    choice: 'plan_exit "Yes"',
    approve: (cwd, env) => bridgeApproval("opencode", ".opencode", MAGIC_LINK, cwd, env),
  },
  kilo: { choice: 'plan_exit "Yes"', approve: (cwd, env) => bridgeApproval("kilo", ".kilo", DATA_EXPORT, cwd, env) },
};
