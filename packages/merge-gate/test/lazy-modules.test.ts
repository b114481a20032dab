// What a call sets up: the analysis, the decision's texts, the MCP tables and the interactive-session check are
// imported when a call needs them (guardrail.ts), so the common call, a shell line the prefilter clears, sets none of
// them up. Each module below is replaced by itself with a count of its loads: a module imported at start-up counts
// at once, one imported on demand when the first call that needs it runs.
import { CLIS } from "@hookrail/clis";
import { type Adapter, PATH_BITS, PATHS_KEY, runHook } from "@hookrail/core";
import { cliRunsTool, gitRepo, hookPayload, tempDir } from "@hookrail/test-utils";
import { describe, expect, it, vi } from "vitest";

const { seen: loads, counted } = await vi.hoisted(async () =>
  (await import("@hookrail/test-utils/module-loads")).moduleLoads(),
);

vi.mock("../src/analysis/analyze-command.ts", counted("analysis"));
vi.mock("../src/decide.ts", counted("decision"));
vi.mock("../src/mcp/gate.ts", counted("mcp"));
vi.mock("../src/analysis/session-look.ts", counted("session look"));
vi.mock("../src/analysis/interactive-session.ts", counted("session reading"));
vi.mock("@hookrail/shell/engine", counted("shell engine"));

// The hook bundle starts from the guardrail itself (the package index also exports the analysis, for the CLI app).
const { mergeGate } = await import("../src/guardrail.ts");

const SHELL_CALLS = { claude: "PreToolUse.Bash.json", codex: "PreToolUse.json" } as const;

async function answer(adapter: Adapter, toolName: string, input: Record<string, unknown>) {
  const cli = adapter.cli as keyof typeof SHELL_CALLS;
  const call = hookPayload(cli, SHELL_CALLS[cli], { cwd: gitRepo().dir, sessionId: "lazy" });
  const env = { HOME: tempDir(), PATH: process.env.PATH };
  const stdin = JSON.stringify({ ...call, tool_name: toolName, tool_input: input });
  return runHook({ guardrail: mergeGate, adapter, stdin, env });
}
const shell = (adapter: Adapter, command: string) => answer(adapter, "Bash", { command });
const loaded = () => Object.keys(loads).sort();
// The paths the process took, for the code cache (core's cache-paths.ts): a server's tool is one of its own, so that a
// cache made without it comes to hold the MCP tables.
const namedTool = () =>
  (Number((globalThis as Record<symbol, unknown>)[Symbol.for(PATHS_KEY)]) & PATH_BITS["named-tool"]) !== 0;

describe("the modules a merge-gate call sets up", () => {
  // Not reset between rows: each module loads once per process, so the rows build on each other in order.

  it("are none of the lazy ones at start-up", () => {
    expect(loaded()).toEqual([]);
  });

  it("are still none after plain lines and a file edit in Claude Code", async () => {
    for (const command of ["git status --short", "gh pr view 12 --json state,mergeable && git log --oneline -5"]) {
      expect(cliRunsTool("claude", await shell(CLIS.claude.adapter, command)), command).toBe(true);
    }
    const edit = await answer(CLIS.claude.adapter, "Edit", {
      file_path: `${tempDir()}/notes.md`,
      old_string: "a",
      new_string: "b",
    });
    expect(cliRunsTool("claude", edit)).toBe(true);
    expect(loaded()).toEqual([]);
  });

  it("include the analysis and the decision for a line the prefilter cannot clear", async () => {
    expect(cliRunsTool("claude", await shell(CLIS.claude.adapter, "gh pr merge 12 --squash"))).toBe(false);
    expect(loaded()).toEqual(["analysis", "decision", "shell engine"]);
  });

  it("include the MCP tables for a server's tool, a path of its own for the code cache", async () => {
    expect(namedTool()).toBe(false);
    const a = await answer(CLIS.claude.adapter, "mcp__github__merge_pull_request", {
      owner: "o",
      repo: "r",
      pullNumber: 12,
    });
    expect(cliRunsTool("claude", a)).toBe(false);
    expect(loads.mcp).toBe(1);
    expect(namedTool()).toBe(true);
  });

  it("include the session check's rules in Codex only for a line its first look cannot clear, and its full reading only for a line they cannot clear", async () => {
    for (const command of ["git status --short", "gh pr view 12"]) {
      expect(cliRunsTool("codex", await shell(CLIS.codex.adapter, command)), command).toBe(true);
    }
    expect(loads["session look"]).toBeUndefined();
    expect(cliRunsTool("codex", await shell(CLIS.codex.adapter, "vim --version"))).toBe(true);
    expect(loads["session look"]).toBe(1);
    expect(loads["session reading"]).toBeUndefined();
    expect(cliRunsTool("codex", await shell(CLIS.codex.adapter, "bash"))).toBe(false);
    expect(loads["session reading"]).toBe(1);
    // Each once per process.
    expect(Object.values(loads).every((n) => n === 1)).toBe(true);
  });
});
