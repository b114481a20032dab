import { describe, expect, it } from "vitest";
import { analyzeCommand, isBlocked } from "../../src/analysis/index.ts";

type Verdict = "block" | "allow";

function verdict(command: string, currentBranch: string | null, protectedBranches = ["main", "master"]): Verdict {
  return isBlocked(analyzeCommand(command, { protectedBranches, currentBranch })) ? "block" : "allow";
}

describe("a push without a refspec pushes the current branch", () => {
  // command, on main, on feature, unknown (detached or not looked up)
  it.each<[string, Verdict, Verdict, Verdict]>([
    ["git push", "block", "allow", "block"],
    ["git push origin", "block", "allow", "block"],
    ["git push -u origin", "block", "allow", "block"],
    ["git push --force", "block", "allow", "block"],
    ["git push origin HEAD", "block", "allow", "block"],
    ["git push origin @", "block", "allow", "block"],
    ["git push --follow-tags", "block", "allow", "block"],
    ['git push origin "$(git branch --show-current)"', "block", "allow", "block"],
    ["git push origin `git rev-parse --abbrev-ref HEAD`", "block", "allow", "block"],
    ["bash -c 'git push'", "block", "allow", "block"],
    ["git push --tags", "allow", "allow", "allow"],
    ["git push origin feature", "allow", "allow", "allow"],
    ["git push origin main", "block", "block", "block"],
    ["git push -n", "allow", "allow", "allow"],
    // A push is judged against the branch checked out at that point of the line.
    ["git checkout main && git merge feature && git push", "block", "block", "block"],
    ["git checkout -b fix origin/main && git push -u origin HEAD", "allow", "allow", "allow"],
    ["git checkout main -- README.md && git push", "block", "allow", "block"],
    // Another repository's current branch is not known without looking it up.
    ["git -C ../other push", "block", "block", "block"],
    ["git -C ../other push origin feature", "allow", "allow", "allow"],
  ])("%s", (command, onMain, onFeature, unknown) => {
    expect([verdict(command, "main"), verdict(command, "feature"), verdict(command, null)]).toEqual([
      onMain,
      onFeature,
      unknown,
    ]);
  });
});

describe("protected branch patterns", () => {
  const patterns = ["main", "release/*"];
  it.each<[string, string | null, Verdict]>([
    ["git push origin release/1.2", "feature", "block"],
    ["git push origin HEAD:refs/heads/release/next", "feature", "block"],
    ["git push origin releases/1.2", "feature", "allow"],
    ["git push origin release", "feature", "allow"],
    ["git push", "release/9", "block"],
    ["git push origin master", "feature", "allow"],
  ])("%s on %s", (command, current, expected) => {
    expect(verdict(command, current, patterns)).toBe(expected);
  });
});
