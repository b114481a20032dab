// Approval mode "user": the prompt grammar, and which approvals cover which merges.
import { describe, expect, it } from "vitest";
import { analyzeCommand } from "../../src/analysis/index.ts";
import {
  type Approval,
  approvalsInPrompt,
  checkUserApprovals,
  runsGateHook,
} from "../../src/approval/user-approvals.ts";

const facts = { protectedBranches: ["main"], currentBranch: "feature/x" };
const merge = (pr: string): Approval => ({ kind: "merge", pr });
const push = (branch: string): Approval => ({ kind: "push", branch });

describe("approvalsInPrompt", () => {
  it.each<[string, Approval[]]>([
    ["approve merge 12", [merge("12")]],
    ["Approve merge #12.", [merge("12")]],
    ["  APPROVE MERGE 012 !", [merge("12")]],
    ["Looks good.\napprove merge 12\nthanks", [merge("12")]],
    ["approve merge 12\napprove merge 14\napprove merge 12", [merge("12"), merge("14")]],
    ["approve push to main", [push("main")]],
    ["approve push to release/1.2", [push("release/1.2")]],
    // Anything else on the line approves nothing.
    ["please approve merge 12", []],
    ["don't approve merge 12", []],
    ["approve merge 12?", []],
    ["approve merge 12 and 13", []],
    ["approve merge", []],
    ["approve merge twelve", []],
    ["merge 12", []],
    ["I approve merging PR 12", []],
    ["", []],
  ])("%j → %j", (prompt, expected) => {
    expect(approvalsInPrompt(prompt)).toEqual(expected);
  });
});

describe("checkUserApprovals", () => {
  const check = (command: string, granted: Approval[]) =>
    checkUserApprovals(analyzeCommand(command, facts).findings, granted);

  it.each<[string, Approval[], boolean]>([
    ["MERGE_APPROVED=1 gh pr merge 12", [merge("12")], true],
    ["MERGE_APPROVED=1 gh pr merge 12 --squash --delete-branch", [merge("12")], true],
    ["MERGE_APPROVED=1 gh pr merge '#12'", [merge("12")], true],
    ["MERGE_APPROVED=1 gh pr merge https://github.com/o/r/pull/12", [merge("12")], true],
    ["MERGE_APPROVED=1 gh api -X PUT repos/o/r/pulls/12/merge", [merge("12")], true],
    ["MERGE_APPROVED=1 git push origin HEAD:main", [push("main")], true],
    ["MERGE_APPROVED=1 gh pr merge 13", [merge("12")], false],
    ["MERGE_APPROVED=1 gh pr merge 12", [push("main")], false],
    ["MERGE_APPROVED=1 gh pr merge 12", [], false],
    // No number: the current branch's pull request, which the approval cannot be tied to.
    ["MERGE_APPROVED=1 gh pr merge --squash", [merge("12")], false],
    // Two numbers after merge: not one pull request.
    ["MERGE_APPROVED=1 gh pr merge --subject 13 12", [merge("12")], false],
    ["MERGE_APPROVED=1 git push origin HEAD:main", [push("master")], false],
    ["MERGE_APPROVED=1 gh pr merge 12 && MERGE_APPROVED=1 gh pr merge 14", [merge("12"), merge("14")], true],
    ["MERGE_APPROVED=1 gh pr merge 12 && MERGE_APPROVED=1 gh pr merge 14", [merge("12")], false],
    ["MERGE_APPROVED=1 git push --all", [push("main")], false],
  ])("%s with %j → covered: %s", (command, granted, ok) => {
    expect(check(command, granted).ok).toBe(ok);
  });
});

describe("runsGateHook", () => {
  it.each<[string, boolean]>([
    ["echo '{}' | node ~/.claude/plugins/cache/hookrail/merge-gate/0.1.0/hooks/merge-gate.cjs", true],
    ["node $CODEX_HOME/hookrail/merge-gate/merge-gate.cjs < prompt.json", true],
    ["hookrail run merge-gate --cli claude < p.json", true],
    ["node apps/cli/dist/hookrail.mjs run merge-gate --cli codex", true],
    ["hookrail try merge-gate -- 'gh pr merge 1'", false],
    ["git merge-base main HEAD", false],
    ["npm test -w @hookrail/merge-gate", false],
  ])("%s → %s", (command, expected) => {
    expect(runsGateHook(command)).toBe(expected);
  });
});
