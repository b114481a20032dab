// Which calls read every CLI's places: the machine's protected places (protectedPaths) and the patterns that match
// them anywhere are worked out on first use, so a call whose reading meets no path (a blocked `gh pr merge 12`) reads
// none of them. cliPlaces is replaced by itself with a count of its calls.
import { CLIS } from "@hookrail/clis";
import { runHook } from "@hookrail/core";
import { cliRunsTool, gitRepo, hookPayload, tempDir } from "@hookrail/test-utils";
import { describe, expect, it, vi } from "vitest";

vi.mock("../src/places/read-places.ts", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../src/places/read-places.ts")>();
  return { ...actual, cliPlaces: vi.fn(actual.cliPlaces) };
});

const { cliPlaces } = await import("../src/places/read-places.ts");
const { mergeGate } = await import("../src/guardrail.ts");

async function answer(toolName: string, input: Record<string, unknown>, home: string) {
  const call = hookPayload("claude", "PreToolUse.Bash.json", { cwd: gitRepo().dir, sessionId: "places" });
  const stdin = JSON.stringify({ ...call, tool_name: toolName, tool_input: input });
  return runHook({ guardrail: mergeGate, adapter: CLIS.claude.adapter, stdin, env: { HOME: home, PATH: "/usr/bin" } });
}

describe("the CLIs' places a Claude Code call reads", () => {
  it("are none at start-up", () => {
    expect(cliPlaces).not.toHaveBeenCalled();
  });

  // [tool, its input (with ~ for the home folder), the CLI runs it, the call reads the CLIs' places]
  it.each<[string, Record<string, string>, boolean, boolean]>([
    ["Bash", { command: "gh pr merge 12" }, false, false],
    ["Bash", { command: "gh pr merge 12 --squash --delete-branch" }, false, false],
    ["Bash", { command: "git merge feature" }, true, false],
    // The prefilter clears a plain line only once it names none of the machine's protected paths.
    ["Bash", { command: "gh pr view 12" }, true, true],
    ["Bash", { command: "rm -rf ~/.claude" }, false, true],
    ["Bash", { command: "echo '{}' > ~/.codex/hooks.json" }, false, true],
    ["Write", { file_path: "~/.claude/settings.json", content: '{"disableAllHooks": true}' }, false, true],
    ["Write", { file_path: "~/notes.md", content: "hi" }, true, true],
  ])("%s %j: runs %s, reads them %s", async (tool, input, runs, reads) => {
    const home = tempDir();
    const at = (text: string) => text.replace(/~/g, home);
    const withHome = Object.fromEntries(Object.entries(input).map(([key, value]) => [key, at(value)]));
    vi.mocked(cliPlaces).mockClear();
    expect(cliRunsTool("claude", await answer(tool, tool === "Bash" ? input : withHome, home))).toBe(runs);
    expect(vi.mocked(cliPlaces).mock.calls.length > 0).toBe(reads);
  });
});
