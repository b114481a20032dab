// Approval mode review: a marked pull request merge runs only when GitHub's answer says approved, for the head
// commit, checks passing; everything that would forge or remove that record is blocked, marker or not.
import type { Decision } from "@hookrail/core";
import { type FakePullRequest, GH_OFFLINE, prViewJson, sha } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";
import { analyzeCommand } from "../../src/analysis/index.ts";
import type { GitHubAnswer } from "../../src/approval/review-check.ts";
import { reviewQuestion } from "../../src/approval/review-target.ts";
import { decideMergeGate } from "../../src/decide.ts";
import type { ApprovalMode } from "../../src/options.ts";

const HEAD = sha("head");
const OLD = sha("old");
const base = { protectedBranches: ["main", "master"], currentBranch: "feature/x" };
const pr = (changes: Partial<FakePullRequest> = {}): GitHubAnswer => ({
  json: prViewJson({
    number: 12,
    head: HEAD,
    reviewDecision: "APPROVED",
    reviews: [{ login: "alice", state: "APPROVED", commit: HEAD }],
    checks: [{ name: "test" }, { name: "lint", kind: "status", state: "SUCCESS" }],
    ...changes,
  }),
});
const decide = (
  command: string,
  githubReview?: GitHubAnswer,
  approvers: string[] = [],
  mode: ApprovalMode = "review",
) =>
  decideMergeGate(
    { ...base, command, review: mode === "review", ...(githubReview ? { githubReview } : {}) },
    {
      approval: mode,
      approvers,
    },
  );
const reason = (d: Decision) => (d.type === "deny" || d.type === "ask" ? d.reason : "");
const MERGE = "MERGE_APPROVED=1 gh pr merge 12 --squash";

describe("approval mode review: what GitHub answers", () => {
  it.each<[string, GitHubAnswer, string[], string | null]>([
    ["approved for the head, checks passing", pr(), [], null],
    ["approved by an approver", pr(), ["Alice"], null],
    ["approved, no checks reported", pr({ checks: [] }), [], null],
    [
      "changes requested",
      pr({
        reviewDecision: "CHANGES_REQUESTED",
        reviews: [{ login: "bob", state: "CHANGES_REQUESTED", commit: HEAD }],
      }),
      [],
      "pull request 12: changes requested (changes requested by bob)",
    ],
    ["review required", pr({ reviewDecision: "REVIEW_REQUIRED", reviews: [] }), [], "pull request 12: review required"],
    [
      "no review decision (no branch protection)",
      pr({ reviewDecision: "" }),
      [],
      "pull request 12: no review decision",
    ],
    [
      "a stale approval (an older head)",
      pr({ reviews: [{ login: "alice", state: "APPROVED", commit: OLD }] }),
      [],
      "approved by alice for commit 6f6c640, not for the head 6865616 (new commits since the approval)",
    ],
    ["approved by someone not in approvers", pr(), ["carol"], "approved only by alice, none of the approvers (carol)"],
    [
      "an approval later dismissed",
      pr({
        reviews: [
          { login: "alice", state: "APPROVED", commit: HEAD },
          { login: "alice", state: "DISMISSED", commit: HEAD },
        ],
      }),
      [],
      "approved, but GitHub lists no approving review",
    ],
    [
      "a failing check",
      pr({ checks: [{ name: "test", conclusion: "FAILURE" }, { name: "lint" }] }),
      [],
      "checks failing on 6865616: test (failure)",
    ],
    [
      "a failing commit status",
      pr({ checks: [{ name: "ci/circleci", kind: "status", state: "ERROR" }] }),
      [],
      "checks failing on 6865616: ci/circleci (error)",
    ],
    [
      "a check still running",
      pr({ checks: [{ name: "e2e", status: "IN_PROGRESS", conclusion: null }] }),
      [],
      "checks not finished on 6865616: e2e (in_progress)",
    ],
    [
      "offline",
      { failed: `\`gh pr view 12 --json …\` failed: ${GH_OFFLINE.split("\n")[0]}` },
      [],
      "GitHub answered: `gh pr view 12 --json …` failed: error connecting to api.github.com.",
    ],
    [
      "an answer it cannot read",
      { json: { headRefOid: 7 } },
      [],
      "an answer that is not a pull request's review state",
    ],
  ])("%s", (_label, answer, approvers, answered) => {
    const d = decide(MERGE, answer, approvers);
    if (answered === null) expect(d, reason(d)).toEqual({ type: "allow" });
    else {
      expect(d.type).toBe("deny");
      expect(reason(d)).toContain(answered);
    }
  });

  it("tells the model what GitHub answered and what to do next", () => {
    const d = decide(MERGE, pr({ reviewDecision: "CHANGES_REQUESTED" }), ["alice"]);
    expect(reason(d)).toMatchInlineSnapshot(`
      "merge-gate: blocked. \`MERGE_APPROVED=1 gh pr merge 12 --squash\` merges a pull request (approved with MERGE_APPROVED=1)
      In this project (approval mode review) a merge runs only when GitHub, asked at that moment, reports the pull request approved by one of alice for its latest commit, with its checks passing. GitHub answered: pull request 12: changes requested.
      Do not retry or work around this gate. Tell the user what GitHub says; once a reviewer has approved the latest commit on GitHub and the checks pass, run the same command again (with MERGE_APPROVED=1 in front)"
    `);
  });

  it("still needs the marker, and says how the merge gets approved in this mode", () => {
    const d = decide("gh pr merge 12", pr());
    expect(reason(d)).toContain("the merge then runs only once GitHub shows the pull request approved");
    expect(reason(d)).toContain("(MERGE_APPROVED=1 gh pr merge 12)");
  });
});

describe("approval mode review: which pull request GitHub is asked about", () => {
  const question = (command: string) => reviewQuestion(analyzeCommand(command, { ...base, review: true }), command);
  it.each([
    [MERGE, { ask: { pr: "12" } }],
    ["MERGE_APPROVED=1 gh pr merge '#12'", { ask: { pr: "12" } }],
    ["MERGE_APPROVED=1 gh --repo acme/app pr merge 12 --auto", { ask: { pr: "12", repo: "acme/app" } }],
    ["MERGE_APPROVED=1 gh pr merge -R acme/app --body 'ship it' 12", { ask: { pr: "12", repo: "acme/app" } }],
    [
      "MERGE_APPROVED=1 gh pr merge https://github.com/acme/app/pull/12",
      { ask: { pr: "https://github.com/acme/app/pull/12" } },
    ],
    ["MERGE_APPROVED=1 gh pr merge feature/x", { ask: { pr: "feature/x" } }],
    ["MERGE_APPROVED=1 gh pr merge --squash", { ask: {} }],
    ["MERGE_APPROVED=1 gh api repos/acme/app/pulls/12/merge -X PUT", { ask: { pr: "12", repo: "acme/app" } }],
    ["MERGE_APPROVED=1 gh api 'repos/{owner}/{repo}/pulls/12/merge' -X PUT", { ask: { pr: "12" } }],
    [
      "MERGE_APPROVED=1 curl -X PUT https://api.github.com/repos/acme/app/pulls/12/merge",
      { ask: { pr: "12", repo: "acme/app" } },
    ],
    [
      "MERGE_APPROVED=1 curl -X PUT https://ghe.corp/api/v3/repos/acme/app/pulls/12/merge",
      { ask: { pr: "12", repo: "ghe.corp/acme/app" } },
    ],
  ])("%s → %j", (command, expected) => {
    expect(question(command)).toEqual(expected);
  });

  it.each([
    ["cd sub && MERGE_APPROVED=1 gh pr merge", /current branch's pull request/],
    ["MERGE_APPROVED=1 gh pr merge 12 && MERGE_APPROVED=1 gh pr merge 13", /one pull request per command/],
    ["MERGE_APPROVED=1 gh pr merge $PR", /not plain in the command/],
    [
      `MERGE_APPROVED=1 gh api graphql -f query='mutation { mergePullRequest(input: {pullRequestId: "PR_x"}) { clientMutationId } }'`,
      /by its id/,
    ],
    ["MERGE_APPROVED=1 git push origin HEAD:main", /not a pull request merge/],
    ["MERGE_APPROVED=1 glab mr merge 3", /GitLab merge request approvals are not supported yet/],
  ])("%s is blocked: %s", (command, why) => {
    const d = decide(command, pr());
    expect(d.type).toBe("deny");
    expect(reason(d)).toMatch(why);
  });
});

describe("approval mode review: the agent cannot forge or remove GitHub's record", () => {
  it.each([
    "gh pr review 12 --approve",
    "MERGE_APPROVED=1 gh pr review 12 -a -b lgtm",
    "gh pr review --approve=true",
    "gh pr review 12 --approve=$YES",
    "gh api repos/acme/app/pulls/12/reviews -f event=APPROVE",
    "gh api -X POST repos/acme/app/pulls/12/reviews/99/events -f event=approve",
    `curl -X POST -d '{"event":"APPROVE"}' https://api.github.com/repos/acme/app/pulls/12/reviews`,
    "gh api repos/acme/app/pulls/12/reviews --input review.json",
    "gh api -X PUT repos/acme/app/pulls/12/reviews/99/dismissals -f message=stale",
    "gh api -X DELETE repos/acme/app/branches/main/protection/required_status_checks",
    "gh api -X PUT repos/acme/app/branches/main/protection --input p.json",
    "gh api -X DELETE repos/acme/app/rulesets/5",
    "gh api -X POST orgs/acme/rulesets --input r.json",
    "gh api repos/acme/app/statuses/abc123 -f state=success -f context=ci",
    "curl -X POST https://api.github.com/repos/acme/app/check-runs -d '{}'",
    `gh api graphql -f query='mutation { addPullRequestReview(input: {pullRequestId: "x", event: APPROVE}) { clientMutationId } }'`,
    `gh api graphql -f query='mutation($e: PullRequestReviewEvent!) { submitPullRequestReview(input: {event: $e}) { clientMutationId } }' -f e=APPROVE`,
    `gh api graphql -f query='mutation { dismissPullRequestReview(input: {pullRequestReviewId: "x", message: "m"}) { clientMutationId } }'`,
    `gh api graphql -f query='mutation { updateBranchProtectionRule(input: {branchProtectionRuleId: "x"}) { clientMutationId } }'`,
    "glab mr approve 3",
    "bash -c 'gh pr review 12 --approve'",
  ])("%s", (command) => {
    const d = decide(command, pr());
    expect(d.type, reason(d)).toBe("deny");
    expect(reason(d)).toContain("the marker does not approve it");
  });

  // The marker approves a merge only once GitHub says so; a change to the protection itself it never approves.
  it.each([
    "MERGE_APPROVED=1 gh api -X DELETE repos/acme/app/branches/main/protection",
    "MERGE_APPROVED=1 gh api -X PATCH repos/acme/app/branches/main/protection/required_pull_request_reviews -f x=1",
    "MERGE_APPROVED=1 curl -X DELETE https://api.github.com/repos/acme/app/branches/main/protection",
    "MERGE_APPROVED=1 gh api -X PUT repos/acme/app/rulesets/5 --input r.json",
    "MERGE_APPROVED=1 glab api -X DELETE projects/1/protected_branches/main",
  ])("marked, still blocked: %s", (command) => {
    const d = decide(command, pr());
    expect(d.type, reason(d)).toBe("deny");
    expect(reason(d)).toMatch(/the marker does not approve/);
  });

  it.each([
    "gh pr review 12 --comment -b 'looks fine'",
    "gh pr review 12 --request-changes -b 'not yet'",
    "gh pr review 12 --approve=false -c -b x",
    "gh api repos/acme/app/pulls/12/reviews",
    "gh api repos/acme/app/pulls/12/reviews -f event=COMMENT -f body=x",
    "gh api repos/acme/app/branches/main/protection",
    "glab api projects/1/protected_branches",
    "gh pr checks 12",
    "gh pr view 12 --json reviewDecision",
  ])("%s runs", (command) => {
    expect(decide(command, pr())).toEqual({ type: "allow" });
  });

  it("reports none of these in the other modes", () => {
    for (const mode of ["marker", "user"] as const) {
      expect(decide("gh pr review 12 --approve", undefined, [], mode)).toEqual({ type: "allow" });
    }
  });

  it("does not let the marker approve a change to hookrail's own config in this mode", () => {
    const d = decideMergeGate(
      {
        ...base,
        command: "MERGE_APPROVED=1 rm /home/u/.config/hookrail/config.json",
        review: true,
        protectedPaths: { home: "/home/u", places: [] } as never,
      },
      { approval: "review" },
    );
    expect(d.type).toBe("deny");
  });
});
