// The shipped merge-gate bundles, run as each CLI runs them: real payloads on stdin, exit code and stdout checked.
import { spawn } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  bundleFileBeside,
  bundlePath,
  cacheFile,
  cliRunsTool,
  copyHook,
  flipTail,
  gitRepo,
  LOADER_FAULTS,
  preload,
  runBundle,
  sharedTempDir,
  tempDir,
  userWithoutPasswdEntry,
} from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";

type Cli = "claude" | "gemini" | "codex";
const CLIS: Cli[] = ["claude", "gemini", "codex"];

const shellPayload = (cli: Cli, command: unknown, cwd: string, extra: Record<string, unknown> = {}) => {
  const [event, tool] = cli === "gemini" ? ["BeforeTool", "run_shell_command"] : ["PreToolUse", "Bash"];
  return {
    session_id: "s1",
    transcript_path: "/t.jsonl",
    cwd,
    hook_event_name: event,
    tool_name: tool,
    tool_input: { command, ...extra },
  };
};

const toolRuns = cliRunsTool;

const env = (home: string) => ({ HOME: home, XDG_CONFIG_HOME: `${home}/config`, PATH: process.env.PATH ?? "" });

describe.each(CLIS)("merge-gate bundle for %s", (cli) => {
  const file = bundlePath("merge-gate", cli);

  it.each([
    ["gh pr merge 12 --squash", false],
    ["MERGE_APPROVED=1 gh pr merge 12 --squash", true],
    ["gh api repos/o/r/pulls/12/merge -X PUT", false],
    ['echo "gh pr merge"', true],
    ["ls -la", true],
    // Another forge's CLI and another front end of git: the prefilter must send them to the analysis.
    ["tea pulls merge 3", false],
    ["jj git push -b main", false],
    ["jj git push -b feature/x", true],
    // A label a merge bot merges on, and one that does not.
    ["gh pr edit 12 --add-label automerge", false],
    ["gh pr edit 12 --add-label do-not-merge", true],
    // Gerrit: a submit through its ssh command, and a push for review that lands nothing.
    ["ssh -p 29418 review.example.com gerrit review --submit 1234,1", false],
    ["git push origin HEAD:refs/for/main", true],
  ])("%s → runs: %s", async (command, runs) => {
    const repo = gitRepo();
    const result = await runBundle(file, JSON.stringify(shellPayload(cli, command, repo.dir)), { env: env(tempDir()) });
    expect(toolRuns(cli, result)).toBe(runs);
    if (runs) expect(result.stdout).toBe("");
    else expect(result.stdout + result.stderr).toContain("MERGE_APPROVED=1");
  });

  it("blocks a line too branched to follow, and answers (no hang past the deadline)", async () => {
    const command = `${"for a in x y; do ".repeat(40)}gh pr view 1${"; done".repeat(40)}`;
    const result = await runBundle(file, JSON.stringify(shellPayload(cli, command, tempDir())), {
      env: env(tempDir()),
    });
    expect(toolRuns(cli, result)).toBe(false);
    expect(result.stdout + result.stderr).toContain("it branches too much to check");
  });

  it("blocks a bare git push while on a protected branch, allows it on a feature branch", async () => {
    const repo = gitRepo();
    const home = tempDir();
    const onMain = await runBundle(file, JSON.stringify(shellPayload(cli, "git push", repo.dir)), { env: env(home) });
    expect(toolRuns(cli, onMain)).toBe(false);
    repo.git("checkout", "-q", "-b", "feature/x");
    const onFeature = await runBundle(file, JSON.stringify(shellPayload(cli, "git push -u origin", repo.dir)), {
      env: env(home),
    });
    expect(toolRuns(cli, onFeature)).toBe(true);
  });

  it("asks git for the branch when .git's files cannot tell (GIT_DIR set)", async () => {
    const repo = gitRepo();
    const gitDirEnv = { ...env(tempDir()), GIT_DIR: `${repo.dir}/.git` };
    const onMain = await runBundle(file, JSON.stringify(shellPayload(cli, "git push", repo.dir)), { env: gitDirEnv });
    expect(toolRuns(cli, onMain)).toBe(false);
    expect(onMain.stdout + onMain.stderr).toMatch(/protected branch main/);
    repo.git("checkout", "-q", "-b", "feature/y");
    const onFeature = await runBundle(file, JSON.stringify(shellPayload(cli, "git push", repo.dir)), {
      env: gitDirEnv,
    });
    expect(toolRuns(cli, onFeature)).toBe(true);
  });

  it("judges `git -C <dir> push` and `cd <dir> && git push` by that checkout's branch", async () => {
    const project = gitRepo();
    project.git("checkout", "-q", "-b", "feature/p");
    const onMain = gitRepo();
    const onFeature = gitRepo();
    onFeature.git("checkout", "-q", "-b", "feature/o");
    const run = (command: string) =>
      runBundle(file, JSON.stringify(shellPayload(cli, command, project.dir)), { env: env(tempDir()) });
    expect(toolRuns(cli, await run(`git -C ${onFeature.dir} push`))).toBe(true);
    expect(toolRuns(cli, await run(`git -C ${onMain.dir} push`))).toBe(false);
    expect(toolRuns(cli, await run(`cd ${onMain.dir} && git push`))).toBe(false);
    expect(toolRuns(cli, await run(`(cd ${onMain.dir}) && git push`))).toBe(true);
  });

  it("blocks a bare git push when the payload names no cwd", async () => {
    const result = await runBundle(file, JSON.stringify(shellPayload(cli, "git push", "")), { env: env(tempDir()) });
    expect(toolRuns(cli, result)).toBe(false);
  });

  it("lets the everyday rebase-and-push run on a feature branch", async () => {
    const repo = gitRepo();
    repo.git("checkout", "-q", "-b", "feature/x");
    const command =
      "git checkout main && git pull && git checkout feature/x && git rebase main && git push --force-with-lease";
    const result = await runBundle(file, JSON.stringify(shellPayload(cli, command, repo.dir)), { env: env(tempDir()) });
    expect(toolRuns(cli, result)).toBe(true);
  });

  it("reads the repository's config: push.default=upstream with feature/x tracking main pushes to main", async () => {
    const repo = gitRepo();
    repo.git("checkout", "-q", "-b", "feature/x");
    const run = () => runBundle(file, JSON.stringify(shellPayload(cli, "git push", repo.dir)), { env: env(tempDir()) });
    expect(toolRuns(cli, await run())).toBe(true);
    repo.git("config", "push.default", "upstream");
    repo.git("config", "branch.feature/x.remote", "origin");
    repo.git("config", "branch.feature/x.merge", "refs/heads/main");
    expect(toolRuns(cli, await run())).toBe(false);
    repo.git("config", "alias.ship", "push origin HEAD:main");
    repo.git("config", "push.default", "simple");
    const alias = await runBundle(file, JSON.stringify(shellPayload(cli, "git ship", repo.dir)), {
      env: env(tempDir()),
    });
    expect(toolRuns(cli, alias)).toBe(false);
  });

  it("reads gh's aliases from GH_CONFIG_DIR", async () => {
    const repo = gitRepo();
    const ghDir = tempDir();
    writeFileSync(join(ghDir, "config.yml"), "version: 1\naliases:\n    pm: pr merge\n    pv: pr view\n");
    const run = (command: string) =>
      runBundle(file, JSON.stringify(shellPayload(cli, command, repo.dir)), {
        env: { ...env(tempDir()), GH_CONFIG_DIR: ghDir },
      });
    expect(toolRuns(cli, await run("gh pm 12"))).toBe(false);
    expect(toolRuns(cli, await run("gh pv 12"))).toBe(true);
  });

  it.each<[string, string | Buffer]>([
    ["empty stdin", ""],
    ["not JSON", "gh pr merge 12"],
    ["a JSON array", "[]"],
    ["a truncated payload", JSON.stringify(shellPayload(cli, "gh pr merge 1", "/")).slice(0, 50)],
    [
      "a missing tool_input",
      JSON.stringify({ hook_event_name: cli === "gemini" ? "BeforeTool" : "PreToolUse", tool_name: "Bash" }),
    ],
    ["a wrong-typed command", JSON.stringify(shellPayload(cli, 42, "/"))],
    ["an unknown event", JSON.stringify({ hook_event_name: "SomethingNew", session_id: "s" })],
    [
      "an unknown tool that takes code",
      JSON.stringify({ ...shellPayload(cli, "x", "/"), tool_name: "MysteryTool", tool_input: { code: "x" } }),
    ],
    [
      "an unknown tool with a command that is not a string",
      JSON.stringify({ ...shellPayload(cli, "x", "/"), tool_name: "MysteryTool", tool_input: { command: ["gh"] } }),
    ],
    ["a payload over the 8 MiB cap", Buffer.alloc(9 * 1024 * 1024, 0x20)],
  ])("%s: blocked the way the CLI honours", async (_label, input) => {
    const result = await runBundle(file, input, { env: env(tempDir()) });
    expect(toolRuns(cli, result)).toBe(false);
    expect(result.stdout + result.stderr).toMatch(/merge-gate: blocked/);
  });

  // The hook reads stdin at the descriptor level (core's hook-stdio.ts): a CLI that sends the event and keeps
  // the pipe open is answered all the same, and at once.
  it("answers when the CLI keeps stdin open after the event", async () => {
    const child = spawn(process.execPath, [file], { env: env(tempDir()), stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    const killer = setTimeout(() => child.kill(), 10_000);
    const exitCode = await new Promise<number | null>((resolve) => {
      child.on("close", resolve);
      child.stdin.write(`${JSON.stringify(shellPayload(cli, "gh pr merge 7", "/"))}\n`);
    });
    clearTimeout(killer);
    child.stdin.destroy();
    expect(exitCode).not.toBeNull();
    expect(toolRuns(cli, { exitCode: exitCode ?? -1, stdout, stderr })).toBe(false);
    expect(stdout + stderr).toMatch(/merge-gate: blocked\. `gh pr merge 7`/);
  });

  // Before the bundle's own error boundary: the loader must reach the gate, or block by itself.
  it.each<[string, { damage?: (file: string) => void; fault?: string }, "gate" | "loader"]>([
    ["a damaged code cache (a flipped tail)", { damage: flipTail }, "gate"],
    ["V8 throws on the cached data", { fault: LOADER_FAULTS.cachedDataThrows }, "gate"],
    ["the cache cannot be read (EIO)", { fault: LOADER_FAULTS.readFails }, "gate"],
    ["the cache cannot be written (ENOSPC)", { fault: LOADER_FAULTS.writeFails }, "gate"],
    ["a Node without WebAssembly (--jitless): no cache", { fault: LOADER_FAULTS.noWebAssembly }, "gate"],
    ["V8 cannot compile the bundle", { fault: LOADER_FAULTS.compileThrows }, "loader"],
    ["a module the bundle needs cannot be loaded", { fault: LOADER_FAULTS.moduleMissing }, "loader"],
  ])("the loader: %s: blocked the way the CLI honours", async (_label, { damage, fault }, answeredBy) => {
    const home = tempDir();
    const input = JSON.stringify(shellPayload(cli, "gh pr merge 7", "/"));
    await runBundle(file, input, { env: env(home) });
    damage?.(cacheFile(`${home}/.cache/hookrail/v8`));
    const result = await runBundle(file, input, { env: env(home), nodeArgs: fault ? preload(fault) : [] });
    expect(toolRuns(cli, result)).toBe(false);
    expect(result.stderr).not.toMatch(/Fatal error|node:internal|\n\s+at /);
    expect(result.stdout + result.stderr).toMatch(
      answeredBy === "gate"
        ? /merge-gate: blocked\. `gh pr merge 7`/
        : /merge-gate: blocked because the hook could not start \(injected: [^)]+\)\. Nothing ran/,
    );
  });

  // The bundle travels in a file of its own beside the shipped hook file: a copy whose line ends a checkout turned
  // into CRLF still runs, and one whose bundle was cut short, edited, lost or taken from another build blocks without
  // running any of it.
  it.each<[string, (bundle: string) => string | undefined, "gate" | "loader"]>([
    ["CRLF line ends", (text) => text.replace(/\n/g, "\r\n"), "gate"],
    ["the bundle cut short", (text) => text.slice(0, -2000), "loader"],
    ["a line of the bundle deleted", (text) => text.replace(/\n[^\n]{200,}/, ""), "loader"],
    ["a character of the bundle added", (text) => text.replace(/\n/, "\n "), "loader"],
    [
      "the bundle of another build, as long",
      (text) => text.replace(/^(\/\/hookrail-bundle merge-gate-)\w/, "$1_"),
      "loader",
    ],
    ["the bundle's file missing", () => undefined, "loader"],
    ["the bundle's file empty", () => "", "loader"],
  ])("the shipped files with %s: blocked the way the CLI honours", async (_label, change, answeredBy) => {
    const copy = copyHook(file, tempDir(), change);
    const input = JSON.stringify(shellPayload(cli, "gh pr merge 7", "/"));
    const result = await runBundle(copy, input, { env: env(tempDir()) });
    expect(toolRuns(cli, result)).toBe(false);
    expect(result.stderr).not.toMatch(/SyntaxError|node:internal|\n\s+at /);
    expect(result.stdout + result.stderr).toMatch(
      answeredBy === "gate"
        ? /merge-gate: blocked\. `gh pr merge 7`/
        : /merge-gate: blocked because the hook could not start \(the bundle \S+merge-gate\.bundle is (damaged or of another build|missing or unreadable)\)\. Nothing ran/,
    );
  });

  it("the shipped hook file is the loader alone: Node reads and compiles no bundle with it", () => {
    const text = readFileSync(file, "utf8");
    expect(text.length).toBeLessThan(32 * 1024);
    expect(text).not.toMatch(/^\/\/hookrail-bundle /m);
    expect(readFileSync(bundleFileBeside(file), "utf8")).toMatch(
      /^\/\/hookrail-bundle merge-gate-[0-9a-f]{16}\n\(function \(exports/,
    );
  });

  const noPasswd = userWithoutPasswdEntry();
  it.skipIf(!noPasswd)("blocks for a user with no $HOME and no passwd entry, and writes nothing", async () => {
    const cwd = sharedTempDir();
    const payload = JSON.stringify(shellPayload(cli, "gh pr merge 7", cwd));
    const result = await runBundle(file, payload, {
      env: { PATH: process.env.PATH ?? "" },
      extendEnv: false,
      cwd,
      wrapper: noPasswd,
    });
    expect(result.stderr).not.toMatch(/uv_os_homedir|node:internal|\n\s+at /);
    expect(toolRuns(cli, result)).toBe(false);
    expect(result.stdout + result.stderr).toMatch(/merge-gate: blocked\. `gh pr merge 7`/);
    expect(readdirSync(cwd)).toEqual([]);
  });

  it("reads an unknown tool that carries a command", async () => {
    const payload = { ...shellPayload(cli, "gh pr merge 3", "/"), tool_name: "run_in_terminal" };
    const result = await runBundle(file, JSON.stringify(payload), { env: env(tempDir()) });
    expect(toolRuns(cli, result)).toBe(false);
  });
});

describe("Gemini's dir_path: the command runs there, while the payload's cwd stays the project root", () => {
  const file = bundlePath("merge-gate", "gemini");
  it.each([
    ["a linked worktree on main", ["worktree", "add", "-q", "wt", "main"], false],
    ["a linked worktree on a feature branch", ["worktree", "add", "-q", "-b", "feature/d", "wt"], true],
  ])("git push with dir_path naming %s (relative to cwd) → runs: %s", async (_label, add, runs) => {
    const project = gitRepo();
    project.git("checkout", "-q", "-b", "feature/p");
    project.git(...add);
    const payload = shellPayload("gemini", "git push", project.dir, { dir_path: "wt" });
    const result = await runBundle(file, JSON.stringify(payload), { env: env(tempDir()) });
    expect(toolRuns("gemini", result)).toBe(runs);
  });
});
