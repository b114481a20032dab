// The shipped OpenCode plugins, loaded as OpenCode 1 loads them (the default export's server(), called with OpenCode's context), their
// hooks called with the captured arguments against the real bundles in a real repository. Kilo Code CLI has the
// same plugin API and the same plugin code (core's opencode-plugin.ts), so its shipped plugins are run here too.
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type BridgeCli, bridgeFixture, gitRepo, loadPlugin, tempDir } from "@hookrail/test-utils";
import { beforeEach, describe, expect, it, onTestFinished, vi } from "vitest";

type Hooks = Record<string, (input: unknown, output?: unknown) => Promise<void>>;

/** The plugin's hooks for a session in `repo`, from a copy of its shipped folder (`breakIt` may damage the copy). */
async function pluginHooks(cli: BridgeCli, guardrail: string, repo: string, breakIt?: (dir: string) => void) {
  const { module } = await loadPlugin(guardrail, cli, breakIt);
  // OpenCode >= 1.18.29 and Kilo read the default export's server() and nothing else when it has one.
  expect(Object.keys(module), "the module's only export is the plugin").toEqual(["default"]);
  const server = (module.default as { server: (ctx: unknown) => Promise<Hooks> }).server;
  const ctx = bridgeFixture(cli, "plugin-init", { cwd: repo }).ctx;
  const hooks = await server(ctx);
  // The CLI disposes of the instance when its run ends, which stops the plugin's worker.
  onTestFinished(() => hooks.event?.({ event: { type: "server.instance.disposed", properties: { directory: repo } } }));
  return hooks;
}

/** A captured call with its command or file replaced. */
function toolCall(cli: BridgeCli, repo: string, name: string, args: Record<string, unknown>) {
  const { input, output } = bridgeFixture(cli, name, { cwd: repo });
  return { input, output: { ...output, args: { ...(output?.args as object), ...args } } };
}

beforeEach(() => {
  const dir = tempDir("opencode-plugin-home-");
  vi.stubEnv("HOOKRAIL_STATE_DIR", join(dir, "state"));
  vi.stubEnv("HOOKRAIL_CONFIG", join(dir, "config.json"));
  vi.stubEnv("HOOKRAIL_DEBUG_LOG", "");
});

describe.each<BridgeCli>(["opencode", "kilo"])("merge-gate's %s plugin", (cli) => {
  it("throws the gate's reason for `gh pr merge 12`: the call does not run", async () => {
    const repo = gitRepo();
    const hooks = await pluginHooks(cli, "merge-gate", repo.dir);
    const call = toolCall(cli, repo.dir, "tool.execute.before.bash", { command: "gh pr merge 12" });
    await expect(hooks["tool.execute.before"]?.(call.input, call.output)).rejects.toThrow(/MERGE_APPROVED=1/);
  });

  it("lets `gh pr view 12`, a read and the marker-approved merge run", async () => {
    const repo = gitRepo();
    const hooks = await pluginHooks(cli, "merge-gate", repo.dir);
    for (const command of ["gh pr view 12", "MERGE_APPROVED=1 gh pr merge 12"]) {
      const call = toolCall(cli, repo.dir, "tool.execute.before.bash", { command });
      await expect(hooks["tool.execute.before"]?.(call.input, call.output)).resolves.toBeUndefined();
    }
    const read = bridgeFixture(cli, "tool.execute.before.read", { cwd: repo.dir });
    await expect(hooks["tool.execute.before"]?.(read.input, read.output)).resolves.toBeUndefined();
  });

  it.each([
    [
      "its bundle is missing",
      (dir: string) => rmSync(join(dir, "hookrail-merge-gate"), { recursive: true }),
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
    [
      "its bundle crashes",
      (dir: string) =>
        writeFileSync(join(dir, "hookrail-merge-gate", "merge-gate.cjs"), 'process.kill(process.pid, "SIGSEGV");\n'),
      /ended \(SIGSEGV\)/,
    ],
  ])("blocks every watched call when %s", async (_what, breakIt, why) => {
    const repo = gitRepo();
    const hooks = await pluginHooks(cli, "merge-gate", repo.dir, breakIt);
    const call = toolCall(cli, repo.dir, "tool.execute.before.bash", { command: "gh pr view 12" });
    await expect(hooks["tool.execute.before"]?.(call.input, call.output)).rejects.toThrow(why);
  });

  it("never throws from chat.message, which would end OpenCode's run, even when its bundle is gone", async () => {
    const repo = gitRepo();
    const hooks = await pluginHooks(cli, "merge-gate", repo.dir, (dir) =>
      rmSync(join(dir, "hookrail-merge-gate"), { recursive: true }),
    );
    const { input, output } = bridgeFixture(cli, "chat.message", { cwd: repo.dir });
    await expect(hooks["chat.message"]?.(input, output)).resolves.toBeUndefined();
  });
});

describe.each<BridgeCli>(["opencode", "kilo"])("the advisory guardrails' %s plugins", (cli) => {
  it("worktree-check puts its note in every model request's system messages, and says nothing when broken", async () => {
    const repo = gitRepo();
    const hooks = await pluginHooks(cli, "worktree-check", repo.dir);
    const { input } = bridgeFixture(cli, "experimental.chat.system.transform", { cwd: repo.dir });
    for (let request = 0; request < 2; request++) {
      const output = { system: ["the CLI's own system prompt"] };
      await hooks["experimental.chat.system.transform"]?.(input, output);
      expect(output.system).toHaveLength(2);
      expect(output.system[1]).toMatch(/you can work in this directory|open a separate worktree first/);
    }
    const broken = await pluginHooks(cli, "worktree-check", repo.dir, (dir) =>
      rmSync(join(dir, "hookrail-worktree-check", "worktree-check.cjs")),
    );
    const output = { system: ["own"] };
    await expect(broken["experimental.chat.system.transform"]?.(input, output)).resolves.toBeUndefined();
    expect(output.system).toEqual(["own"]);
  });

  it("branch-drift tells the model in the tool's result when the branch moved under the session", async () => {
    const repo = gitRepo();
    const hooks = await pluginHooks(cli, "branch-drift", repo.dir);
    const edit = toolCall(cli, repo.dir, "tool.execute.before.edit", { filePath: join(repo.dir, "README.md") });
    await hooks["tool.execute.before"]?.(edit.input, edit.output);
    repo.git("checkout", "-q", "-b", "elsewhere");
    const after = bridgeFixture(cli, "tool.execute.after.edit", { cwd: repo.dir });
    const input = { ...after.input, args: { filePath: join(repo.dir, "README.md"), oldString: "a", newString: "b" } };
    const output = { ...after.output, output: "Edit applied successfully." };
    await hooks["tool.execute.after"]?.(input, output);
    expect(output.output).toMatch(
      /^Edit applied successfully\.\n\ndrift: this checkout MOVED since the session was last told what it is/,
    );
  });
});
