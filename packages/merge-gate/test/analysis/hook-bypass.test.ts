// Pushing past the git pre-push hook needs the approval marker, like a merge.
import { describe, expect, it } from "vitest";
import { analyzeCommand, describeFindings, isBlocked } from "../../src/analysis/index.ts";

const facts = { protectedBranches: ["main"], currentBranch: "feature/x" };

describe("skipping the pre-push hook", () => {
  it.each<[string, boolean]>([
    ["git push --no-verify origin feature/x", true],
    ["git push origin feature/x --no-verify", true],
    ["git push --no-verify --verify origin feature/x", false],
    ["git push --verify --no-verify", true],
    ["git push --no-verify --dry-run origin main", false],
    ["git -c core.hooksPath=/dev/null push origin feature/x", true],
    ["git -c core.HooksPath=/tmp/none push", true],
    ["git --config-env core.hooksPath=EMPTY push origin feature/x", true],
    ["GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=core.hooksPath GIT_CONFIG_VALUE_0=/x git push origin feature/x", true],
    ["GIT_CONFIG_PARAMETERS=\"'core.hookspath'='/x'\" git push origin feature/x", true],
    ["git config core.hooksPath /dev/null && git push origin feature/x", true],
    ["git config --local core.hooksPath .nohooks", true],
    ["git config --unset core.hooksPath", true],
    ["git config set core.hooksPath x", true],
    ["git config unset core.hooksPath", true],
    ["git config --global --add core.hooksPath x", true],
    ["MERGE_APPROVED=1 git push --no-verify origin feature/x", false],
    ["MERGE_APPROVED=1 git config core.hooksPath .husky", false],
    // Reading the setting, or other settings, is fine.
    ["git config core.hooksPath", false],
    ["git config --get core.hooksPath", false],
    ["git config get core.hooksPath", false],
    ["git config --list", false],
    ["git config user.name 'A B'", false],
    ["git -c core.hooksPath=.husky commit -m x", false],
    ["git push origin feature/x", false],
  ])("%s → blocked: %s", (command, blocked) => {
    expect(isBlocked(analyzeCommand(command, facts))).toBe(blocked);
  });

  it("says what the command skips", () => {
    expect(describeFindings(analyzeCommand("git push --no-verify", facts))).toBe(
      "`git push --no-verify` skips the git pre-push hook that guards protected branches",
    );
  });
});
