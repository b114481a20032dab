// The shipped branch-drift bundles, run as each CLI runs them: a move is told once, where the model sees it.
import { bundlePath, gitRepo, hookEnv, hookPayload, runBundle } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";
import { CLIS } from "./helpers.ts";

describe.each(["claude", "gemini", "codex", "qwen", "droid"] as const)("branch-drift bundle for %s", (cli) => {
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
      CLIS[cli].adapter.notesReachModel("before-tool") ? [true, false, false] : [false, true, false],
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

describe.each(["claude", "gemini", "codex", "qwen", "droid"] as const)(
  "branch-drift bundle for %s, around shell commands",
  (cli) => {
    it("the session's own worktree and branch moves are not drift; someone else's still are", async () => {
      const repo = gitRepo({ commits: 2 });
      const { HOOKRAIL_STATE_DIR, HOOKRAIL_CONFIG } = hookEnv();
      const file = bundlePath("branch-drift", cli);
      const fire = async (fixture: string, input: Record<string, unknown>) => {
        const payload = { ...hookPayload(cli, fixture, { cwd: repo.dir, sessionId: "s" }), tool_input: input };
        const answer = await runBundle(file, JSON.stringify(payload), { env: { HOOKRAIL_STATE_DIR, HOOKRAIL_CONFIG } });
        expect(answer.exitCode).toBe(0);
        return (answer.json?.hookSpecificOutput as { additionalContext?: string } | undefined)?.additionalContext ?? "";
      };
      const shell = async (command: string, run: () => void) => {
        const said = [await fire(CLIS[cli].beforeShell, { command })];
        run();
        said.push(await fire(CLIS[cli].afterShell, { command }));
        return said.join("");
      };
      const topic = `${repo.dir}-topic`;
      const edit = (path: string) =>
        cli === "codex"
          ? { command: `*** Begin Patch\n*** Update File: ${path}\n@@\n-a\n+b\n*** End Patch\n` }
          : { file_path: path, old_string: "a", new_string: "b" };
      const editAt = async (path: string) =>
        (await fire(CLIS[cli].before, edit(path))) + (await fire(CLIS[cli].after, edit(path)));
      expect(await editAt(`${repo.dir}/README.md`)).toBe("");
      expect(
        await shell("git worktree add ../x-topic -b topic", () =>
          repo.git("worktree", "add", "-q", topic, "-b", "topic"),
        ),
      ).toBe("");
      expect(await editAt(`${topic}/README.md`)).toBe("");
      expect(await shell("git commit --amend -m x", () => repo.git("commit", "-q", "--amend", "-m", "x"))).toBe("");
      expect(await shell("git switch -c mine", () => repo.git("switch", "-q", "-c", "mine"))).toMatch(
        /^branch-drift: you moved to branch mine/,
      );
      expect(await editAt(`${repo.dir}/README.md`)).toBe("");
      repo.git("switch", "-q", "-c", "theirs");
      expect(await editAt(`${repo.dir}/README.md`)).toMatch(/^drift: this checkout MOVED/);
    });
  },
);
