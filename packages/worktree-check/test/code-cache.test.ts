// The loader of the advisory hooks' shipped files (worktree-check, branch-drift, plan-export): a damaged code
// cache still gives the same note as a run without one, and a bundle that cannot start, or a user without a
// home folder, costs at most the note: exit 0, nothing on stdout or stderr but a valid answer.
import { mkdirSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import {
  type BundleResult,
  bundlePath,
  CACHE_DAMAGES,
  cacheFile,
  cacheIsIntact,
  type ForeignCaches,
  gitRepo,
  hookEnv,
  hookPayload,
  LOADER_FAULTS,
  preload,
  runBundle,
  sharedTempDir,
  tempDir,
  userWithoutPasswdEntry,
} from "@hookrail/test-utils";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

type Cli = "claude" | "gemini" | "codex";
const CLIS: Cli[] = ["claude", "gemini", "codex"];
// An event each advisory hook acts on, from the CLI's captured payloads.
const EVENTS: Record<string, Record<Cli, string>> = {
  "worktree-check": { claude: "SessionStart.json", gemini: "SessionStart.json", codex: "SessionStart.json" },
  "branch-drift": {
    claude: "PreToolUse.Edit.json",
    gemini: "BeforeTool.json#replace",
    codex: "PreToolUse.apply_patch.json",
  },
  "plan-export": { claude: "SessionStart.json", gemini: "SessionStart.json", codex: "SessionStart.json" },
};
const GUARDRAILS = Object.keys(EVENTS);

const expectQuietFailure = (answer: BundleResult) => {
  expect(answer).toMatchObject({ exitCode: 0, stdout: "", stderr: "" });
};

describe("worktree-check's note with a damaged code cache", () => {
  const file = bundlePath("worktree-check", "claude");
  let input = "";
  // A fresh state folder per run, so that every run is a session's first and gets the same note.
  let runs = 0;
  const freshState = (dir: string) => ({
    HOOKRAIL_STATE_DIR: join(dir, `state-${++runs}`),
    HOOKRAIL_CONFIG: join(dir, "config.json"),
  });
  const run = (cache: string, nodeArgs: string[] = [], stateIn = tempDir()) =>
    runBundle(file, input, { env: { ...freshState(stateIn), HOOKRAIL_CACHE_DIR: cache }, nodeArgs });

  let foreignDir = "";
  let foreign: ForeignCaches;
  let note: BundleResult;
  beforeAll(async () => {
    foreignDir = tempDir();
    mkdirSync(join(foreignDir, "repo"));
    const repo = gitRepo({ dir: join(foreignDir, "repo") });
    input = JSON.stringify(hookPayload("claude", "SessionStart.json", { cwd: repo.dir, sessionId: "s" }));
    mkdirSync(join(foreignDir, "build"));
    mkdirSync(join(foreignDir, "flags"));
    await runBundle(bundlePath("worktree-check", "gemini"), input, {
      env: { ...freshState(foreignDir), HOOKRAIL_CACHE_DIR: join(foreignDir, "build") },
    });
    await run(join(foreignDir, "flags"), ["--max-lazy"], foreignDir);
    foreign = { otherBuild: cacheFile(join(foreignDir, "build")), otherFlags: cacheFile(join(foreignDir, "flags")) };
    note = await run(join(foreignDir, "none"), [], foreignDir);
  });
  afterAll(() => rmSync(foreignDir, { recursive: true, force: true }));

  it("is a note to begin with", () => {
    expect(note.exitCode).toBe(0);
    expect(note.json).toMatchObject({ systemMessage: expect.stringMatching(/^worktree-check: main in /) });
  });

  it.each(CACHE_DAMAGES)("%s: the same note, and the file is replaced", async (_label, damage) => {
    const cache = tempDir();
    await run(cache);
    damage(cacheFile(cache), foreign);
    const answer = await run(cache);
    expect(answer).toMatchObject({ exitCode: 0, stderr: "", stdout: note.stdout });
    expect(cacheIsIntact(cacheFile(cache))).toBe(true);
  });
});

describe.each(GUARDRAILS)("%s's shipped files when they cannot start", (guardrail) => {
  const noPasswd = userWithoutPasswdEntry();

  it.each(CLIS)("V8 cannot compile the bundle (%s): silent, exit 0", async (cli) => {
    const payload = hookPayload(cli, EVENTS[guardrail]?.[cli] ?? "", { cwd: tempDir(), sessionId: "s" });
    const answer = await runBundle(bundlePath(guardrail, cli), JSON.stringify(payload), {
      env: hookEnv(),
      nodeArgs: preload(LOADER_FAULTS.compileThrows),
    });
    expectQuietFailure(answer);
  });

  it.each(CLIS)("a module the bundle needs cannot be loaded (%s): silent, exit 0", async (cli) => {
    const payload = hookPayload(cli, EVENTS[guardrail]?.[cli] ?? "", { cwd: tempDir(), sessionId: "s" });
    const answer = await runBundle(bundlePath(guardrail, cli), JSON.stringify(payload), {
      env: hookEnv(),
      nodeArgs: preload(LOADER_FAULTS.moduleMissing),
    });
    expectQuietFailure(answer);
  });

  it.skipIf(!noPasswd).each(CLIS)("a user with no $HOME and no passwd entry (%s): exit 0, no trace", async (cli) => {
    const cwd = sharedTempDir();
    const payload = hookPayload(cli, EVENTS[guardrail]?.[cli] ?? "", { cwd, sessionId: "s" });
    const answer = await runBundle(bundlePath(guardrail, cli), JSON.stringify(payload), {
      env: { PATH: process.env.PATH ?? "" },
      extendEnv: false,
      cwd,
      wrapper: noPasswd,
    });
    expect(answer.exitCode).toBe(0);
    expect(answer.stderr).toBe("");
    expect(answer.stdout === "" || answer.json !== null).toBe(true);
    expect(readdirSync(cwd)).toEqual([]);
  });
});
