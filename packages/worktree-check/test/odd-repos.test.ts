// worktree-check in odd repositories: every answer names the right folder, and every command it suggests
// works there (each one is run).
import { chownSync, mkdirSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gitEnv, gitRepo, tempDir } from "@hookrail/test-utils";
import { execaSync } from "execa";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { hookEnv, start } from "./helpers.ts";

// The hook's git reads the machine's git config: keep it out (no safe.directory, no includes).
beforeEach(() => {
  vi.stubEnv("GIT_CONFIG_GLOBAL", "/dev/null");
  vi.stubEnv("GIT_CONFIG_NOSYSTEM", "1");
});
afterEach(() => {
  vi.unstubAllEnvs();
});

/** Runs the commands a note puts in backticks (with <topic> filled in) where the session runs; all must work. */
function runSuggested(text: string, cwd: string, env: Record<string, string> = {}): string[] {
  const commands = [...text.matchAll(/`(git [^`]+)`/g)].map((m) => (m[1] as string).replaceAll("<topic>", "topic"));
  for (const command of commands) {
    const result = execaSync("sh", ["-c", command], { cwd, env: { ...gitEnv, ...env }, reject: false });
    expect([command, result.exitCode]).toEqual([command, 0]);
  }
  return commands;
}

function submodule() {
  const lib = gitRepo({ commits: 2 });
  const app = gitRepo();
  app.git("-c", "protocol.file.allow=always", "submodule", "add", "-q", lib.dir, "lib");
  app.commit("add lib");
  const sub = join(app.dir, "lib");
  writeFileSync(join(sub, "dirty.txt"), "uncommitted");
  return { app, sub };
}

describe("worktree-check in odd repositories", () => {
  it("inside a dirty submodule: the new worktree goes next to the superproject, and the list marks this one", async () => {
    const { app, sub } = submodule();
    const answer = await start(sub, { env: hookEnv() });
    const name = app.dir.split("/").at(-1);
    expect(answer.context).toContain(`  - ${sub} [main] <- this one`);
    expect(answer.context).not.toContain(".git/modules");
    expect(answer.verdict).toContain(`\`git worktree add ../../${name}-lib-<topic> -b <topic>\``);
    expect(runSuggested(answer.verdict ?? "", sub)).toHaveLength(1);
    expect(statSync(`${app.dir}-lib-topic`).isDirectory()).toBe(true);
    // Nothing was created inside the superproject or its .git folder.
    expect(execaSync("git", ["status", "--porcelain"], { cwd: app.dir, env: gitEnv }).stdout).not.toContain("lib-");
    expect(readdirSync(join(app.dir, ".git", "modules"))).toEqual(["lib"]);
  });

  it.runIf(process.geteuid?.() === 0)(
    "a repository of another user, which git refuses: says what git says and how the user can allow it",
    async () => {
      const repo = gitRepo();
      for (const path of execaSync("find", [repo.dir], { env: gitEnv }).stdout.split("\n")) chownSync(path, 4242, 4242);
      const answer = await start(repo.dir, { env: hookEnv() });
      expect(answer.context).toContain(`git refuses the repository at ${repo.dir}: "detected dubious ownership"`);
      expect(answer.context).not.toContain("not inside a git repository");
      expect(answer.context).toContain(`\`git config --global --add safe.directory ${repo.dir}\``);
      // The command is the fix: with it in the global config, git reads the repository.
      const global = join(tempDir(), "gitconfig");
      writeFileSync(global, "");
      runSuggested(answer.context ?? "", repo.dir, { GIT_CONFIG_GLOBAL: global });
      vi.stubEnv("GIT_CONFIG_GLOBAL", global);
      expect((await start(repo.dir, { env: hookEnv() })).context).toContain("- branch: main (protected)");
    },
  );

  it("an orphan branch in a repository with history: no commits on this branch, not in the repository", async () => {
    const repo = gitRepo({ commits: 2 });
    repo.git("switch", "-q", "--orphan", "pages");
    const answer = await start(repo.dir, { env: hookEnv() });
    expect(answer.context).toContain(
      "- HEAD: no commits yet on pages (an orphan branch; the repository has commits on other branches)",
    );
    expect(answer.verdict).toContain("branch pages has no commits yet (an orphan branch;");
    expect(answer.verdict).not.toContain("the repository has no commits yet");
  });

  it("folders with a newline in their name are read whole", async () => {
    const parent = join(tempDir(), "two\nlines");
    mkdirSync(parent);
    const repo = gitRepo({ dir: parent });
    const linked = join(tempDir(), "linked\nworktree");
    repo.git("worktree", "add", "-q", "-b", "topic", linked);
    const answer = await start(linked, { env: hookEnv() });
    expect(answer.context).toContain(`- folder: ${linked} (a linked worktree of ${parent})`);
    expect(answer.context).toContain(`  - ${parent} [main]\n`);
    expect(answer.context).toContain(`  - ${linked} [topic] <- this one`);
  });
});
