// Every supported CLI's places (its package's places.ts) are read, and each one is guarded: a change of any file
// or folder a CLI lists is blocked from the shell, in the home folder, where its variable moves it, and (for the
// relative ones) in a project. A CLI whose places are incomplete or unreadable fails here by name.
import { PLACES } from "@hookrail/clis/places";
import { describe, expect, it } from "vitest";
import { analyzeCommand } from "../../src/analysis/analyze-command.ts";
import { isBlocked } from "../../src/analysis/index.ts";
import { NO_PLACES, protectedAt } from "../../src/analysis/protected-paths.ts";
import { readPlace, readPlaces } from "../../src/places/read-places.ts";
import { protectedPaths } from "../../src/protected-places.ts";

const HOME = "/home/me";
const PROJECT = "/repo/project";
// Folders many programs share: only a CLI's sub-folder in them is its own.
const SHARED = new Set([".config", ".local", ".cache", ".git"]);

const blocked = (command: string, env: NodeJS.ProcessEnv = { HOME }) =>
  isBlocked(
    analyzeCommand(command, {
      protectedBranches: ["main"],
      currentBranch: "feature",
      cwd: PROJECT,
      home: HOME,
      protectedPaths: protectedPaths(env, PROJECT),
    }),
  );

const clis = Object.entries(PLACES);

describe.each(clis)("%s's places", (_cli, places) => {
  const read = readPlaces([places]);

  it("are all readable paths", () => {
    expect(read.env.length + read.anywhere.length).toBeGreaterThanOrEqual(places.protected.length);
  });

  it("name as their own every folder their relative places sit in", () => {
    const firsts = read.anywhere.map((p) => p.rest.split("/")[0] as string).filter((f) => f.startsWith("."));
    expect(firsts.filter((f) => !SHARED.has(f) && !places.ownFolders.includes(f))).toEqual([]);
  });

  it.each(places.protected.map((p) => [p.path, p.what]))("%s (%s): a change there is blocked", (path) => {
    const into = { env: [], anywhere: [], vars: new Set<string>() } as Parameters<typeof readPlace>[1];
    readPlace({ path, what: "" }, into);
    const inside = (p: { tree: boolean }) => (p.tree ? "/x.json" : "");
    for (const place of into.env) {
      const env: NodeJS.ProcessEnv = { HOME };
      let base: string;
      if (place.from === "~") base = HOME;
      else if (place.from === "") base = "";
      else {
        base = "/moved/elsewhere";
        env[place.from] = base;
      }
      const target = `${base}/${place.rest}`.replace(/\/$/, "") + inside(place);
      expect(blocked(`rm -f '${target}'`, env), `rm -f '${target}' with ${JSON.stringify(env)}`).toBe(true);
      expect(blocked(`echo x > '${target}'`, env), `echo x > '${target}'`).toBe(true);
    }
    for (const place of into.anywhere) {
      const target = `${PROJECT}/${place.rest}${inside(place)}`;
      expect(blocked(`rm -f ${target}`), `rm -f ${target}`).toBe(true);
      // A working folder in it is found (in any letter case) by the look a plain call's working folder gets, which
      // starts only from the patterns' first folders.
      const folder = `${PROJECT}/${place.rest}`;
      for (const cwd of [folder, folder.toUpperCase()]) expect(protectedAt(cwd, NO_PLACES, true), cwd).toBeDefined();
    }
  });

  it.each(places.ownFolders.map((f) => [f]))("removing or moving a project's %s is blocked", (folder) => {
    // In any letter case: macOS and Windows file systems ignore it.
    const upper = folder.toUpperCase();
    for (const command of [`rm -rf ${folder}`, `mv ${folder} ${folder}.bak`, `rm -rf ~/${folder}`, `rm -rf ${upper}`]) {
      expect(blocked(command), command).toBe(true);
    }
  });
});

describe("the syntax of a place", () => {
  const read = (path: string) => {
    const into = { env: [], anywhere: [], vars: new Set<string>() } as Parameters<typeof readPlace>[1];
    readPlace({ path, what: "w" }, into);
    return { env: into.env, anywhere: into.anywhere, vars: [...into.vars] };
  };

  it.each([
    [
      "~/.x/a.json",
      {
        env: [{ from: "~", rest: ".x/a.json", tree: false, what: "w" }],
        anywhere: [{ rest: ".x/a.json", tree: false, what: "w" }],
        vars: [],
      },
    ],
    [
      "{$X_HOME,~/.x}/hooks/**",
      {
        env: [
          { from: "X_HOME", rest: "hooks", tree: true, what: "w" },
          { from: "~", rest: ".x/hooks", tree: true, what: "w" },
        ],
        anywhere: [{ rest: ".x/hooks", tree: true, what: "w" }],
        vars: ["X_HOME"],
      },
    ],
    ["$X_FILE", { env: [{ from: "X_FILE", rest: "", tree: false, what: "w" }], anywhere: [], vars: ["X_FILE"] }],
    ["/etc/x/**", { env: [{ from: "", rest: "etc/x", tree: true, what: "w" }], anywhere: [], vars: [] }],
    ["**/.x/hooks.json", { env: [], anywhere: [{ rest: ".x/hooks.json", tree: false, what: "w" }], vars: [] }],
  ])("%s", (path, expected) => {
    expect(read(path)).toEqual(expected);
  });

  it.each(["relative/path", "$X-dir/a", "{$X,~/.x}a", "{$X}/a", "{$X,~/.x/a", "$", "$/a", "{$,~/.x}"])(
    "%s is refused",
    (path) => {
      expect(() => read(path)).toThrow(/not a place|whole folder/);
    },
  );
});
