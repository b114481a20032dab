// The shipped Amp plugins, loaded as Amp loads them (a default export called with Amp's plugin API), their handlers
// called with Amp's events against the real bundles in a real repository.
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { bridgeFixture, gitRepo, loadPlugin, tempDir } from "@hookrail/test-utils";
import { beforeEach, describe, expect, it, onTestFinished, vi } from "vitest";

type Handler = (event: unknown, ctx: unknown) => Promise<unknown>;

/** The handlers a plugin registers for a workspace, from a copy of its shipped folder (`breakIt` may damage it). */
async function plugin(guardrail: string, workspace: string, breakIt?: (dir: string) => void) {
  const { module } = await loadPlugin(guardrail, "amp", breakIt);
  const handlers = new Map<string, Handler>();
  const disposers: (() => void)[] = [];
  (module.default as (amp: unknown) => void)({
    on: (event: string, handler: Handler) => handlers.set(event, handler),
    onDispose: (callback: () => void) => disposers.push(callback),
    system: { workspaceRoot: { toString: () => pathToFileURL(workspace).href } },
  });
  // Amp disposes of a plugin as it quits, which stops the plugin's worker.
  onTestFinished(() => {
    for (const dispose of disposers) dispose();
  });
  return handlers;
}

const event = (name: string, cwd: string, input?: Record<string, unknown>) => {
  const e = bridgeFixture("amp", name, { cwd });
  return input ? { ...e, input: { ...(e.input as object), ...input } } : e;
};

beforeEach(() => {
  const dir = tempDir("amp-plugin-home-");
  vi.stubEnv("HOOKRAIL_STATE_DIR", join(dir, "state"));
  vi.stubEnv("HOOKRAIL_CONFIG", join(dir, "config.json"));
  vi.stubEnv("HOOKRAIL_DEBUG_LOG", "");
});

describe("merge-gate's Amp plugin", () => {
  it("rejects `gh pr merge 12` with the reason, allows `gh pr view 12`", async () => {
    const repo = gitRepo();
    const on = await plugin("merge-gate", repo.dir);
    const call = on.get("tool.call");
    expect(await call?.(event("tool.call.Bash", repo.dir), {})).toEqual({
      action: "reject-and-continue",
      message: expect.stringContaining("MERGE_APPROVED=1"),
    });
    expect(await call?.(event("tool.call.Bash", repo.dir, { cmd: "gh pr view 12" }), {})).toEqual({ action: "allow" });
    expect(await call?.(event("tool.call.shell_command", repo.dir), {})).toEqual({ action: "allow" });
  });

  it("judges an MCP tool's merge, and lets a read through without asking its bundle", async () => {
    const repo = gitRepo();
    const on = await plugin("merge-gate", repo.dir);
    const call = on.get("tool.call");
    expect(await call?.(event("tool.call.mcp", repo.dir), {})).toMatchObject({ action: "reject-and-continue" });
    expect(await call?.(event("tool.call.Read", repo.dir), {})).toEqual({ action: "allow" });
  });

  it("protects Amp's plugin folders from an edit", async () => {
    const repo = gitRepo();
    const on = await plugin("merge-gate", repo.dir);
    const path = join(repo.dir, ".amp", "plugins", "hookrail-merge-gate", "index.js");
    const answer = await on.get("tool.call")?.(event("tool.call.create_file", repo.dir, { path }), {});
    expect(answer).toMatchObject({ action: "reject-and-continue", message: expect.stringContaining("Amp") });
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
  ])("rejects when %s", async (_what, breakIt, why) => {
    const repo = gitRepo();
    const on = await plugin("merge-gate", repo.dir, breakIt);
    const answer = await on.get("tool.call")?.(event("tool.call.Bash", repo.dir), {});
    expect(answer).toEqual({ action: "reject-and-continue", message: expect.stringMatching(why) });
  });
});

describe("the advisory guardrails' Amp plugins", () => {
  it("worktree-check: its note is a hidden message after the thread's first prompt, once", async () => {
    const repo = gitRepo();
    const on = await plugin("worktree-check", repo.dir);
    await on.get("session.start")?.(event("session.start", repo.dir), {});
    const first = await on.get("agent.start")?.(event("agent.start", repo.dir), {});
    expect(first).toEqual({
      message: {
        content: expect.stringMatching(/you can work in this directory|open a separate worktree first/),
        display: false,
      },
    });
    expect(await on.get("agent.start")?.(event("agent.start", repo.dir), {})).toEqual({});
  });

  it("branch-drift: the note is added to the tool's result when the branch moved under the thread", async () => {
    const repo = gitRepo();
    const on = await plugin("branch-drift", repo.dir);
    await on.get("tool.call")?.(event("tool.call.edit_file", repo.dir), {});
    repo.git("checkout", "-q", "-b", "elsewhere");
    const result = (await on.get("tool.result")?.(event("tool.result.edit_file", repo.dir), {})) as {
      status: string;
      output: { diff: string; hookrail: string };
    };
    expect(result.status).toBe("done");
    expect(result.output.diff).toContain("A line more.");
    expect(result.output.hookrail).toMatch(/^drift: this checkout MOVED since the session was last told what it is/);
  });

  it("says nothing, and never rejects, when its bundle is gone", async () => {
    const repo = gitRepo();
    const on = await plugin("branch-drift", repo.dir, (dir) =>
      rmSync(join(dir, "hookrail-branch-drift", "branch-drift.cjs")),
    );
    expect(await on.get("tool.call")?.(event("tool.call.edit_file", repo.dir), {})).toEqual({ action: "allow" });
    expect(await on.get("tool.result")?.(event("tool.result.edit_file", repo.dir), {})).toBeUndefined();
  });

  it("loads without a workspace root (Amp started outside a folder), in the process's folder", async () => {
    const { module } = await loadPlugin("worktree-check", "amp");
    const events: string[] = [];
    (module.default as (amp: unknown) => void)({ on: (name: string) => events.push(name), system: {} });
    expect(events).toEqual(["session.start", "agent.start"]);
  });
});
