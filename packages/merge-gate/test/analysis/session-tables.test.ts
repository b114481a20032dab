// The interactive-session rules (a few hundred programs' tables) are set up only when a CLI that types into running
// sessions asks (Codex, Copilot), and there only the table that holds a program the line names: in every other CLI a
// hook call never builds them, which the code cache cannot spare (setting up objects is run time, not compile time).
import { CLIS } from "@hookrail/clis";
import { type Adapter, runHook } from "@hookrail/core";
import { cliRunsTool, gitRepo, hookPayload, tempDir } from "@hookrail/test-utils";
import { describe, expect, it, vi } from "vitest";
import { mergeGate } from "../../src/index.ts";

const { built, counting } = vi.hoisted(() => {
  const built = { programs: 0, databases: 0, runners: 0 };
  /** A table's module with its builder (named as the table) counting its builds. */
  const counting = (name: keyof typeof built) => async (importOriginal: () => Promise<Record<string, unknown>>) => {
    const real = await importOriginal();
    const build = real[name] as () => unknown;
    return {
      ...real,
      [name]: () => {
        built[name]++;
        return build();
      },
    };
  };
  return { built, counting };
});
const tables = () => built.programs + built.databases + built.runners;

vi.mock("../../src/analysis/session-programs.ts", counting("programs"));
vi.mock("../../src/analysis/session-databases.ts", counting("databases"));
vi.mock("../../src/analysis/session-runners.ts", counting("runners"));

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
      expect(tables()).toBe(0);
    },
  );

  // Built once per process: each row is in a process of its own order, so the counts are read as they grow.
  it("are built in Codex, whose typed input no hook sees, each only when a line names one of its programs", async () => {
    const seen = { ...built };
    const grown = () =>
      Object.fromEntries(Object.entries(built).map(([k, n]) => [k, n - seen[k as keyof typeof seen]]));
    // No program of the tables: nothing is built.
    for (const command of ["git status --short", "gh pr merge 12 --squash", "npm test && cargo build"])
      await answer(CLIS.codex.adapter, command);
    expect(grown()).toEqual({ programs: 0, databases: 0, runners: 0 });
    // `view` is an editor's name, here one of gh's words, and gh runs no program: no table is looked in.
    expect(cliRunsTool("codex", await answer(CLIS.codex.adapter, "gh pr view 12 --json state && git log -5"))).toBe(
      true,
    );
    expect(grown()).toEqual({ programs: 0, databases: 0, runners: 0 });
    // kubectl runs programs (`kubectl exec -it`): its table alone (the runners) is looked in.
    expect(cliRunsTool("codex", await answer(CLIS.codex.adapter, "kubectl get pods -o view && git log -5"))).toBe(true);
    expect(grown()).toEqual({ programs: 0, databases: 0, runners: 1 });
    // A shell: its table is built, and the session refused.
    expect(cliRunsTool("codex", await answer(CLIS.codex.adapter, "bash"))).toBe(false);
    expect(grown()).toEqual({ programs: 1, databases: 0, runners: 1 });
    expect(cliRunsTool("codex", await answer(CLIS.codex.adapter, "psql db"))).toBe(false);
    expect(grown()).toEqual({ programs: 1, databases: 1, runners: 1 });
  });
});
