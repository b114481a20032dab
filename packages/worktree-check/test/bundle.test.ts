// The shipped worktree-check bundles, run as each CLI runs them.
import { bundlePath, gitRepo, hookEnv, hookPayload, runBundle } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";

describe.each(["claude", "gemini", "codex"] as const)("worktree-check bundle for %s", (cli) => {
  it("answers SessionStart with the checkout and a verdict, and SessionEnd with nothing", async () => {
    const repo = gitRepo();
    const { HOOKRAIL_STATE_DIR, HOOKRAIL_CONFIG } = hookEnv();
    const file = bundlePath("worktree-check", cli);
    const run = (fixture: string) =>
      runBundle(file, JSON.stringify(hookPayload(cli, fixture, { cwd: repo.dir, sessionId: "s" })), {
        env: { HOOKRAIL_STATE_DIR, HOOKRAIL_CONFIG },
      });
    const startAnswer = await run("SessionStart.json");
    expect(startAnswer.exitCode).toBe(0);
    expect(startAnswer.json).toMatchObject({
      hookSpecificOutput: {
        hookEventName: "SessionStart",
        additionalContext: expect.stringMatching(/\nopen a separate worktree first: /),
      },
      systemMessage: expect.stringMatching(/^worktree-check: main in /),
    });
    expect(await run("SessionEnd.json")).toMatchObject({ exitCode: 0, stdout: "" });
  });

  it("never fails the CLI on broken input", async () => {
    const result = await runBundle(bundlePath("worktree-check", cli), "not json");
    expect([result.exitCode, result.stdout]).toEqual([0, ""]);
  });
});
