// How each bridge CLI loads hookrail's shipped plugin and calls it for one shell call, as its package's plugin tests
// drive it, for the bench (bridge.ts). One driver per bridge CLI: src/bench-drivers.test.ts holds the list to the
// CLIs whose packaging has a bridge.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = fileURLToPath(new URL("../..", import.meta.url));

type Handler = (event: unknown, ctx: unknown) => Promise<unknown>;
export interface Loaded {
  call(): Promise<unknown>;
  stop(): Promise<void>;
}

/** A captured hook argument of a bridge CLI (packages/<cli>/test/fixtures), pointed at the repository. */
function captured(cli: string, name: string, repo: string): Record<string, unknown> {
  const text = fs.readFileSync(path.join(root, "packages", cli, "test", "fixtures", `${name}.json`), "utf8");
  return JSON.parse(text.split("<repo>").join(JSON.stringify(repo).slice(1, -1))) as Record<string, unknown>;
}

/**
 * How each bridge CLI loads the merge gate's shipped plugin and calls it for one shell call (its plugin API, as its
 * package's plugin tests drive it), and how it ends the plugin's worker.
 */
export const PLUGIN_DRIVERS: Record<
  string,
  (module: Record<string, unknown>, repo: string, command: string) => Promise<Loaded>
> = {
  opencode: (module, repo, command) => opencodeDriver(module, repo, command),
  kilo: (module, repo, command) => opencodeDriver(module, repo, command),
  pi: async (module, repo, command) => {
    const on = new Map<string, Handler>();
    (module.default as (pi: unknown) => void)({ on: (event: string, handler: Handler) => on.set(event, handler) });
    const { event } = captured("pi", "tool_call.bash", repo) as { event: Record<string, unknown> };
    const ctx = { cwd: repo, hasUI: false, sessionManager: { getSessionId: () => "bench" } };
    return {
      call: async () => on.get("tool_call")?.({ ...event, input: { command } }, ctx),
      stop: async () => void (await on.get("session_shutdown")?.({ type: "session_shutdown" }, undefined)),
    };
  },
  amp: async (module, repo, command) => {
    const on = new Map<string, Handler>();
    const disposers: (() => void)[] = [];
    (module.default as (amp: unknown) => void)({
      on: (event: string, handler: Handler) => on.set(event, handler),
      onDispose: (callback: () => void) => disposers.push(callback),
      system: { workspaceRoot: { toString: () => pathToFileURL(repo).href } },
    });
    const event = captured("amp", "tool.call.Bash", repo);
    return {
      call: async () => on.get("tool.call")?.({ ...event, input: { cmd: command, cwd: repo } }, {}),
      stop: async () => {
        for (const dispose of disposers) dispose();
      },
    };
  },
  openclaw: async (module, repo, command) => {
    const on = new Map<string, Handler>();
    const config = { agents: { defaults: { workspace: repo } } };
    (module.default as { register(api: unknown): void }).register({
      registrationMode: "full",
      config,
      runtime: { agent: { resolveAgentWorkspaceDir: (c: typeof config) => c.agents.defaults.workspace } },
      on: (hook: string, handler: Handler) => on.set(hook, handler),
    });
    const { event, ctx } = captured("openclaw", "before_tool_call.exec", repo) as Record<
      string,
      Record<string, unknown>
    >;
    return {
      call: async () => on.get("before_tool_call")?.({ ...event, params: { command } }, ctx),
      stop: async () => void (await on.get("gateway_stop")?.({}, {})),
    };
  },
};

async function opencodeDriver(module: Record<string, unknown>, repo: string, command: string): Promise<Loaded> {
  const plugin = module.default as { server: (ctx: unknown) => Promise<Record<string, Handler>> };
  const hooks = await plugin.server({ directory: repo });
  const input = { tool: "bash", sessionID: "bench", callID: "c" };
  return {
    call: async () => hooks["tool.execute.before"]?.(input, { args: { command, description: "Check" } }),
    stop: async () => {},
  };
}
