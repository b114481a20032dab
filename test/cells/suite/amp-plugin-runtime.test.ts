// hookrail's Amp plugins in Amp's own plugin runtime. No Amp turn runs offline (its agent runs in Amp's service, so
// Amp's cells elsewhere are skipped), but a plugin is a process of its own: installed with the packed `hookrail
// install --cli amp`, each plugin is started as Amp starts it and handed Amp's events through the runtime's stdio
// protocol (src/runner/amp-runtime.ts). What Amp's host does with the answers is read in its binary, not run here
// (docs/cli-differences.md#amp).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it, onTestFinished } from "vitest";
import { cliInfo, cliInstalled } from "../../src/clis.ts";
import { type AmpPluginHost, copyAmpRuntime, startAmpPlugin } from "../../src/runner/amp-runtime.ts";

const installed = cliInstalled("amp");
const thread = { id: "T-019a1f5e-7c3d-7b21-9e4f-2a6b8c0d1e3f" };

describe.skipIf(!installed)(`hookrail's plugins in Amp ${cliInfo("amp").version}'s plugin runtime`, () => {
  let root = "";
  let project = "";
  let runtime = "";
  let env: NodeJS.ProcessEnv = {};

  beforeAll(() => {
    root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "hookrail-real-amp-runtime-")));
    project = path.join(root, "project");
    fs.mkdirSync(project, { recursive: true });
    fs.mkdirSync(path.join(root, "tmp"));
    env = {
      PATH: process.env.PATH,
      HOME: path.join(root, "home"),
      XDG_CONFIG_HOME: path.join(root, "xdg", "config"),
      XDG_DATA_HOME: path.join(root, "xdg", "data"),
      XDG_CACHE_HOME: path.join(root, "xdg", "cache"),
      XDG_STATE_HOME: path.join(root, "xdg", "state"),
      // Amp's runtime writes its script, Bun's native module and a log here.
      TMPDIR: path.join(root, "tmp"),
      AMP_SKIP_UPDATE_CHECK: "1",
      GIT_CONFIG_NOSYSTEM: "1",
    };
    const git = (...args: string[]) => execFileSync("git", args, { cwd: project, env, stdio: "pipe" });
    git("init", "-q", "-b", "main");
    git("-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "--allow-empty", "-m", "init");
    runtime = copyAmpRuntime(cliInfo("amp").bin, project, root, env);
    for (const guardrail of ["merge-gate", "worktree-check"])
      execFileSync(inject("hookrailBin"), ["install", guardrail, "--cli", "amp", "--scope", "project"], {
        cwd: project,
        env,
        stdio: "pipe",
      });
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  const start = async (guardrail: string): Promise<AmpPluginHost> => {
    const plugin = path.join(project, ".amp", "plugins", `hookrail-${guardrail}`, "index.js");
    const host = await startAmpPlugin(cliInfo("amp").bin, runtime, plugin, project, env);
    onTestFinished(() => host.close());
    return host;
  };

  it("merge-gate: rejects `gh pr merge 12` with its reason, allows `gh pr view 12`, rejects a write to .amp/plugins", async () => {
    const host = await start("merge-gate");
    expect((await host.request("events.list", {})).result).toEqual(["tool.call", "agent.start"]);
    const call = (tool: string, input: Record<string, unknown>) =>
      host.request("tool.call", { toolUseID: "toolu_1", tool, input, thread });
    expect((await call("Bash", { cmd: "gh pr merge 12", cwd: project })).result).toEqual({
      action: "reject-and-continue",
      message: expect.stringContaining("MERGE_APPROVED=1 gh pr merge 12"),
    });
    expect((await call("Bash", { cmd: "gh pr view 12", cwd: project })).result).toEqual({ action: "allow" });
    expect((await call("Read", { path: path.join(project, "README.md") })).result).toEqual({ action: "allow" });
    const write = await call("create_file", { path: path.join(project, ".amp", "plugins", "x.ts"), content: "" });
    expect(write.result).toEqual({
      action: "reject-and-continue",
      message: expect.stringContaining("the project's Amp plugins"),
    });
  });

  it("worktree-check: the session.start check reaches the thread's first agent.start as a hidden message, once", async () => {
    const host = await start("worktree-check");
    await host.request("event", { event: "session.start", data: { thread } });
    const first = await host.request("agent.start", { thread, message: "merge PR 12", id: 0 });
    expect(first.result).toEqual({
      message: {
        content: expect.stringContaining("worktree-check: the checkout this session works in"),
        display: false,
      },
    });
    expect((await host.request("agent.start", { thread, message: "again", id: 1 })).result).toEqual({});
    expect(host.asked).toContainEqual({
      method: "ui.notify",
      params: { message: expect.stringMatching(/^worktree-check: main in /) },
    });
  });
});
