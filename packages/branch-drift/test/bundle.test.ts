// The shipped branch-drift bundles, run as each CLI runs them: a move is told once, where the model sees it.
import { bundlePath, gitRepo, hookEnv, hookPayload, runBundle } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";
import { CLIS } from "./helpers.ts";

describe.each(["claude", "gemini", "codex"] as const)("branch-drift bundle for %s", (cli) => {
  it("learns silently, then tells the model about a branch switch once", async () => {
    const repo = gitRepo();
    const { HOOKRAIL_STATE_DIR, HOOKRAIL_CONFIG } = hookEnv();
    const file = bundlePath("branch-drift", cli);
    const fire = (fixture: string) =>
      runBundle(file, JSON.stringify(hookPayload(cli, fixture, { cwd: repo.dir, sessionId: "s" })), {
        env: { HOOKRAIL_STATE_DIR, HOOKRAIL_CONFIG },
      });
    expect(await fire(CLIS[cli].before)).toMatchObject({ exitCode: 0, stdout: "" });
    repo.git("switch", "-q", "-c", "other");
    const answers = [await fire(CLIS[cli].before), await fire(CLIS[cli].after), await fire(CLIS[cli].before)];
    const told = answers.map(
      (a) => (a.json?.hookSpecificOutput as { additionalContext?: string } | undefined)?.additionalContext,
    );
    expect(answers.map((a) => a.exitCode)).toEqual([0, 0, 0]);
    expect(told.map((t) => t?.startsWith("drift: this checkout MOVED") ?? false)).toEqual(
      cli === "gemini" ? [false, true, false] : [true, false, false],
    );
  });

  it("treats the session's own commits as no drift, and a rewrite of the branch as drift (git merge-base)", async () => {
    const repo = gitRepo();
    const { HOOKRAIL_STATE_DIR, HOOKRAIL_CONFIG } = hookEnv();
    const file = bundlePath("branch-drift", cli);
    const note = async () => {
      const payload = hookPayload(cli, CLIS[cli].before, { cwd: repo.dir, sessionId: "s" });
      const first = await runBundle(file, JSON.stringify(payload), { env: { HOOKRAIL_STATE_DIR, HOOKRAIL_CONFIG } });
      const after = hookPayload(cli, CLIS[cli].after, { cwd: repo.dir, sessionId: "s" });
      const second = await runBundle(file, JSON.stringify(after), { env: { HOOKRAIL_STATE_DIR, HOOKRAIL_CONFIG } });
      return [first, second]
        .map((a) => (a.json?.hookSpecificOutput as { additionalContext?: string } | undefined)?.additionalContext)
        .find((text) => text !== undefined);
    };
    expect(await note()).toBeUndefined();
    repo.write("own.txt", "the session's commit\n");
    repo.commit("own commit");
    expect(await note()).toBeUndefined();
    repo.git("reset", "-q", "--hard", "HEAD~1");
    repo.write("other.txt", "someone else's history\n");
    repo.commit("rewritten");
    expect(await note()).toMatch(/^drift: this checkout MOVED/);
  });
});
