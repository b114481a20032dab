// The merge gate in Copilot CLI: its own hook file (Copilot's format, the event as argument) and the Claude
// plugin Copilot also runs (Claude's format with Copilot's fields). Copilot must not run the merge.
import { join } from "node:path";
import { bundlePath, cliRunsTool, gitRepo, hookPayload, runBundle, tempDir } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";

const WAYS = [
  { way: "copilot hook file", bundle: "copilot", fixture: "copilot-format/preToolUse-bash.json", args: ["preToolUse"] },
  { way: "claude plugin", bundle: "claude", fixture: "claude-format/PreToolUse-Bash.json", args: [] },
] as const;

describe.each(WAYS)("merge gate in copilot, $way", ({ bundle, fixture, args }) => {
  const run = (command: string) => {
    const repo = gitRepo();
    const base = hookPayload("copilot", fixture, { cwd: repo.dir, sessionId: "s" });
    const input = "toolArgs" in base ? { toolArgs: { command, description: "d" } } : { tool_input: { command } };
    return runBundle(bundlePath("merge-gate", bundle), JSON.stringify({ ...base, ...input }), {
      args: [...args],
      cwd: repo.dir,
      // Its own state folder: the block goes to the audit log, which must not be the user's.
      env: { HOOKRAIL_STATE_DIR: join(tempDir(), "state") },
    });
  };

  it.each([
    ["gh pr merge 12 --squash", false],
    ["git status", true],
  ])("%s runs: %s", async (command, runs) => {
    const answer = await run(command);
    expect(cliRunsTool("copilot", answer), answer.stdout + answer.stderr).toBe(runs);
    // The reason reaches the model only in a deny JSON at exit 0 (Copilot drops stderr on exit 2).
    if (!runs) expect(answer.exitCode).toBe(0);
    if (!runs) expect(answer.stdout).toMatch(/merge-gate/);
  });
});
