// Runs branch-drift the way a CLI does (runHook with a real adapter and a captured payload) in a real repo.
import { CLIS as SUPPORTED } from "@hookrail/clis";
import { type Adapter, runHook } from "@hookrail/core";
import { type FixtureCli, hookEnv, hookPayload } from "@hookrail/test-utils";
import { branchDrift } from "../src/index.ts";

// Each CLI's adapter, through the one list of CLIs.
const claudeAdapter = SUPPORTED.claude.adapter;
const codexAdapter = SUPPORTED.codex.adapter;
const droidAdapter = SUPPORTED.droid.adapter;
const geminiAdapter = SUPPORTED.gemini.adapter;
const qwenAdapter = SUPPORTED.qwen.adapter;

interface CliFixtures {
  adapter: Adapter;
  before: string;
  after: string;
  write: string;
  beforeShell: string;
  afterShell: string;
  /** The event a failed shell command ends with, when the CLI has one of its own. */
  failedShell?: string;
}

export const CLIS: Record<FixtureCli, CliFixtures> = {
  claude: {
    adapter: claudeAdapter,
    before: "PreToolUse.Edit.json",
    after: "PostToolUse.Edit.json",
    write: "PreToolUse.Write.json",
    beforeShell: "PreToolUse.Bash.json",
    afterShell: "PostToolUse.Bash.json",
    failedShell: "PostToolUseFailure.Bash.json",
  },
  gemini: {
    adapter: geminiAdapter,
    before: "BeforeTool.json#replace",
    after: "AfterTool.json#replace",
    write: "BeforeTool.json#write_file",
    beforeShell: "BeforeTool.json#run_shell_command",
    afterShell: "AfterTool.json#run_shell_command",
  },
  codex: {
    adapter: codexAdapter,
    before: "PreToolUse.apply_patch.json",
    after: "PostToolUse.apply_patch.json",
    write: "PreToolUse.apply_patch.json",
    beforeShell: "PreToolUse.json",
    afterShell: "PostToolUse.json",
  },
  qwen: {
    adapter: qwenAdapter,
    before: "PreToolUse.edit.json",
    after: "PostToolUse.edit.json",
    write: "PreToolUse.write_file.json",
    beforeShell: "PreToolUse.run_shell_command.json",
    afterShell: "PostToolUse.run_shell_command.json",
  },
  droid: {
    adapter: droidAdapter,
    before: "PreToolUse.Edit.json",
    after: "PostToolUse.Edit.json",
    write: "PreToolUse.Create.json",
    beforeShell: "PreToolUse.Execute.json",
    afterShell: "PostToolUse.Execute.json",
  },
};

/** The fixture's tool input pointed at another file (an absolute path), in the CLI's own form. */
function editInput(cli: FixtureCli, input: Record<string, unknown>, file: string): Record<string, unknown> {
  if (cli === "codex") return { command: `*** Begin Patch\n*** Update File: ${file}\n@@\n-a\n+b\n*** End Patch\n` };
  return { ...input, file_path: file };
}

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
  const fire = async (
    file: string,
    input?: (input: Record<string, unknown>) => Record<string, unknown>,
  ): Promise<Answer> => {
    const payload = hookPayload(cli, file, target);
    if (input) payload.tool_input = input((payload.tool_input ?? {}) as Record<string, unknown>);
    const stdin = JSON.stringify(payload);
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
    /** An edit of `file` (absolute) before and after the tool ran; the answer that reached the model. */
    editAt: async (file: string) => {
      const edit = (input: Record<string, unknown>) => editInput(cli, input, file);
      return told([await fire(CLIS[cli].before, edit), await fire(CLIS[cli].after, edit)]);
    },
    /** A shell command: the hook before it, `run` (what the command does, here done by the test), the hook after. */
    shell: async (command: string, run: () => void, end: "ok" | "failed" = "ok") => {
      const withCommand = (input: Record<string, unknown>) => ({ ...input, command });
      const first = await fire(CLIS[cli].beforeShell, withCommand);
      run();
      const last = await fire(
        end === "failed" ? (CLIS[cli].failedShell ?? CLIS[cli].afterShell) : CLIS[cli].afterShell,
        withCommand,
      );
      return told([first, last]);
    },
    moveTo: (dir: string) => {
      target.cwd = dir;
    },
  };
}

export const silent = { exitCode: 0, stdout: "", context: undefined, userMessage: undefined };

/** What the model was told across a before/after pair (both, when both spoke). */
function told(answers: Answer[]): { context: string | undefined; answers: Answer[] } {
  const texts = answers.map((a) => a.context).filter((t): t is string => t !== undefined);
  return { context: texts.length ? texts.join("\n---\n") : undefined, answers };
}
