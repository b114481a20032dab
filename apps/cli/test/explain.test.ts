// `hookrail explain`: the merge gate's own analysis as it ran for the answer, in words and as JSON.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { gitRepo, stableText } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";
import { call } from "./_call.ts";

function project() {
  const repo = gitRepo();
  repo.git("checkout", "-q", "-b", "feature/login");
  mkdirSync(join(repo.dir, "web"));
  return repo;
}

const explain = async (cwd: string, ...argv: string[]) => {
  const r = await call(["explain", ...argv], { cwd });
  return { code: r.code, text: stableText(r.stdout), stderr: r.stderr };
};

describe("hookrail explain", () => {
  it("a line that switches to a protected branch, then pushes: the branch at each command", async () => {
    const repo = project();
    const r = await explain(repo.dir, "merge-gate", "--", "git checkout main && git push");
    expect(r.code).toBe(3);
    expect(r.text).toMatchInlineSnapshot(`
      "merge-gate (claude) in <tmp>: git checkout main && git push
      BLOCKED (exit 3)
        reason: merge-gate: blocked. \`git push\` pushes to protected branch main
        Merging is the project owner's call, not yours: do not retry or work around this gate. Ask the user whether to merge. Only once they approve, rerun that same command with the approval marker (MERGE_APPROVED=1 git push), so the approval sits in the transcript next to the merge

      how it was decided:
        approval mode: marker
        protected branches: main, master

      simple commands (2):
        1.  git checkout main
            in <tmp>, on feature/login (repository <tmp>)
        2.  git push
            in <tmp>, on main (repository <tmp>)
            matched merge route: git push to main: pushes to protected branch main

      could not be known: nothing
      "
    `);
  });

  it("code inside code, a folder changed on the way, wrappers taken off", async () => {
    const repo = project();
    const r = await explain(
      repo.dir,
      "merge-gate",
      "--cli",
      "codex",
      "--",
      "bash -c 'cd web && env FOO=1 gh pr merge 12'",
    );
    expect(r.code).toBe(3);
    expect(r.text).toMatchInlineSnapshot(`
      "merge-gate (codex) in <tmp>: bash -c 'cd web && env FOO=1 gh pr merge 12'
      BLOCKED (exit 3)
        reason: merge-gate: blocked. \`env FOO=1 gh pr merge 12\` merges a pull request
        Merging is the project owner's call, not yours: do not retry or work around this gate. Ask the user whether to merge. Only once they approve, rerun that same command with the approval marker (MERGE_APPROVED=1 env FOO=1 gh pr merge 12), so the approval sits in the transcript next to the merge

      how it was decided:
        approval mode: marker
        protected branches: main, master

      simple commands (4):
        1.  bash -c 'cd web && env FOO=1 gh pr merge 12'
            in <tmp>, on feature/login (repository <tmp>)
          2.  cd web
              in <tmp>, on feature/login (repository <tmp>)
          3.  env FOO=1 gh pr merge 12
              in <tmp>, on feature/login (repository <tmp>)
          4.  gh pr merge 12  (after 1 wrapper)
              in <tmp>, on feature/login (repository <tmp>)
              matched merge route: gh pr merge: merges a pull request

      could not be known: nothing
      "
    `);
  });

  it("two courses the line may take: each command in every world it runs in", async () => {
    const repo = project();
    const r = await explain(repo.dir, "merge-gate", "--", "git switch main || cd /; git push");
    expect(r.text).toMatchInlineSnapshot(`
      "merge-gate (claude) in <tmp>: git switch main || cd /; git push
      BLOCKED (exit 3)
        reason: merge-gate: blocked. \`git push\` pushes to protected branch main
        Merging is the project owner's call, not yours: do not retry or work around this gate. Ask the user whether to merge. Only once they approve, rerun that same command with the approval marker (MERGE_APPROVED=1 git push), so the approval sits in the transcript next to the merge

      how it was decided:
        approval mode: marker
        protected branches: main, master

      simple commands (3):
        1.  git switch main
            in <tmp>, on feature/login (repository <tmp>)
        2.  cd /
            in / (not in a repository)
        3.  git push
            in <tmp>, on main (repository <tmp>)
            in / (not in a repository)
            in <tmp>, on feature/login (repository <tmp>)
            matched merge route: git push to main: pushes to protected branch main

      could not be known: nothing
      "
    `);
  });

  it("an approved merge is allowed (exit 0) and says which approval counted", async () => {
    const repo = project();
    const r = await explain(
      repo.dir,
      "merge-gate",
      "--cli",
      "gemini",
      "--",
      "MERGE_APPROVED=1 gh pr merge 12 --squash",
    );
    expect(r.code).toBe(0);
    expect(r.text).toMatchInlineSnapshot(`
      "merge-gate (gemini) in <tmp>: MERGE_APPROVED=1 gh pr merge 12 --squash
      ALLOWED (exit 0)

      how it was decided:
        approval mode: marker
        protected branches: main, master

      simple commands (1):
        1.  gh pr merge 12 --squash  (approval marker on it)
            in <tmp>, on feature/login (repository <tmp>)
            approved merge route: gh pr merge: merges a pull request (approved with MERGE_APPROVED=1)

      could not be known: nothing
      "
    `);
  });

  it("what could not be known, and why", async () => {
    const repo = project();
    const r = await explain(repo.dir, "merge-gate", "--", 'eval "$DEPLOY" && git push origin "$(cat target)"');
    expect(r.code).toBe(3);
    expect(r.text).toMatchInlineSnapshot(`
      "merge-gate (claude) in <tmp>: eval "$DEPLOY" && git push origin "$(cat target)"
      BLOCKED (exit 3)
        reason: merge-gate: blocked. \`eval "$DEPLOY"\` cannot be checked: it runs code known only at run time
        \`git push origin "$(cat target)"\` cannot be checked: it pushes a branch named only at run time
        This gate cannot prove the command does not merge or push to a protected branch (main, master). Run the steps as plain commands instead. If a merge is really intended, merging is the project owner's call: ask the user first; once they approve, run the merge itself as a plain command with MERGE_APPROVED=1 in front

      how it was decided:
        approval mode: marker
        protected branches: main, master

      simple commands (3):
        1.  eval <known when it runs>
            in <tmp>, on feature/login (repository <tmp>)
            not known: it runs code known only at run time
        2.  cat target
            in <tmp>, on feature/login (repository <tmp>)
        3.  git push origin <known when it runs>
            in <tmp>, on feature/login (repository <tmp>)
            not known: it pushes a branch named only at run time

      could not be known:
        \`eval "$DEPLOY"\`: it runs code known only at run time
        \`git push origin "$(cat target)"\`: it pushes a branch named only at run time
      "
    `);
  });

  it("a plain command: the prefilter would skip the parse; shown in full anyway", async () => {
    const repo = project();
    const r = await explain(repo.dir, "merge-gate", "--", "ls -la && npm test");
    expect(r.code).toBe(0);
    expect(r.text).toMatchInlineSnapshot(`
      "merge-gate (claude) in <tmp>: ls -la && npm test
      ALLOWED (exit 0)

      how it was decided:
        approval mode: marker
        protected branches: main, master
        prefilter: this line names nothing that could merge or push; the hook skips the parse

      simple commands (2):
        1.  ls -la
            in <tmp>, on feature/login (repository <tmp>)
        2.  npm test
            in <tmp>, on feature/login (repository <tmp>)

      could not be known: nothing
      "
    `);
  });

  it("a guardrail with no command analysis shows its answer and says so", async () => {
    const repo = project();
    const r = await explain(repo.dir, "branch-drift", "--cli", "gemini", "--", "README.md");
    expect(r.code).toBe(0);
    expect(r.text).toMatchInlineSnapshot(`
      "branch-drift (gemini) in <tmp>: README.md
      ALLOWED (exit 0)

      branch-drift has no command analysis to trace; its answer is above.
      "
    `);
  });

  it("--json: the same trace for scripts", async () => {
    const repo = project();
    const r = await call(["explain", "merge-gate", "--json", "--", "cd web && git push origin HEAD:main"], {
      cwd: repo.dir,
    });
    expect(r.code).toBe(3);
    const trace = JSON.parse(r.stdout);
    expect(trace).toMatchObject({
      guardrail: "merge-gate",
      cli: "claude",
      input: "cd web && git push origin HEAD:main",
      verdict: "blocked",
      exitCode: 3,
      traced: true,
      notes: ["approval mode: marker", "protected branches: main, master"],
      unknown: [],
      line: [],
    });
    expect(trace.commands.map((c: { words: string[] }) => c.words.join(" "))).toEqual([
      "cd web",
      "git push origin HEAD:main",
    ]);
    expect(trace.commands[1]).toMatchObject({
      depth: 0,
      where: [{ cwd: join(repo.dir, "web"), branches: ["feature/login"], repo: join(repo.dir, ".git") }],
      findings: [
        {
          kind: "match",
          rule: "merge route: git push to main",
          text: "`git push origin HEAD:main` pushes to protected branch main",
        },
      ],
    });
  });
});
