// A refspec pattern is judged by what its destination can match: `feature/*` never reaches main.
import { describe, expect, it } from "vitest";
import { analyzeCommand, isBlocked } from "../../src/analysis/index.ts";
import { globsMeet } from "../../src/analysis/ref-patterns.ts";
import { fakeFacts } from "./_checkouts.ts";

const withPush = (push: string | string[], protectedBranches = ["main", "master", "release/*"]) =>
  fakeFacts({ "/repo": { branch: "feature/x", config: { "remote.origin.push": push } } }, { protectedBranches });

describe("refspec patterns", () => {
  it.each<[string | string[], boolean]>([
    ["refs/heads/feature/*:refs/heads/feature/*", false],
    ["+refs/heads/feature/*:refs/heads/feature/*", false],
    ["refs/heads/*:refs/heads/ci/*", false],
    ["refs/heads/*:refs/remotes/backup/*", false],
    ["refs/tags/*:refs/tags/*", false],
    ["refs/heads/*:refs/heads/*", true],
    ["refs/heads/feature/*:refs/heads/*", true],
    ["refs/heads/rel*:refs/heads/rel*", true],
    ["refs/*:refs/*", true],
    [["refs/heads/feature/*:refs/heads/feature/*", "refs/heads/x:refs/heads/main"], true],
  ])("a bare push with remote.origin.push=%j is blocked: %s", (push, blocked) => {
    expect(isBlocked(analyzeCommand("git push", withPush(push)))).toBe(blocked);
  });

  it.each([
    ["git push origin 'refs/heads/feature/*:refs/heads/feature/*'", false],
    ["git push origin 'refs/heads/*:refs/heads/*'", true],
    ["git push origin '+refs/*:refs/*'", true],
    ["git push origin 'refs/tags/*:refs/tags/*'", false],
    ["git push origin 'release/*:release/*'", true],
  ])("%s is blocked: %s", (command, blocked) => {
    expect(isBlocked(analyzeCommand(command, withPush([])))).toBe(blocked);
  });

  it.each([
    ["refs/heads/feature/*", "refs/heads/main", false],
    ["refs/heads/*", "refs/heads/main", true],
    ["refs/heads/feature/*", "refs/heads/release/*", false],
    ["refs/heads/re*", "refs/heads/*/1", true],
    ["refs/*/x", "refs/heads/*", true],
    ["a*b", "*c", false],
    ["*", "", true],
  ])("globsMeet(%s, %s) = %s", (a, b, meet) => {
    expect(globsMeet(a, b)).toBe(meet);
    expect(globsMeet(b, a)).toBe(meet);
  });
});
