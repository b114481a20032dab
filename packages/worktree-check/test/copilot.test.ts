// worktree-check in Copilot CLI: the verdict must come back in the flat form Copilot reads at session
// start (it drops a SessionStart hookSpecificOutput), from its own hook file and from the Claude plugin.
import { bundlePath, gitRepo, hookEnv, hookPayload, runBundle } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";

describe.each([
  { way: "copilot hook file", bundle: "copilot", fixture: "copilot-format/sessionStart.json", args: ["sessionStart"] },
  { way: "claude plugin", bundle: "claude", fixture: "claude-format/SessionStart.json", args: [] },
] as const)("worktree-check in copilot, $way", ({ bundle, fixture, args }) => {
  it("answers a new session with the verdict as flat additionalContext", async () => {
    const repo = gitRepo();
    const { HOOKRAIL_STATE_DIR, HOOKRAIL_CONFIG } = hookEnv();
    const payload = hookPayload("copilot", fixture, { cwd: repo.dir, sessionId: "s" });
    const answer = await runBundle(bundlePath("worktree-check", bundle), JSON.stringify(payload), {
      args: [...args],
      env: { HOOKRAIL_STATE_DIR, HOOKRAIL_CONFIG },
    });
    expect(answer.exitCode).toBe(0);
    expect(answer.json).toEqual({
      additionalContext: expect.stringMatching(/\nopen a separate worktree first: /),
      systemMessage: expect.stringMatching(/^worktree-check: main in /),
    });
  });
});
