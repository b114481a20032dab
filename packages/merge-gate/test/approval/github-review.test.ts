// Asking GitHub, for real processes: one `gh pr view` with the fields the decision reads, in the merge's folder,
// with a short timeout; a gh that fails, hangs, prints no JSON or is not installed gives a reason, never an answer.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { GH_OFFLINE, sha, tempDir, writeFakeGh } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";
import { analyzeCommand } from "../../src/analysis/index.ts";
import { askGitHub, GITHUB_TIMEOUT_MS, ghArgs, githubReviewFor } from "../../src/approval/github-review.ts";

const pr = { number: 12, head: sha("head"), reviewDecision: "APPROVED" as const, reviews: [], checks: [] };

function fakeGh(answers: Parameters<typeof writeFakeGh>[2]) {
  const dir = tempDir("hookrail-gh-");
  const log = join(dir, "calls.jsonl");
  writeFakeGh(join(dir, "bin"), log, answers);
  const env = { PATH: `${join(dir, "bin")}:${process.env.PATH ?? ""}`, HOME: dir };
  const calls = () =>
    readFileSync(log, "utf8")
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { argv: string[]; cwd: string });
  return { dir, env, calls };
}

describe("asking GitHub about a pull request", () => {
  it("asks once, for the fields the decision reads, where the merge runs", async () => {
    const gh = fakeGh({ "12": { pr } });
    const answer = await askGitHub({ pr: "12", repo: "acme/app" }, { cwd: gh.dir, env: gh.env });
    expect(answer).toMatchObject({ json: { headRefOid: pr.head, reviewDecision: "APPROVED", reviews: [] } });
    expect(gh.calls()).toEqual([
      {
        name: "gh",
        argv: ["pr", "view", "12", "-R", "acme/app", "--json", "reviewDecision,reviews,statusCheckRollup,headRefOid"],
        cwd: gh.dir,
        t: expect.any(Number),
      },
    ]);
  });

  it("resolves the current branch's pull request in the same call", () => {
    expect(ghArgs({})).toEqual(["pr", "view", "--json", "number,reviewDecision,reviews,statusCheckRollup,headRefOid"]);
  });

  it.each([
    ["offline", { fail: GH_OFFLINE }, /failed: error connecting to api\.github\.com/],
    [
      "not logged in",
      { fail: "To get started with GitHub CLI, please run:  gh auth login", exitCode: 4 },
      /gh auth login/,
    ],
    [
      "an unknown pull request",
      { fail: "GraphQL: Could not resolve to a PullRequest with the number of 12." },
      /Could not resolve/,
    ],
  ])("gives gh's own words when it fails: %s", async (_label, answer, why) => {
    const gh = fakeGh({ "12": answer });
    const got = await askGitHub({ pr: "12" }, { cwd: gh.dir, env: gh.env });
    expect("failed" in got && got.failed).toMatch(why);
  });

  it("gives up after the timeout", async () => {
    const gh = fakeGh({ "12": { hangMs: GITHUB_TIMEOUT_MS + 5000 } });
    const started = Date.now();
    const got = await askGitHub({ pr: "12" }, { cwd: gh.dir, env: gh.env });
    expect("failed" in got && got.failed).toMatch(/no answer within 3 s/);
    expect(Date.now() - started).toBeLessThan(GITHUB_TIMEOUT_MS + 4000);
  }, 15_000);

  it("says so when gh is not installed", async () => {
    const dir = tempDir("hookrail-gh-");
    const got = await askGitHub({ pr: "12" }, { cwd: dir, env: { PATH: dir } });
    expect("failed" in got && got.failed).toMatch(/gh is not installed/);
  });

  it("asks nothing for a command that is not a marked merge, or that merges unmarked", async () => {
    const gh = fakeGh({ "12": { pr } });
    const facts = { protectedBranches: ["main"], currentBranch: "feature/x", review: true };
    for (const command of [
      "ls",
      "gh pr merge 12",
      "gh pr review 12 --approve",
      "MERGE_APPROVED=1 git push origin main",
    ]) {
      expect(
        await githubReviewFor(analyzeCommand(command, facts), command, { cwd: gh.dir, env: gh.env }),
      ).toBeUndefined();
    }
    const merge = "MERGE_APPROVED=1 gh pr merge 12";
    expect(await githubReviewFor(analyzeCommand(merge, facts), merge, { cwd: gh.dir, env: gh.env })).toMatchObject({
      json: { headRefOid: pr.head },
    });
    expect(gh.calls()).toHaveLength(1);
  });
});
