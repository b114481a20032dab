// Runs branch-drift the way a CLI does (runHook with a real adapter and a captured payload) in a real repo.
import { claudeAdapter } from "@hookrail/claude";
import { codexAdapter } from "@hookrail/codex";
import { type Adapter, runHook } from "@hookrail/core";
import { geminiAdapter } from "@hookrail/gemini";
import { type FixtureCli, hookEnv, hookPayload } from "@hookrail/test-utils";
import { branchDrift } from "../src/index.ts";

export const CLIS: Record<FixtureCli, { adapter: Adapter; before: string; after: string; write: string }> = {
  claude: {
    adapter: claudeAdapter,
    before: "PreToolUse.Edit.json",
    after: "PostToolUse.Edit.json",
    write: "PreToolUse.Write.json",
  },
  gemini: {
    adapter: geminiAdapter,
    before: "BeforeTool.json#replace",
    after: "AfterTool.json#replace",
    write: "BeforeTool.json#write_file",
  },
  codex: {
    adapter: codexAdapter,
    before: "PreToolUse.apply_patch.json",
    after: "PostToolUse.apply_patch.json",
    write: "PreToolUse.apply_patch.json",
  },
};

export interface Answer {
  exitCode: number;
  stdout: string;
  /** The text the model gets, if any. */
  context: string | undefined;
  userMessage: string | undefined;
}

/** One session of one CLI in one directory; `edit()` fires the edit hook ("before" or "after"). */
export function session(
  cli: FixtureCli,
  cwd: string,
  options: { sessionId?: string; env?: ReturnType<typeof hookEnv> } = {},
) {
  const env = options.env ?? hookEnv();
  const target = { cwd, sessionId: options.sessionId ?? `session-${cli}` };
  const fire = async (file: string): Promise<Answer> => {
    const stdin = JSON.stringify(hookPayload(cli, file, target));
    const answer = await runHook({
      guardrail: branchDrift,
      adapter: CLIS[cli].adapter,
      stdin,
      env,
      now: () => 1_700_000_000_000,
    });
    const json = answer.stdout ? JSON.parse(answer.stdout) : {};
    return {
      exitCode: answer.exitCode,
      stdout: answer.stdout,
      context: json.hookSpecificOutput?.additionalContext,
      userMessage: json.systemMessage,
    };
  };
  return {
    env,
    target,
    before: () => fire(CLIS[cli].before),
    after: () => fire(CLIS[cli].after),
    write: () => fire(CLIS[cli].write),
    moveTo: (dir: string) => {
      target.cwd = dir;
    },
  };
}

export const silent = { exitCode: 0, stdout: "", context: undefined, userMessage: undefined };
