// The pre-push decision on the lines git writes, and the program's answer with real config files.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gitRepo, tempDir } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";
import { decidePrePush } from "../../src/git-hooks/refused-updates.ts";
import { runPrePush } from "../../src/git-hooks/run-pre-push.ts";

const A = "a".repeat(40);
const B = "b".repeat(40);
const Z = "0".repeat(40);
const line = (local: string, localSha: string, remote: string, remoteSha: string) =>
  `${local} ${localSha} ${remote} ${remoteSha}\n`;

describe("decidePrePush", () => {
  it.each([
    ["update of main", line("refs/heads/x", A, "refs/heads/main", B), false, "refuse"],
    ["create of master", line("HEAD", A, "refs/heads/master", Z), false, "refuse"],
    ["delete of main", line("(delete)", Z, "refs/heads/main", B), false, "refuse"],
    ["update of main, approved", line("refs/heads/x", A, "refs/heads/main", B), true, "approved"],
    ["a feature branch", line("refs/heads/main", A, "refs/heads/feature/main", B), false, "allow"],
    ["a tag named main", line("refs/tags/main", A, "refs/tags/main", Z), false, "allow"],
    ["a glob match", line("HEAD", A, "refs/heads/release/2.0", Z), false, "refuse"],
    [
      "one protected among others",
      line("a", A, "refs/heads/f", Z) + line("b", A, "refs/heads/main", B),
      false,
      "refuse",
    ],
    ["nothing to push", "", false, "allow"],
    ["an unreadable line", "refs/heads/main\n", true, "refuse"],
  ])("%s → %s", (_label, stdin, approved, expected) => {
    expect(decidePrePush(stdin, ["main", "master", "release/*"], approved).type).toBe(expected);
  });
});

describe("runPrePush", () => {
  const env = (home: string) => ({ HOME: home, XDG_CONFIG_HOME: join(home, "config") });

  it("reads the protected branches from the user and project config", async () => {
    const home = tempDir();
    const repo = gitRepo();
    mkdirSync(join(home, "config", "hookrail"), { recursive: true });
    writeFileSync(join(home, "config", "hookrail", "config.json"), '{"protectedBranches":["trunk"]}');
    mkdirSync(join(repo.dir, ".hookrail"));
    writeFileSync(join(repo.dir, ".hookrail", "config.json"), '{"merge-gate":{"protectedBranches":["prod"]}}');
    const run = (remote: string, extra = {}) =>
      runPrePush({
        args: ["origin", "git@example.com:o/r.git"],
        stdin: line("HEAD", A, `refs/heads/${remote}`, Z),
        env: { ...env(home), ...extra },
        cwd: repo.dir,
      });
    expect((await run("trunk")).exitCode).toBe(1);
    expect((await run("prod")).stderr).toBe(
      "hookrail merge-gate: push to origin refused:\n  create of prod (HEAD -> refs/heads/prod)\n" +
        "Landing work on a protected branch is the project owner's call. If they approved it, push again with MERGE_APPROVED=1 in the push's environment (MERGE_APPROVED=1 git push ...).\n",
    );
    expect(await run("prod", { MERGE_APPROVED: "1" })).toEqual({
      exitCode: 0,
      stderr: "hookrail merge-gate: MERGE_APPROVED=1 set; allowing create of prod (HEAD -> refs/heads/prod)\n",
    });
  });
});
