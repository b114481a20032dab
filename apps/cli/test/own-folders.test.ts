// Every CLI's own folder that an install writes into (a project's `.opencode`, a home's `.codex`…) is guarded whole
// by the merge gate: removing or moving it is blocked as `rm -rf .claude` is. The folders come from each installer's
// plan, so a new CLI, or a CLI whose installer moves, fails here until the gate knows its folder.

import { supportedClis } from "@hookrail/clis";
import type { Change, Scope } from "@hookrail/install-kit";
import { analyzeCommand, isBlocked } from "@hookrail/merge-gate";
import { gitRepo, tempDir } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";
import { installContext } from "../src/install/context.ts";
import { installers } from "../src/install/installers.ts";

// Shared folders that hold many programs' files: only the CLI's own sub-folder in them counts.
const SHARED = new Set([".config", ".local", ".cache"]);

/** The paths a plan writes: files, copied folders, and what a CLI's own command changes. */
const written = (changes: readonly Change[]): string[] =>
  changes.flatMap((c) =>
    c.kind === "file" || c.kind === "settle"
      ? [c.path]
      : c.kind === "copy"
        ? [c.to]
        : c.kind === "remove"
          ? [c.path]
          : (c.touches ?? []),
  );

/** The CLI's own folder a path below `root` sits in: `.opencode`, or `.config/opencode`; undefined for hookrail's. */
function ownFolder(path: string, root: string): string | undefined {
  if (!path.startsWith(`${root}/`)) return undefined;
  const segments = path.slice(root.length + 1).split("/");
  const depth = SHARED.has(segments[0] ?? "") ? 2 : 1;
  if (segments.length <= depth) return undefined;
  const folder = segments.slice(0, depth).join("/");
  return /hookrail/.test(folder) ? undefined : folder;
}

function installFolders(cli: string, scope: Scope): { root: string; folders: string[] } {
  const home = tempDir(`own-${cli}-home-`);
  const repo = gitRepo();
  const env = { HOME: home, PATH: process.env.PATH ?? "" };
  const ctx = installContext(env, repo.dir, scope, undefined, repo.dir);
  const root = scope === "project" ? repo.dir : home;
  const paths = written(installers[cli]?.install("merge-gate", ctx) ?? []);
  return { root, folders: [...new Set(paths.flatMap((p) => ownFolder(p, root) ?? []))] };
}

const facts = (cwd: string) => ({ protectedBranches: ["main"], currentBranch: "feature", cwd });

describe("the merge gate guards every CLI's own folder whole", () => {
  it("every supported CLI has an installer", () => {
    expect(
      supportedClis()
        .map((c) => c.name)
        .filter((name) => !installers[name]),
    ).toEqual([]);
  });

  const cases = supportedClis().flatMap(({ name }) =>
    (["project", "user"] as const).filter((s) => installers[name]?.scopes.includes(s)).map((s) => [name, s] as const),
  );
  it.each(cases)("%s, %s scope: removing or moving the folder an install writes into is blocked", (cli, scope) => {
    const { root, folders } = installFolders(cli, scope);
    if (scope === "project") expect(folders, `${cli} writes no folder of its own into the project`).not.toEqual([]);
    for (const folder of folders) {
      for (const command of [`rm -rf ${root}/${folder}`, `mv ${root}/${folder} /tmp/elsewhere`]) {
        expect(isBlocked(analyzeCommand(command, facts(root))), command).toBe(true);
      }
    }
  });
});
