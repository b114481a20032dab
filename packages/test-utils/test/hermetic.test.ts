// The suite's own guarantees (scripts/hermetic.ts, scripts/processes.ts): a test never sees the developer's home,
// each test has a home of its own, and a process a test leaves running is found, also once it left the tree.
import { spawn } from "node:child_process";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { leftChildren, processSnapshot, stopProcesses, TEST_MARK } from "../../../scripts/processes.ts";

const homes: string[] = [];
const fileHome = process.env.HOME;

describe("each test's world", () => {
  it.each([1, 2])("test %i has a fresh, empty home of its own, in the run's own folders", (n) => {
    const home = homedir();
    expect(home).toBe(process.env.HOME);
    expect(home.startsWith(`${process.env.HOOKRAIL_TEST_WORLDS}/`)).toBe(true);
    expect(tmpdir()).toMatch(/hookrail-test-run-/);
    expect(home).not.toBe(fileHome);
    expect(homes).not.toContain(home);
    homes.push(home);
    expect(existsSync(join(home, "written-by-the-first-test"))).toBe(false);
    if (n === 1) writeFileSync(join(home, "written-by-the-first-test"), "x");
    // The XDG folders are their defaults, inside that home.
    for (const key of ["XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME", "XDG_RUNTIME_DIR"])
      expect(process.env[key], key).toBeUndefined();
  });

  it("the home of a finished test is gone", () => {
    expect(homes.length).toBe(2);
    for (const home of homes) expect(existsSync(home)).toBe(false);
  });

  it("inherits none of the variables that point a CLI or hookrail at other files", () => {
    for (const key of ["CODEX_HOME", "CLAUDE_CONFIG_DIR", "GEMINI_CLI_HOME", "HOOKRAIL_STATE_DIR", "USERPROFILE"])
      expect(process.env[key], key).toBeUndefined();
  });

  it("keeps where the pinned CLIs are, read from the real home before the run replaced it", () => {
    expect(process.env.HOOKRAIL_CLI_CACHE).toMatch(/\/clis$/);
    expect(process.env.HOOKRAIL_CLI_CACHE?.startsWith(tmpdir())).toBe(false);
  });
});

describe("processes a test leaves running", () => {
  const sleeper = (options: { detached?: boolean } = {}) => {
    const child = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"], { stdio: "ignore", ...options });
    if (options.detached) child.unref();
    return child;
  };

  it("finds a child still running, and not one that was stopped and awaited", async () => {
    const before = processSnapshot();
    const mark = process.env[TEST_MARK] ?? "";
    const running = sleeper();
    await new Promise((resolve) => running.once("spawn", resolve));
    const stopped = sleeper();
    stopped.kill("SIGKILL");
    await new Promise((resolve) => stopped.once("exit", resolve));
    const left = await leftChildren(before, mark);
    expect(left.map((p) => p.pid)).toEqual([running.pid]);
    expect(left[0]?.command).toContain("setTimeout");
    await stopProcesses(left);
    expect(await leftChildren(before, mark)).toEqual([]);
  });

  it("finds a process that left the tree by the test's mark in its environment", async () => {
    const mark = process.env[TEST_MARK] ?? "";
    expect(mark).not.toBe("");
    // A shell that starts a sleeper in the background and exits: the sleeper is re-parented away from this process.
    const pidFile = join(tmpdir(), `orphan-${process.pid}.pid`);
    const shell = spawn("sh", ["-c", `${process.execPath} -e 'setTimeout(() => {}, 60000)' & echo $! > ${pidFile}`], {
      stdio: "ignore",
    });
    await new Promise((resolve) => shell.once("exit", resolve));
    const orphan = Number(readFileSync(pidFile, "utf8"));
    const left = await leftChildren(new Set(), mark);
    expect(left.map((p) => p.pid)).toContain(orphan);
    await stopProcesses(left.filter((p) => p.pid === orphan));
    expect((await leftChildren(new Set(), mark)).map((p) => p.pid)).not.toContain(orphan);
    rmSync(pidFile);
  });
});
