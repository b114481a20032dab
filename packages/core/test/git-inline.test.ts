// git run inline (a hook's own process) must answer exactly as git run through child_process does, never wait past
// the caller's timeout or the process's deadline, and load no child_process where it can run.
import { execFileSync } from "node:child_process";
import { chmodSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gitRepo, tempDir } from "@hookrail/test-utils";
import { afterEach, describe, expect, it } from "vitest";
import { BRIDGE_SERVE_FLAG } from "../src/bridge/bridge.ts";
import { gitExec } from "../src/git/_git-exec.ts";
import { runGitInline } from "../src/git/_git-inline.ts";
import { hookBundle } from "./_hook-bundle.ts";

afterEach(() => runGitInline(undefined));

const inline = async (cwd: string, args: string[], options: Parameters<typeof gitExec>[2] = {}) => {
  runGitInline(Date.now() + 5000);
  try {
    return await gitExec(cwd, args, options);
  } finally {
    runGitInline(undefined);
  }
};

/** A folder with a `git` that only sleeps (exec: no grandchild holds its pipes), for PATH. */
function slowGit(): string {
  const dir = tempDir("hookrail-slow-git-");
  const file = join(dir, "git");
  writeFileSync(file, "#!/bin/sh\nexec /bin/sleep 20\n");
  chmodSync(file, 0o755);
  return dir;
}

describe.skipIf(process.platform === "win32")("git run inline", () => {
  const repo = gitRepo({ commits: 2 });
  writeFileSync(join(repo.dir, "new file ü.txt"), "x\n");
  writeFileSync(join(repo.dir, "README.md"), "changed\n");
  const cases: [string, () => [string, string[], Parameters<typeof gitExec>[2]?]][] = [
    ["a branch name", () => [repo.dir, ["rev-parse", "--abbrev-ref", "HEAD"]]],
    ["exit code 1", () => [repo.dir, ["rev-parse", "--verify", "--quiet", "nope"]]],
    ["not a repository (128)", () => [tempDir(), ["rev-parse", "HEAD"]]],
    ["a dirty status with a non-ASCII name", () => [repo.dir, ["status", "--porcelain=v2", "--branch"]]],
    ["NUL-separated output", () => [repo.dir, ["status", "--porcelain", "-z"]]],
    ["git missing from PATH", () => [repo.dir, ["status"], { env: { ...process.env, PATH: "/nonexistent" } }]],
    ["a folder that is gone", () => [join(tempDir(), "gone"), ["status"]]],
    ["a timeout git does not reach", () => [repo.dir, ["log", "--oneline"], { timeoutMs: 10_000 }]],
  ];
  it.each(cases)("%s: the same answer as through child_process", async (_, args) => {
    const [cwd, gitArgs, options] = args();
    const usual = await gitExec(cwd, gitArgs, options);
    expect(await inline(cwd, gitArgs, options)).toEqual(usual);
  });

  it("answers what git printed, byte for byte", async () => {
    const out = await inline(repo.dir, ["status", "--porcelain", "-z"]);
    expect(out.code).toBe(0);
    expect(out.stdout).toContain("?? new file ü.txt\0");
  });

  it("stops git at the caller's timeout, and says it timed out", async () => {
    const env = { ...process.env, PATH: slowGit() };
    const started = Date.now();
    expect(await inline(repo.dir, ["status"], { env, timeoutMs: 200 })).toEqual({
      code: null,
      stdout: "",
      timedOut: true,
    });
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it("never waits past the process's deadline; that is a failure, not the caller's timeout", async () => {
    const env = { ...process.env, PATH: slowGit() };
    runGitInline(Date.now() + 300);
    const started = Date.now();
    expect(await gitExec(repo.dir, ["status"], { env, timeoutMs: 15_000 })).toEqual({ code: null, stdout: "" });
    expect(Date.now() - started).toBeLessThan(10_000);
    // Past the deadline, git is not started at all.
    runGitInline(Date.now() - 1);
    expect(await gitExec(repo.dir, ["rev-parse", "HEAD"])).toEqual({ code: null, stdout: "" });
  });
});

const src = (file: string) => fileURLToPath(new URL(`../src/${file}`, import.meta.url));

describe.skipIf(process.platform === "win32")("git inline in a hook's process", () => {
  /** A bundle, built like a hook's, that runs git once and prints the modules it loaded and git's answer. */
  async function gitOnce(dir: string): Promise<string> {
    const code = `import { gitExec } from ${JSON.stringify(src("git/_git-exec.ts"))};
import { runGitInline } from ${JSON.stringify(src("git/_git-inline.ts"))};
const before = new Set(process.moduleLoadList);
if (process.argv[2] === "inline") runGitInline(Date.now() + 5000);
gitExec(process.cwd(), ["rev-parse", "--abbrev-ref", "HEAD"]).then((answer) => {
  const loaded = process.moduleLoadList.filter((m) => !before.has(m) && m.startsWith("NativeModule "));
  process.stdout.write(JSON.stringify({ answer, loaded }));
});`;
    return hookBundle(code, dir, "git-once.cjs");
  }

  const repo = gitRepo();
  const dir = tempDir("hookrail-git-inline-");
  const run = (file: string, nodeArgs: string[], mode: string, env: NodeJS.ProcessEnv = {}) => {
    const out = execFileSync(process.execPath, [...nodeArgs, file, mode], {
      cwd: repo.dir,
      encoding: "utf8",
      env: { PATH: process.env.PATH, HOME: dir, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    return JSON.parse(out) as { answer: unknown; loaded: string[] };
  };
  const childProcess = (loaded: string[]) => loaded.includes("NativeModule child_process");

  it("runs git without loading child_process, with the same answer", async () => {
    const file = await gitOnce(dir);
    const usual = run(file, [], "usual");
    const quick = run(file, [], "inline");
    expect(usual.answer).toEqual({ code: 0, stdout: "main\n" });
    expect(quick.answer).toEqual(usual.answer);
    expect(childProcess(usual.loaded)).toBe(true);
    expect(childProcess(quick.loaded)).toBe(false);
  });

  it.each([
    ["--pending-deprecation", ["--pending-deprecation"], {}],
    ["NODE_OPTIONS", [], { NODE_OPTIONS: "--pending-deprecation" }],
    ["--pending_deprecation", ["--pending_deprecation"], {}],
    ["NODE_PENDING_DEPRECATION=1", [], { NODE_PENDING_DEPRECATION: "1" }],
  ])("under %s, runs git the usual way and prints no warning", async (_, nodeArgs, env) => {
    const file = await gitOnce(dir);
    // A deprecation warning would end the process with an error.
    const result = run(file, [...nodeArgs, "--throw-deprecation"], "inline", env);
    expect(result.answer).toEqual({ code: 0, stdout: "main\n" });
    expect(childProcess(result.loaded)).toBe(true);
  });
});

describe.skipIf(process.platform === "win32")("hookMain's git", () => {
  /** A hook bundle whose guardrail runs git and answers whether child_process was loaded by then. */
  async function gitHook(dir: string): Promise<string> {
    const code = `import { parsePayload } from ${JSON.stringify(src("index.ts"))};
import { jsonAnswer, silentAnswer, exitTwoAnswer } from ${JSON.stringify(src("adapter/adapter.ts"))};
import { gitExec } from ${JSON.stringify(src("git/_git-exec.ts"))};
import { hookMain } from ${JSON.stringify(src("hook/main.ts"))};
const adapter = {
  cli: "claude",
  parse: (p) => parsePayload(p, { cli: "claude", events: { PreToolUse: "before-tool" }, tools: { Bash: "shell" } }),
  render: (d) => (d.type === "allow" ? silentAnswer() : jsonAnswer({ reason: d.reason })),
  block: exitTwoAnswer,
  notesReachModel: () => true,
};
const guardrail = {
  name: "g",
  failure: "open",
  decide: async (event) => {
    const { stdout } = await gitExec(event.cwd, ["rev-parse", "--abbrev-ref", "HEAD"]);
    const loaded = process.moduleLoadList.includes("NativeModule child_process");
    return { type: "deny", reason: stdout.trim() + (loaded ? " with child_process" : " inline") };
  },
};
void hookMain(guardrail, adapter);`;
    return hookBundle(code, dir, "git-hook.cjs");
  }

  const repo = gitRepo();
  const dir = tempDir("hookrail-git-hook-");
  const payload = {
    hook_event_name: "PreToolUse",
    session_id: "s",
    cwd: repo.dir,
    tool_name: "Bash",
    tool_input: { command: "ls" },
  };
  const env = { PATH: process.env.PATH, HOME: dir, HOOKRAIL_STATE_DIR: join(dir, "state") };

  it("runs git inline in a one-shot hook process", async () => {
    const file = await gitHook(dir);
    const out = execFileSync(process.execPath, [file], { input: JSON.stringify(payload), encoding: "utf8", env });
    expect(JSON.parse(out)).toEqual({ reason: "main inline" });
  });

  it("keeps the asynchronous runner in a bridge worker, which answers calls side by side", async () => {
    const file = await gitHook(dir);
    const input = `${JSON.stringify({ id: 1, payload })}\n`;
    const out = execFileSync(process.execPath, [file, BRIDGE_SERVE_FLAG], { input, encoding: "utf8", env });
    const response = JSON.parse(out) as { id: number; answer: { stdout: string } };
    expect(response.id).toBe(1);
    expect(JSON.parse(response.answer.stdout)).toEqual({ reason: "main with child_process" });
  });
});
