// Where the drift note reaches the model in each CLI: before the edit (Claude, Codex) or with its result
// (Gemini, Qwen, Droid: they drop the context of a hook before a tool).
import { gitRepo } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";
import { CLIS, session, silent } from "./helpers.ts";

const HEADLINE = /^drift: this checkout MOVED since the session was last told what it is\./;

describe.each(["claude", "codex", "gemini", "qwen", "droid"] as const)("%s", (cli) => {
  const seesBeforeTool = CLIS[cli].adapter.notesReachModel("before-tool");

  it("learns the checkout silently on the first edit, then stays quiet while nothing moves", async () => {
    const s = session(cli, gitRepo().dir);
    expect(await s.before()).toEqual(silent);
    expect(await s.after()).toEqual(silent);
    expect(await s.before()).toEqual(silent);
  });

  it("tells the model once when another process switches the branch", async () => {
    const repo = gitRepo();
    const s = session(cli, repo.dir);
    await s.before();
    repo.git("switch", "-q", "-c", "other");
    const before = await s.before();
    const after = await s.after();
    const told = seesBeforeTool ? before : after;
    expect(told.context).toMatch(HEADLINE);
    expect(told.context).toContain("- it is now: branch other at");
    expect(told.userMessage).toMatch(/^branch-drift: main@\w{7} -> other@\w{7} under this session/);
    // Gemini drops BeforeTool context: nothing is shown there, and the move waits for the AfterTool.
    expect(seesBeforeTool ? after : before).toEqual(silent);
    expect(await s.before()).toEqual(silent);
    expect(await s.after()).toEqual(silent);
  });

  it("answers a write the same way as an edit", async () => {
    const repo = gitRepo();
    const s = session(cli, repo.dir);
    await s.before();
    repo.git("checkout", "-q", "--detach");
    const answers = [await s.write(), await s.after()];
    expect(answers.filter((a) => a.context?.match(HEADLINE))).toHaveLength(1);
  });
});
