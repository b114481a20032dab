// How an MCP forge call is approved in each mode: the marker at the start of a text argument (marker, ask), the
// user's own approval line (user), GitHub's review of the pull request the call names (review).
import type { Decision } from "@hookrail/core";
import { type FakePullRequest, prViewJson, sha } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";
import type { GitHubAnswer } from "../../src/approval/review-check.ts";
import { mcpReviewTarget } from "../../src/mcp/decide.ts";
import { classifyUnknownTool } from "../../src/unknown-tool.ts";
import { judge, mcpFacts } from "./_mcp.ts";

const MERGE = "mcp__github__merge_pull_request";
const PR = { owner: "o", repo: "r", pullNumber: 12 };
const MARKED = { ...PR, commit_message: "MERGE_APPROVED=1 approved by the user" };
const PUSH = { owner: "o", repo: "r", branch: "main", files: [], message: "hotfix" };
const reason = (d: Decision) => (d.type === "deny" || d.type === "ask" ? d.reason : "");
const HEAD = sha("head");
const review = (changes: Partial<FakePullRequest> = {}): GitHubAnswer => ({
  json: prViewJson({
    number: 12,
    head: HEAD,
    reviewDecision: "APPROVED",
    reviews: [{ login: "alice", state: "APPROVED", commit: HEAD }],
    checks: [{ name: "test" }],
    ...changes,
  }),
});

describe("approval mode marker", () => {
  it("names the argument the marker goes in", () => {
    expect(reason(judge(MERGE, PR))).toMatchInlineSnapshot(`
      "merge-gate: blocked. \`mcp__github__merge_pull_request\` merges pull request #12
      Merging is the project owner's call, not yours: do not retry or work around this gate. Ask the user whether to do it. Only once they approve, call the same tool again with MERGE_APPROVED=1 at the start of its \`commit_message\` argument (e.g. "commit_message": "MERGE_APPROVED=1 <the text>"), so the approval sits in the transcript next to it."
    `);
    expect(judge(MERGE, MARKED)).toEqual({
      type: "allow",
      approved: expect.stringContaining("merges pull request #12"),
    });
  });

  it("asks for the branch when a write names none, and says when a tool cannot carry the marker", () => {
    const { branch: _, ...noBranch } = PUSH;
    expect(reason(judge("mcp__gh__push_files", noBranch))).toMatch(
      /commits to the default branch \(it names no branch\)[\s\S]*start of its `message` argument[\s\S]*name it in the call's `branch` argument/,
    );
    expect(reason(judge("mcp__gl__protect_branch", { project_id: "g/p", branch_name: "main" }))).toMatchInlineSnapshot(`
      "merge-gate: blocked. \`mcp__gl__protect_branch\` changes branch protection or the default branch on the forge (the server-side lock)
      Merging is the project owner's call, not yours: do not retry or work around this gate. This tool takes no text argument that can carry the approval marker: ask the user to do it themselves, or, once they approve, do it with the matching git, gh or glab command run with MERGE_APPROVED=1 in front."
    `);
  });

  it("names the pull request whose auto-merge a call turns on, and the text its marker goes in", () => {
    const autoComplete = { repositoryId: "r", pullRequestId: 12, autoComplete: true };
    expect(reason(judge("mcp__ado__repo_update_pull_request", autoComplete))).toMatch(
      /`mcp__ado__repo_update_pull_request` sets pull request #12 to merge by itself \(autoComplete\)[\s\S]*start of its `description` argument/,
    );
    const titled = { ...autoComplete, title: "Fix" };
    expect(reason(judge("mcp__ado__repo_update_pull_request", titled))).toMatch(/start of its `title` argument/);
    const create = { repositoryId: "r", sourceRefName: "feature/x", title: "Fix", autoComplete: true };
    expect(reason(judge("mcp__ado__repo_create_pull_request", create))).toMatch(
      /creates a pull request into the default branch \(it names none\) that merges by itself \(autoComplete\)[\s\S]*start of its `title` argument/,
    );
    const complete = { repositoryId: "r", pullRequestId: 12, status: "Completed" };
    expect(reason(judge("mcp__azdo__update_pull_request", complete))).toMatch(
      /merges pull request #12 \(status Completed\)/,
    );
  });

  it("puts a merge bot command's marker in the comment's body", () => {
    const comment = { owner: "o", repo: "r", issue_number: 4, body: "@mergifyio queue" };
    expect(reason(judge("mcp__github__add_issue_comment", comment))).toMatch(
      /tells a merge bot to merge \(`@mergifyio queue`\)[\s\S]*start of its `body` argument/,
    );
  });
});

describe("approval mode ask", () => {
  it("asks the user, with the marker rules where the CLI cannot ask", () => {
    const decision = judge(MERGE, PR, "ask");
    expect(decision).toMatchObject({ type: "ask", fallback: { type: "deny" } });
    expect(reason(decision)).toMatch(/^merge-gate: `mcp__github__merge_pull_request` merges pull request #12\n/);
    expect(judge(MERGE, MARKED, "ask")).toMatchObject({ type: "ask", fallback: { type: "allow" } });
  });
});

describe("approval mode user", () => {
  it.each<[string, Record<string, unknown>, { kind: "merge"; pr: string } | { kind: "push"; branch: string }, boolean]>(
    [
      [MERGE, PR, { kind: "merge", pr: "12" }, true],
      [MERGE, PR, { kind: "merge", pr: "13" }, false],
      [
        "mcp__gitlab__merge_merge_request",
        { project_id: "g/p", merge_request_iid: "012" },
        { kind: "merge", pr: "12" },
        true,
      ],
      ["mcp__gh__push_files", PUSH, { kind: "push", branch: "main" }, true],
      ["mcp__gh__push_files", PUSH, { kind: "push", branch: "master" }, false],
      [
        "mcp__gh__add_issue_comment",
        { owner: "o", repo: "r", issue_number: 4, body: "bors r+" },
        { kind: "merge", pr: "4" },
        true,
      ],
      ["mcp__gl__unprotect_branch", { project_id: 1, branch_name: "main" }, { kind: "push", branch: "main" }, false],
      [
        "mcp__ado__repo_update_pull_request",
        { repositoryId: "r", pullRequestId: 12, autoComplete: true },
        { kind: "merge", pr: "12" },
        true,
      ],
      ["mcp__ado__complete_pull_request", { repositoryId: "r", pr_id: 12 }, { kind: "merge", pr: "12" }, true],
      ["mcp__ado__complete_pull_request", { repositoryId: "r", prId: 12 }, { kind: "merge", pr: "13" }, false],
    ],
  )("%s %o with the user's %o: runs %s", (tool, input, granted, runs) => {
    const decision = judge(tool, input, "user", { userApprovals: [granted] });
    expect(decision.type === "allow", reason(decision)).toBe(runs);
  });

  it("tells the model the line the user types; its own marker does not count", () => {
    expect(reason(judge(MERGE, MARKED, "user"))).toMatchInlineSnapshot(`
      "merge-gate: blocked. \`mcp__github__merge_pull_request\` merges pull request #12
      This project accepts this only after the user approved it in their own latest message; an approval you write yourself does not count. Ask the user; to approve, they type this line in their message: \`approve merge 12\`. Then call the same tool again"
    `);
  });
});

describe("approval mode review", () => {
  it("asks GitHub about the pull request the call names, once it carries the marker", () => {
    const verdict = classifyUnknownTool(MERGE, MARKED, mcpFacts(true));
    expect(verdict.kind === "lands" && mcpReviewTarget(verdict.judged)).toEqual({ pr: "12", repo: "o/r" });
    expect(judge(MERGE, MARKED, "review", { githubReview: review() }).type).toBe("allow");
    expect(judge(MERGE, MARKED, "review", { githubReview: review() }, ["bob"]).type).toBe("deny");
    const stale = review({ reviews: [{ login: "alice", state: "APPROVED", commit: sha("old") }] });
    expect(reason(judge(MERGE, MARKED, "review", { githubReview: stale }))).toMatch(/GitHub answered: /);
    expect(reason(judge(MERGE, PR, "review", { githubReview: review() }))).toMatch(
      /approval mode review[\s\S]*Then call the same tool again with MERGE_APPROVED=1 at the start of its `commit_message`/,
    );
  });

  it.each<[string, Record<string, unknown>, RegExp]>([
    [
      "mcp__github__pull_request_review_write",
      { ...PR, method: "create", event: "APPROVE" },
      /records a review approval/,
    ],
    ["mcp__gitlab__approve_merge_request", { project_id: "g/p", merge_request_iid: "4" }, /records a review approval/],
    ["mcp__gitlab__create_commit_status", { project_id: "g/p", sha: "abc", state: "success" }, /sets a commit status/],
    [
      "mcp__gitlab__merge_merge_request",
      { project_id: "g/p", merge_request_iid: "4", merge_commit_message: "MERGE_APPROVED=1" },
      /GitLab merge request approvals are not supported/,
    ],
    ["mcp__gh__push_files", { ...PUSH, message: "MERGE_APPROVED=1 fix" }, /this is not a pull request merge/],
  ])("blocks %s %o", (tool, input, why) => {
    expect(reason(judge(tool, input, "review", { githubReview: review() }))).toMatch(why);
  });

  it("lets a review that is not an approval run, and approvals outside mode review", () => {
    const comment = { ...PR, method: "create", event: "COMMENT", body: "nit" };
    expect(judge("mcp__github__pull_request_review_write", comment, "review").type).toBe("allow");
    expect(judge("mcp__gitlab__approve_merge_request", { project_id: 1, merge_request_iid: "4" }).type).toBe("allow");
  });
});
