// branch-drift runs before every edit: at most one git process unless HEAD moved, and never a crash.
import { existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gitRepo, gitShim } from "@hookrail/test-utils";
import { afterEach, describe, expect, it, vi } from "vitest";
import { session, silent } from "./helpers.ts";

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("branch-drift's hot path", () => {
  it("starts one git process per edit, a second only when HEAD moved on the same branch", async () => {
    const repo = gitRepo();
    const shim = gitShim();
    vi.stubEnv("PATH", shim.path);
    const s = session("claude", repo.dir);
    const callsFor = async (step: () => Promise<unknown>) => {
      const before = shim.calls().length;
      await step();
      return shim
        .calls()
        .slice(before)
        .map((argv) => argv[0]);
    };
    expect(await callsFor(s.before)).toEqual(["rev-parse"]);
    expect(await callsFor(s.before)).toEqual(["rev-parse"]);
    repo.commit("own");
    expect(await callsFor(s.before)).toEqual(["rev-parse", "merge-base"]);
    repo.git("switch", "-q", "-c", "x");
    expect(await callsFor(s.before)).toEqual(["rev-parse"]);
  });

  it("git missing from PATH: silent, exit 0", async () => {
    const repo = gitRepo();
    vi.stubEnv("PATH", "/nonexistent");
    expect(await session("claude", repo.dir).before()).toEqual(silent);
    expect(await session("gemini", repo.dir).after()).toEqual(silent);
  });

  it("a record that cannot be written does not swallow the note", { timeout: 10_000 }, async () => {
    const repo = gitRepo();
    const s = session("claude", repo.dir);
    await s.before();
    repo.git("switch", "-q", "-c", "x");
    // A directory where the record's lock file goes: the write waits out its lock timeout and fails.
    const folder = join(s.env.HOOKRAIL_STATE_DIR, "checkout-sessions");
    for (const name of readdirSync(folder).filter((n) => n.endsWith(".json"))) mkdirSync(join(folder, `${name}.lock`));
    expect((await s.before()).context).toContain("(main -> x)");
  });

  it("reads a corrupt record as no record and learns again", async () => {
    const repo = gitRepo();
    const s = session("codex", repo.dir);
    await s.before();
    const folder = join(s.env.HOOKRAIL_STATE_DIR, "checkout-sessions");
    for (const name of readdirSync(folder).filter((n) => n.endsWith(".json"))) writeFileSync(join(folder, name), "{");
    expect(await s.before()).toEqual(silent);
    repo.git("switch", "-q", "-c", "x");
    expect((await s.before()).context).toContain("(main -> x)");
  });

  it("when the state folder cannot be created at all: silent, exit 0", async () => {
    const repo = gitRepo();
    const s = session("claude", repo.dir);
    mkdirSync(join(s.env.HOOKRAIL_STATE_DIR, ".."), { recursive: true });
    writeFileSync(s.env.HOOKRAIL_STATE_DIR, "a file where the folder should be");
    expect(await s.before()).toEqual(silent);
  });

  it("can be turned off per project, and ignores events without a session id", async () => {
    const repo = gitRepo();
    const s = session("claude", repo.dir);
    writeFileSync(s.env.HOOKRAIL_CONFIG, JSON.stringify({ "branch-drift": { enabled: false } }));
    await s.before();
    repo.git("switch", "-q", "-c", "x");
    expect(await s.before()).toEqual(silent);
    const anonymous = session("claude", repo.dir, { sessionId: "" });
    expect(await anonymous.before()).toEqual(silent);
    expect(existsSync(s.env.HOOKRAIL_STATE_DIR)).toBe(false);
  });
});
