// The interactive-session rules (a few hundred programs' tables) are set up only when a CLI that types into running
// sessions asks (Codex, Copilot): in every other CLI a hook call never builds them, which the code cache cannot spare
// (setting up objects is run time, not compile time).
import { CLIS } from "@hookrail/clis";
import { type Adapter, runHook } from "@hookrail/core";
import { cliRunsTool, gitRepo, hookPayload, tempDir } from "@hookrail/test-utils";
import { describe, expect, it, vi } from "vitest";
import { mergeGate } from "../../src/index.ts";

const built = vi.hoisted(() => ({ tables: 0 }));

vi.mock("../../src/analysis/session-programs.ts", async (importOriginal) => {
  const real = await importOriginal<typeof import("../../src/analysis/session-programs.ts")>();
  return {
    ...real,
    programs: () => {
      built.tables++;
      return real.programs();
    },
  };
});

// Each CLI's captured shell call (its test fixtures), with the command in its place.
const SHELL_CALLS = {
  claude: "PreToolUse.Bash.json",
  gemini: "BeforeTool.json#run_shell_command",
  codex: "PreToolUse.json",
} as const;

async function answer(adapter: Adapter, command: string) {
  const cli = adapter.cli as keyof typeof SHELL_CALLS;
  const call = hookPayload(cli, SHELL_CALLS[cli], { cwd: gitRepo().dir, sessionId: "tables" });
  const env = { HOME: tempDir(), PATH: process.env.PATH };
  const stdin = JSON.stringify({ ...call, tool_input: { ...(call.tool_input as object), command } });
  return runHook({ guardrail: mergeGate, adapter, stdin, env });
}

describe("the session rules, set up on first use", () => {
  it.each([CLIS.claude.adapter, CLIS.gemini.adapter])(
    "are never built in $cli, which reads every call",
    async (adapter) => {
      // Not reset: a set-up at module load counts too (the Codex test runs last).
      for (const command of ["bash", "psql db", "docker exec -it api sh", "gh pr view 12 && node build.js"]) {
        const a = await answer(adapter, command);
        expect(cliRunsTool(adapter.cli, a), command).toBe(true);
      }
      expect(built.tables).toBe(0);
    },
  );

  it("are built in Codex, whose typed input no hook sees, and a session is refused there", async () => {
    built.tables = 0;
    const a = await answer(CLIS.codex.adapter, "bash");
    expect(cliRunsTool("codex", a)).toBe(false);
    expect(built.tables).toBeGreaterThan(0);
  });
});
