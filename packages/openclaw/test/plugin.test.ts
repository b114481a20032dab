// The shipped OpenClaw plugins, loaded as OpenClaw loads them (the default export's register(api)), their handlers
// called with the captured hook arguments against the real bundles in a real repository.
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { bridgeFixture, gitRepo, loadPlugin, tempDir } from "@hookrail/test-utils";
import { beforeEach, describe, expect, it, onTestFinished, vi } from "vitest";

type Handler = (event: unknown, ctx: unknown) => Promise<unknown>;
interface Entry {
  id: string;
  register(api: unknown): void;
}

/** The handlers a plugin registers, from a copy of its shipped folder, in the Gateway (`full`) or only listed. */
async function plugin(guardrail: string, workspace: string, mode = "full", breakIt?: (dir: string) => void) {
  const { dir, module } = await loadPlugin(guardrail, "openclaw", breakIt);
  const entry = module.default as Entry;
  const handlers = new Map<string, Handler>();
  const config = { agents: { defaults: { workspace } } };
  const api = {
    registrationMode: mode,
    config,
    runtime: { agent: { resolveAgentWorkspaceDir: (c: typeof config) => c.agents.defaults.workspace } },
    on: (hook: string, handler: Handler) => handlers.set(hook, handler),
  };
  entry.register(api);
  // The Gateway's stop ends the plugin's worker.
  onTestFinished(async () => {
    await handlers.get("gateway_stop")?.({}, {});
  });
  return { entry, handlers, dir };
}

const call = (name: string, repo: string, params?: Record<string, unknown>) => {
  const { event, ctx } = bridgeFixture("openclaw", name, { cwd: repo });
  return [params ? { ...event, params: { ...(event?.params as object), ...params } } : event, ctx] as const;
};

beforeEach(() => {
  const dir = tempDir("openclaw-plugin-home-");
  vi.stubEnv("HOOKRAIL_STATE_DIR", join(dir, "state"));
  vi.stubEnv("HOOKRAIL_CONFIG", join(dir, "config.json"));
  vi.stubEnv("HOOKRAIL_DEBUG_LOG", "");
});

describe("merge-gate's OpenClaw plugin", () => {
  it("answers {block, blockReason} for `gh pr merge 12`, nothing for `gh pr view 12`", async () => {
    const repo = gitRepo();
    const { handlers } = await plugin("merge-gate", repo.dir);
    const before = handlers.get("before_tool_call");
    const blocked = await before?.(...call("before_tool_call.exec", repo.dir, { command: "gh pr merge 12" }));
    expect(blocked).toEqual({ block: true, blockReason: expect.stringContaining("MERGE_APPROVED=1") });
    expect(await before?.(...call("before_tool_call.exec", repo.dir))).toBeUndefined();
  });

  it("judges a call Tool Search's tool_call makes, and lets tool_call itself through", async () => {
    const repo = gitRepo();
    const { handlers } = await plugin("merge-gate", repo.dir);
    const before = handlers.get("before_tool_call");
    expect(await before?.(...call("before_tool_call.exec.nested.blocked", repo.dir))).toMatchObject({ block: true });
    expect(await before?.(...call("before_tool_call.tool_call", repo.dir))).toBeUndefined();
  });

  it("guards OpenClaw's own plugin folder: a write there is blocked", async () => {
    const repo = gitRepo();
    const home = tempDir("openclaw-home-");
    vi.stubEnv("HOME", home);
    const { handlers } = await plugin("merge-gate", repo.dir);
    const path = join(home, ".openclaw", "extensions", "hookrail-merge-gate", "index.js");
    const answer = await handlers.get("before_tool_call")?.(...call("before_tool_call.write", repo.dir, { path }));
    expect(answer).toEqual({ block: true, blockReason: expect.stringContaining("OpenClaw's plugins") });
  });

  it("blocks when its bundle is missing", async () => {
    const repo = gitRepo();
    const { handlers } = await plugin("merge-gate", repo.dir, "full", (dir) =>
      rmSync(join(dir, "hookrail-merge-gate", "merge-gate.cjs")),
    );
    const answer = await handlers.get("before_tool_call")?.(...call("before_tool_call.exec", repo.dir));
    expect(answer).toEqual({ block: true, blockReason: expect.stringMatching(/is missing/) });
  });

  it("registers only the hooks the gate needs, under the id its manifest gives", async () => {
    const repo = gitRepo();
    const { entry, handlers, dir } = await plugin("merge-gate", repo.dir, "discovery");
    expect([...handlers.keys()].sort()).toEqual(["before_tool_call", "gateway_stop"]);
    const manifest = JSON.parse(readFileSync(join(dir, "hookrail-merge-gate", "openclaw.plugin.json"), "utf8"));
    const pkg = JSON.parse(readFileSync(join(dir, "hookrail-merge-gate", "package.json"), "utf8"));
    expect(manifest.id).toBe(entry.id);
    expect(pkg).toMatchObject({ type: "module", openclaw: { extensions: ["./index.js"] } });
  });
});

describe("command-gates' OpenClaw plugin", () => {
  it("blocks a configured command without its marker", async () => {
    const repo = gitRepo();
    const gates = [{ name: "publish", commands: ["npm publish"], marker: "PUBLISH_APPROVED" }];
    writeFileSync(process.env.HOOKRAIL_CONFIG ?? "", JSON.stringify({ "command-gates": gates }));
    const { handlers } = await plugin("command-gates", repo.dir);
    const before = handlers.get("before_tool_call");
    const blocked = await before?.(...call("before_tool_call.exec", repo.dir, { command: "npm publish" }));
    expect(blocked).toEqual({ block: true, blockReason: expect.stringContaining("PUBLISH_APPROVED") });
  });
});
