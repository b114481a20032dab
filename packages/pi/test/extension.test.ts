// The shipped Pi extensions, loaded as Pi loads them (a default export called with pi's API), their handlers
// called with the captured events against the real bundles in a real repository.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { bridgeFixture, gitRepo, loadPlugin, tempDir } from "@hookrail/test-utils";
import { beforeEach, describe, expect, it, onTestFinished, vi } from "vitest";

type Handler = (event: unknown, ctx: unknown) => Promise<unknown>;

/** The handlers an extension registers, from a copy of its shipped folder (`breakIt` may damage the copy). */
async function extension(guardrail: string, breakIt?: (dir: string) => void) {
  const { module } = await loadPlugin(guardrail, "pi", breakIt);
  const handlers = new Map<string, Handler>();
  (module.default as (pi: unknown) => void)({ on: (event: string, handler: Handler) => handlers.set(event, handler) });
  // Pi ends every session with session_shutdown, which stops the extension's worker.
  onTestFinished(async () => {
    await handlers.get("session_shutdown")?.({ type: "session_shutdown" }, undefined);
  });
  return handlers;
}

const context = (cwd: string) => ({ cwd, hasUI: false, sessionManager: { getSessionId: () => "pi-session-1" } });
const event = (name: string, cwd: string, input?: Record<string, unknown>) => {
  const { event } = bridgeFixture("pi", name, { cwd });
  return input ? { ...event, input: { ...(event?.input as object), ...input } } : event;
};

beforeEach(() => {
  const dir = tempDir("pi-extension-home-");
  vi.stubEnv("HOOKRAIL_STATE_DIR", join(dir, "state"));
  vi.stubEnv("HOOKRAIL_CONFIG", join(dir, "config.json"));
  vi.stubEnv("HOOKRAIL_DEBUG_LOG", "");
});

describe("merge-gate's Pi extension", () => {
  it("answers {block, reason} for `gh pr merge 12`, nothing for `gh pr view 12`", async () => {
    const repo = gitRepo();
    const on = await extension("merge-gate");
    const call = on.get("tool_call");
    const blocked = await call?.(event("tool_call.bash", repo.dir, { command: "gh pr merge 12" }), context(repo.dir));
    expect(blocked).toEqual({ block: true, reason: expect.stringContaining("MERGE_APPROVED=1") });
    expect(
      await call?.(event("tool_call.bash", repo.dir, { command: "gh pr view 12" }), context(repo.dir)),
    ).toBeUndefined();
  });

  // Pi 1.6: the optional powershell tool, and a codemode script's nested calls. The approval marker in the reason
  // is in the command's own language: PowerShell's form shows the gate read the command as PowerShell.
  it.each([
    ["a codemode script's nested tools.bash() call", "1.6/tool_call.bash.nested.blocked", {}, "(MERGE_APPROVED=1 gh"],
    ["the same call, reading a pull request", "1.6/tool_call.bash.nested", {}, null],
    ["the powershell tool", "1.6/tool_call.powershell", { command: "gh pr merge 12" }, "($env:MERGE_APPROVED = 1;"],
    ["the powershell tool, through iex", "1.6/tool_call.powershell", { command: "iex 'gh pr merge 12'" }, "$env:"],
    ["the powershell tool, reading a pull request", "1.6/tool_call.powershell", {}, null],
  ])("Pi 1.6, %s", async (_what, fixture, input, marker) => {
    const repo = gitRepo();
    const on = await extension("merge-gate");
    const answer = await on.get("tool_call")?.(event(fixture, repo.dir, input), context(repo.dir));
    if (marker) expect(answer).toEqual({ block: true, reason: expect.stringContaining(marker) });
    else expect(answer).toBeUndefined();
  });

  it.each([
    [
      "its bundle is missing",
      (dir: string) => rmSync(join(dir, "hookrail-merge-gate", "merge-gate.cjs")),
      /is missing/,
    ],
    [
      "its bundle is cut short",
      (dir: string) => {
        const file = join(dir, "hookrail-merge-gate", "merge-gate.bundle");
        writeFileSync(file, readFileSync(file, "utf8").slice(0, -4096));
      },
      /could not start \(the bundle .*merge-gate\.bundle is damaged or of another build\)/,
    ],
    [
      "the file of its bundle is missing",
      (dir: string) => rmSync(join(dir, "hookrail-merge-gate", "merge-gate.bundle")),
      /could not start \(the bundle .*merge-gate\.bundle is missing or unreadable\)/,
    ],
  ])("blocks when %s", async (_what, breakIt, why) => {
    const repo = gitRepo();
    const on = await extension("merge-gate", breakIt);
    const answer = await on.get("tool_call")?.(event("tool_call.bash", repo.dir), context(repo.dir));
    expect(answer).toEqual({ block: true, reason: expect.stringMatching(why) });
  });

  it("loads, and blocks, when its bundle is a folder (pi stops every run when an extension throws as it loads)", async () => {
    const repo = gitRepo();
    const on = await extension("merge-gate", (dir) => {
      const bundle = join(dir, "hookrail-merge-gate", "merge-gate.cjs");
      rmSync(bundle);
      mkdirSync(bundle);
    });
    const answer = await on.get("tool_call")?.(event("tool_call.bash", repo.dir), context(repo.dir));
    expect(answer).toEqual({ block: true, reason: expect.stringMatching(/merge-gate\.cjs is not a file/) });
  });
});

describe("the advisory guardrails' Pi extensions", () => {
  it("worktree-check: its note is a message after the session's first prompt, once", async () => {
    const repo = gitRepo();
    const on = await extension("worktree-check");
    await on.get("session_start")?.(event("session_start", repo.dir), context(repo.dir));
    const first = await on.get("before_agent_start")?.(event("before_agent_start", repo.dir), context(repo.dir));
    expect(first).toEqual({
      message: {
        customType: "hookrail-worktree-check",
        content: expect.stringMatching(/you can work in this directory|open a separate worktree first/),
        display: false,
      },
    });
    expect(
      await on.get("before_agent_start")?.(event("before_agent_start", repo.dir), context(repo.dir)),
    ).toBeUndefined();
  });

  it("branch-drift: the note is added to the tool's result when the branch moved under the session", async () => {
    const repo = gitRepo();
    const on = await extension("branch-drift");
    await on.get("tool_call")?.(event("tool_call.edit", repo.dir), context(repo.dir));
    repo.git("checkout", "-q", "-b", "elsewhere");
    const result = (await on.get("tool_result")?.(event("tool_result.edit", repo.dir), context(repo.dir))) as {
      content: { type: string; text: string }[];
    };
    expect(result.content[0]?.text).toBe("Successfully replaced 1 block(s) in README.md.");
    expect(result.content[1]?.text).toMatch(/^drift: this checkout MOVED since the session was last told what it is/);
  });

  it("branch-drift: a codemode script's nested call keeps its structuredContent (what the script reads)", async () => {
    const repo = gitRepo();
    const on = await extension("branch-drift");
    await on.get("tool_call")?.(event("1.6/tool_call.bash.nested", repo.dir), context(repo.dir));
    repo.git("checkout", "-q", "-b", "elsewhere");
    const result = event("1.6/tool_result.bash.nested", repo.dir);
    const answer = (await on.get("tool_result")?.(result, context(repo.dir))) as {
      content: { type: string; text: string }[];
      structuredContent: unknown;
    };
    expect(answer.content[1]?.text).toMatch(/^branch-drift: you moved to branch elsewhere/);
    expect(answer.structuredContent).toEqual(result?.structuredContent);
    expect(answer.structuredContent).toMatchObject({ output: "fake-gh: gh pr view 12 (ok)\n", exit_code: 0 });
  });

  it("says nothing, and never blocks, when its bundle is gone", async () => {
    const repo = gitRepo();
    const on = await extension("branch-drift", (dir) => rmSync(join(dir, "hookrail-branch-drift", "branch-drift.cjs")));
    expect(await on.get("tool_call")?.(event("tool_call.edit", repo.dir), context(repo.dir))).toBeUndefined();
    expect(await on.get("tool_result")?.(event("tool_result.edit", repo.dir), context(repo.dir))).toBeUndefined();
  });
});
