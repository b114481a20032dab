// The shipped worktree-check bundles, run as each CLI runs them.
import { chownSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { bundlePath, gitRepo, gitShim, hookEnv, hookPayload, runBundle, tempDir } from "@hookrail/test-utils";
import { execaSync } from "execa";
import { describe, expect, it } from "vitest";

describe.each(["claude", "gemini", "codex", "qwen", "droid"] as const)("worktree-check bundle for %s", (cli) => {
  it("answers SessionStart with the checkout and a verdict, and SessionEnd with nothing", async () => {
    const repo = gitRepo();
    const { HOOKRAIL_STATE_DIR, HOOKRAIL_CONFIG } = hookEnv();
    const file = bundlePath("worktree-check", cli);
    const run = (fixture: string) =>
      runBundle(file, JSON.stringify(hookPayload(cli, fixture, { cwd: repo.dir, sessionId: "s" })), {
        env: { HOOKRAIL_STATE_DIR, HOOKRAIL_CONFIG },
      });
    const startAnswer = await run("SessionStart.json");
    expect(startAnswer.exitCode).toBe(0);
    expect(startAnswer.json).toMatchObject({
      hookSpecificOutput: {
        hookEventName: "SessionStart",
        additionalContext: expect.stringMatching(/\nopen a separate worktree first: /),
      },
      systemMessage: expect.stringMatching(/^worktree-check: main in /),
    });
    expect(await run("SessionEnd.json")).toMatchObject({ exitCode: 0, stdout: "" });
  });

  it("never fails the CLI on broken input", async () => {
    // Its own state folder: the failure goes to the audit log, which must not be the user's.
    const result = await runBundle(bundlePath("worktree-check", cli), "not json", { env: hookEnv() });
    expect([result.exitCode, result.stdout]).toEqual([0, ""]);
  });
});

describe("worktree-check bundle in odd repositories", () => {
  const context = async (cwd: string, env: Record<string, string> = {}) => {
    const { HOOKRAIL_STATE_DIR, HOOKRAIL_CONFIG } = hookEnv();
    const payload = JSON.stringify(hookPayload("claude", "SessionStart.json", { cwd, sessionId: "s" }));
    const answer = await runBundle(bundlePath("worktree-check", "claude"), payload, {
      env: { HOOKRAIL_STATE_DIR, HOOKRAIL_CONFIG, GIT_CONFIG_GLOBAL: "/dev/null", GIT_CONFIG_NOSYSTEM: "1", ...env },
    });
    expect(answer.exitCode).toBe(0);
    return (answer.json?.hookSpecificOutput as { additionalContext?: string } | undefined)?.additionalContext ?? "";
  };

  it("a dirty submodule: the worktree goes next to the superproject; this one is marked", async () => {
    const lib = gitRepo();
    const app = gitRepo();
    app.git("-c", "protocol.file.allow=always", "submodule", "add", "-q", lib.dir, "lib");
    writeFileSync(join(app.dir, "lib", "dirty.txt"), "x");
    const text = await context(join(app.dir, "lib"));
    expect(text).toContain(`  - ${join(app.dir, "lib")} [main] <- this one`);
    expect(text).toContain(`git worktree add ../../${basename(app.dir)}-lib-<topic> -b <topic>`);
  });

  it("an orphan branch of a repository with history", async () => {
    const repo = gitRepo({ commits: 2 });
    repo.git("switch", "-q", "--orphan", "pages");
    expect(await context(repo.dir)).toContain("- HEAD: no commits yet on pages (an orphan branch;");
  });

  it.runIf(process.geteuid?.() === 0)("a repository of another user: git's refusal and safe.directory", async () => {
    const repo = gitRepo();
    for (const path of execaSync("find", [repo.dir]).stdout.split("\n")) chownSync(path, 4242, 4242);
    const text = await context(repo.dir);
    expect(text).toContain('"detected dubious ownership"');
    expect(text).toContain(`git config --global --add safe.directory ${repo.dir}`);
  });
});

// In a large repository `git status` is nearly all of the hook's time, so in the common case nothing else may
// run beside it: the rest is read from .git's files, with one `git worktree list` when linked worktrees are
// registered. Elsewhere git is asked.
describe("worktree-check bundle: the git it runs", () => {
  const gitCalls = async (cwd: string) => {
    const shim = gitShim();
    const { HOOKRAIL_STATE_DIR, HOOKRAIL_CONFIG } = hookEnv();
    const payload = JSON.stringify(hookPayload("claude", "SessionStart.json", { cwd, sessionId: "s" }));
    const answer = await runBundle(bundlePath("worktree-check", "claude"), payload, {
      env: { HOOKRAIL_STATE_DIR, HOOKRAIL_CONFIG, PATH: shim.path, GIT_CONFIG_GLOBAL: "/dev/null" },
    });
    expect(answer.exitCode).toBe(0);
    return shim.calls().map((argv) => argv[0]);
  };

  it("a clone with no linked worktree: git status alone", async () => {
    const origin = gitRepo();
    const clone = join(tempDir(), "clone");
    execaSync("git", ["clone", "-q", origin.dir, clone]);
    expect(await gitCalls(clone)).toEqual(["status"]);
  });

  it("a main or linked worktree, with a remote: git status and git worktree list, nothing else", async () => {
    const origin = gitRepo();
    const clone = join(tempDir(), "clone");
    execaSync("git", ["clone", "-q", origin.dir, clone]);
    const linked = join(tempDir(), "wt");
    execaSync("git", ["-C", clone, "worktree", "add", "-q", "-b", "topic", linked]);
    for (const cwd of [clone, linked]) expect((await gitCalls(cwd)).sort()).toEqual(["status", "worktree"]);
  });

  it("a repository inside another one's work tree: git is asked where it is", async () => {
    const outer = gitRepo();
    const inner = join(outer.dir, "inner");
    mkdirSync(inner);
    gitRepo({ dir: inner });
    expect(await gitCalls(inner)).toContain("rev-parse");
  });
});

describe("worktree-check bundle's git", () => {
  it("runs inline in the hook's own process: Node's child_process is never loaded", async () => {
    const repo = gitRepo();
    writeFileSync(join(repo.dir, "new.txt"), "x");
    const dir = tempDir("hookrail-loads-");
    // At exit, the built-in modules the process loaded (node --require runs this before the bundle).
    const preload = join(dir, "loads.cjs");
    const loads = join(dir, "loads.json");
    writeFileSync(
      preload,
      `process.on("exit", () => require("node:fs").writeFileSync(${JSON.stringify(loads)}, JSON.stringify(process.moduleLoadList)));\n`,
    );
    const { HOOKRAIL_STATE_DIR, HOOKRAIL_CONFIG } = hookEnv();
    const payload = JSON.stringify(hookPayload("claude", "SessionStart.json", { cwd: repo.dir, sessionId: "s" }));
    const answer = await runBundle(bundlePath("worktree-check", "claude"), payload, {
      env: { HOOKRAIL_STATE_DIR, HOOKRAIL_CONFIG },
      nodeArgs: ["--require", preload],
    });
    // git answered: the untracked file is counted.
    expect(JSON.stringify(answer.json)).toContain("uncommitted files: 0 staged, 0 unstaged, 1 untracked");
    const loaded = JSON.parse(readFileSync(loads, "utf8")) as string[];
    expect(loaded).toContain("Internal Binding spawn_sync");
    expect(loaded).not.toContain("NativeModule child_process");
  });
});
