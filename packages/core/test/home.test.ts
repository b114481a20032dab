// The home folder behind config and state paths: found without a static import of node:os, and never a throw
// or a relative path (a user with no passwd entry and no $HOME, e.g. a container run with --user 4242).

import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import os, { homedir } from "node:os";
import { join } from "node:path";
import { tempDir } from "@hookrail/test-utils";
import { afterEach, describe, expect, it, vi } from "vitest";
import { loadConfig, userConfigPath } from "../src/index.ts";
import { HookrailError } from "../src/model/errors.ts";
import { homeDirectory } from "../src/platform/_home.ts";
import { StateStore, stateDirectory } from "../src/state/state.ts";

// What os.homedir() does for a uid without a passwd entry when $HOME is unset.
const noPasswdEntry = () =>
  vi.spyOn(os, "homedir").mockImplementation(() => {
    throw new Error("A system error occurred: uv_os_homedir returned ENOENT (no such file or directory)");
  });

afterEach(() => {
  vi.restoreAllMocks();
});

describe("homeDirectory", () => {
  // os.homedir() is read when the test runs: each test has a home of its own.
  it.each<[string, NodeJS.ProcessEnv, () => string | undefined]>([
    ["$HOME when set", { HOME: "/home/someone" }, () => "/home/someone"],
    ["else os.homedir()", {}, homedir],
    ["an empty $HOME counts as unset", { HOME: "" }, homedir],
  ])("%s", (_label, env, expected) => {
    expect(homeDirectory(env)).toBe(expected());
  });

  it.each<[string, NodeJS.ProcessEnv, string | undefined]>([
    ["no home at all", {}, undefined],
    ["a relative $HOME is not a home", { HOME: "." }, undefined],
    ["then %USERPROFILE%", { USERPROFILE: "/Users/someone" }, "/Users/someone"],
  ])("without a passwd entry: %s, and no throw", (_label, env, expected) => {
    noPasswdEntry();
    expect(homeDirectory(env)).toBe(expected);
  });
});

describe("a user without a home folder", () => {
  it("has no user config file, and a .config in the session's folder is never read", () => {
    noPasswdEntry();
    const cwd = tempDir();
    mkdirSync(join(cwd, ".git"));
    mkdirSync(join(cwd, ".config", "hookrail"), { recursive: true });
    writeFileSync(join(cwd, ".config", "hookrail", "config.json"), '{"protectedBranches":["elsewhere"]}');
    expect(userConfigPath({})).toBeUndefined();
    expect(userConfigPath({ XDG_CONFIG_HOME: ".config" })).toBeUndefined();
    const config = loadConfig(cwd, {});
    expect(config).toMatchObject({ protectedBranches: ["main", "master"], sources: [], problems: [] });
  });

  it("has a state store that finds nothing and refuses writes with a state error", () => {
    noPasswdEntry();
    expect(stateDirectory({})).toBeUndefined();
    const store = new StateStore({ env: {} });
    expect(store.get("sessions", "a")).toBeUndefined();
    expect(store.list("sessions")).toEqual([]);
    expect(store.delete("sessions", "a")).toBe(false);
    let thrown: unknown;
    try {
      store.set("sessions", "a", 1);
    } catch (error) {
      thrown = error;
    }
    expect(HookrailError.isInstance(thrown) && thrown.code).toBe("state");
    expect(String(thrown)).toMatch(/HOOKRAIL_STATE_DIR/);
    expect(readdirSync(process.cwd())).not.toContain(".local");
  });
});
