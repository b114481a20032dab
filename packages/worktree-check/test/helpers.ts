// Runs worktree-check the way a CLI does: runHook with a real adapter and a captured SessionStart/End payload.
import { CLIS } from "@hookrail/clis";
import { type Adapter, runHook } from "@hookrail/core";
import { type FixtureCli, hookEnv, hookPayload } from "@hookrail/test-utils";
import { worktreeCheck } from "../src/index.ts";

// Each CLI's adapter, through the one list of CLIs.
const claudeAdapter = CLIS.claude.adapter;
const codexAdapter = CLIS.codex.adapter;
const droidAdapter = CLIS.droid.adapter;
const geminiAdapter = CLIS.gemini.adapter;
const qwenAdapter = CLIS.qwen.adapter;

export const ADAPTERS: Record<FixtureCli, Adapter> = {
  claude: claudeAdapter,
  gemini: geminiAdapter,
  codex: codexAdapter,
  qwen: qwenAdapter,
  droid: droidAdapter,
};
export const T0 = 1_700_000_000_000;

export interface StartAnswer {
  exitCode: number;
  stdout: string;
  context: string | undefined;
  userMessage: string | undefined;
  /** The last line of the note: the verdict. */
  verdict: string | undefined;
}

export type Env = ReturnType<typeof hookEnv>;

export interface HookCall {
  cli?: FixtureCli;
  sessionId?: string;
  env: Env;
  source?: string;
  now?: number;
}

export async function start(cwd: string, call: HookCall): Promise<StartAnswer> {
  const { cli = "claude", sessionId = "session-1", env, now = T0 } = call;
  const payload = hookPayload(cli, "SessionStart.json", { cwd, sessionId }, call.source ? { source: call.source } : {});
  const answer = await runHook({
    guardrail: worktreeCheck,
    adapter: ADAPTERS[cli],
    stdin: JSON.stringify(payload),
    env,
    now: () => now,
  });
  const json = answer.stdout ? JSON.parse(answer.stdout) : {};
  const context: string | undefined = json.hookSpecificOutput?.additionalContext;
  return {
    exitCode: answer.exitCode,
    stdout: answer.stdout,
    context,
    userMessage: json.systemMessage,
    verdict: context?.split("\n").at(-1),
  };
}

export async function end(cwd: string, call: HookCall): Promise<string> {
  const { cli = "claude", sessionId = "session-1", env, now = T0 } = call;
  const payload = hookPayload(cli, "SessionEnd.json", { cwd, sessionId });
  const answer = await runHook({
    guardrail: worktreeCheck,
    adapter: ADAPTERS[cli],
    stdin: JSON.stringify(payload),
    env,
    now: () => now,
  });
  return answer.stdout;
}

export { hookEnv };
