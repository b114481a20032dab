// worktree-check in Cursor and Antigravity CLI, run as their shipped hooks.json run it, on payloads transcribed
// from their documentation (packages/{cursor,antigravity}/test/fixtures): the verdict comes back in the one
// field each reads at a session's start.
import { bundlePath, gitRepo, hookEnv, hookPayload, runBundle } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";

const VERDICT = /\n(?:you can work in this directory|open a separate worktree first: )/;

describe.each([
  {
    cli: "cursor",
    fixture: "sessionStart.json",
    args: [],
    verdict: (json: unknown) => (json as { additional_context?: string }).additional_context,
  },
  {
    cli: "antigravity",
    fixture: "PreInvocation.json",
    args: ["PreInvocation"],
    verdict: (json: unknown) => (json as { injectSteps?: { userMessage?: string }[] }).injectSteps?.[0]?.userMessage,
  },
] as const)("worktree-check in $cli", ({ cli, fixture, args, verdict }) => {
  it("answers a new session with the verdict, in the only field that reaches the model there", async () => {
    const repo = gitRepo();
    const { HOOKRAIL_STATE_DIR, HOOKRAIL_CONFIG } = hookEnv();
    const payload = hookPayload(cli, fixture, { cwd: repo.dir, sessionId: "s" });
    const answer = await runBundle(bundlePath("worktree-check", cli), JSON.stringify(payload), {
      args: [...args],
      env: { HOOKRAIL_STATE_DIR, HOOKRAIL_CONFIG },
    });
    expect(answer.exitCode).toBe(0);
    expect(Object.keys(answer.json ?? {})).toHaveLength(1);
    expect(verdict(answer.json)).toMatch(VERDICT);
  });
});

describe("worktree-check in antigravity after the session's first model call", () => {
  it("says nothing at a later PreInvocation (agy runs it before every model call)", async () => {
    const repo = gitRepo();
    const { HOOKRAIL_STATE_DIR, HOOKRAIL_CONFIG } = hookEnv();
    const payload = hookPayload("antigravity", "PreInvocation.later.json", { cwd: repo.dir, sessionId: "s" });
    const answer = await runBundle(bundlePath("worktree-check", "antigravity"), JSON.stringify(payload), {
      args: ["PreInvocation"],
      env: { HOOKRAIL_STATE_DIR, HOOKRAIL_CONFIG },
    });
    expect(answer).toMatchObject({ exitCode: 0, stdout: "" });
  });
});
