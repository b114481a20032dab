// The shipped OpenCode plugins driven as OpenCode 2 drives a plugin, by its documentation ("Migrate plugins from
// V1", the @opencode/plugin package): the default export's setup(ctx) registers its hooks through the context, and
// a throw from the tool hook "execute.before" refuses the call. No OpenCode 2 binary is served here, so the context
// is a stand-in offering the documented registrations, and the hooks run against the real bundles in a real
// repository.
import { join } from "node:path";
import { gitRepo, loadPlugin, tempDir } from "@hookrail/test-utils";
import { beforeEach, describe, expect, it, onTestFinished, vi } from "vitest";

type Handler = (event: Record<string, unknown>) => Promise<void> | void;

/** An OpenCode 2 context for a session in `directory`: what setup registers lands in `hooks` ("tool.execute.before"...). */
function v2Context(directory: string) {
  const hooks = new Map<string, Handler>();
  const disposed: string[] = [];
  const register = (domain: string) => async (name: string, fn: Handler) => {
    hooks.set(`${domain}.${name}`, fn);
    return { dispose: async () => void disposed.push(`${domain}.${name}`) };
  };
  const ctx = {
    location: { directory },
    tool: { hook: register("tool") },
    session: { hook: register("session") },
    event: {
      subscribe: () => ({
        async *[Symbol.asyncIterator]() {
          yield { type: "session.created", data: { sessionID: "ses_v2" } };
        },
      }),
    },
  };
  return { ctx, hooks, disposed };
}

/** The plugin's setup run against a V2 context; its cleanup (which stops the worker) runs when the test ends. */
async function setUp(guardrail: string, repo: string) {
  const { module } = await loadPlugin(guardrail, "opencode");
  const plugin = module.default as { id: string; setup: (ctx: unknown) => Promise<() => Promise<void>> };
  const v2 = v2Context(repo);
  const cleanup = await plugin.setup(v2.ctx);
  onTestFinished(() => cleanup());
  return { plugin, ...v2 };
}

/** A V2 tool call event (execute.before), as the documented ToolHooks type has it. */
const call = (tool: string, input: Record<string, unknown>) => ({
  tool,
  sessionID: "ses_v2",
  agent: "build",
  messageID: "msg_1",
  id: "call_1",
  input,
});

beforeEach(() => {
  const dir = tempDir("opencode-v2-home-");
  vi.stubEnv("HOOKRAIL_STATE_DIR", join(dir, "state"));
  vi.stubEnv("HOOKRAIL_CONFIG", join(dir, "config.json"));
  vi.stubEnv("HOOKRAIL_DEBUG_LOG", "");
});

describe("merge-gate's OpenCode plugin under OpenCode 2's setup(ctx)", () => {
  it("names itself and registers the tool hook", async () => {
    const repo = gitRepo();
    const { plugin, hooks } = await setUp("merge-gate", repo.dir);
    expect(plugin.id).toBe("hookrail-merge-gate");
    expect([...hooks.keys()]).toContain("tool.execute.before");
  });

  it("refuses `gh pr merge 12` run through V2's shell tool, with the gate's reason", async () => {
    const repo = gitRepo();
    const { hooks } = await setUp("merge-gate", repo.dir);
    const before = hooks.get("tool.execute.before");
    await expect(before?.(call("shell", { command: "gh pr merge 12" }))).rejects.toThrow(/MERGE_APPROVED=1/);
  });

  it("allows an honest call: `gh pr view 12`, a file write and the marker-approved merge", async () => {
    const repo = gitRepo();
    const { hooks } = await setUp("merge-gate", repo.dir);
    const before = hooks.get("tool.execute.before");
    for (const command of ["gh pr view 12", "MERGE_APPROVED=1 gh pr merge 12"])
      await expect(before?.(call("shell", { command }))).resolves.toBeUndefined();
    await expect(before?.(call("write", { path: "notes.md", content: "gh pr merge 12" }))).resolves.toBeUndefined();
  });

  it("disposes of its registrations when OpenCode unloads it", async () => {
    const repo = gitRepo();
    const { module } = await loadPlugin("merge-gate", "opencode");
    const plugin = module.default as { setup: (ctx: unknown) => Promise<() => Promise<void>> };
    const v2 = v2Context(repo.dir);
    const cleanup = await plugin.setup(v2.ctx);
    await cleanup();
    expect(v2.disposed).toEqual([...v2.hooks.keys()]);
  });

  it("fails its load, rather than run unguarded, when the context offers no tool hook", async () => {
    const repo = gitRepo();
    const { module } = await loadPlugin("merge-gate", "opencode");
    const plugin = module.default as { setup: (ctx: unknown) => Promise<unknown> };
    const { ctx } = v2Context(repo.dir);
    await expect(plugin.setup({ ...ctx, tool: {} })).rejects.toThrow(/no tool.hook/);
  });
});

describe("the advisory guardrails' OpenCode plugins under OpenCode 2", () => {
  it("worktree-check puts its note into the request's system parts (session hook `context`)", async () => {
    const repo = gitRepo();
    const { hooks } = await setUp("worktree-check", repo.dir);
    const event = { sessionID: "ses_v2", system: [{ type: "text", text: "the CLI's own" }] };
    await hooks.get("session.context")?.(event);
    expect(event.system).toHaveLength(2);
    expect(event.system[1]).toMatchObject({ type: "text", text: expect.stringMatching(/worktree|directory/) });
  });

  it("branch-drift adds its note to the tool's result content when the branch moved (execute.after)", async () => {
    const repo = gitRepo();
    const { hooks } = await setUp("branch-drift", repo.dir);
    const input = { path: "README.md", oldString: "a", newString: "b" };
    await hooks.get("tool.execute.before")?.(call("edit", input));
    repo.git("checkout", "-q", "-b", "elsewhere");
    const after = { ...call("edit", input), status: "completed", result: { content: "Edited README.md" } };
    await hooks.get("tool.execute.after")?.(after);
    expect(after.result).toMatchObject({
      content: [
        { type: "text", text: "Edited README.md" },
        { type: "text", text: expect.stringMatching(/elsewhere/) },
      ],
    });
  });
});
