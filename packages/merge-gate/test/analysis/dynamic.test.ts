import { describe, expect, it } from "vitest";
import { analyzeCommand, isBlocked } from "../../src/analysis/index.ts";

const facts = { protectedBranches: ["main"], currentBranch: "feature" };
const blocked = (command: string) => isBlocked(analyzeCommand(command, facts));

describe("parts known only at run time", () => {
  it.each<[string, boolean]>([
    // Code that is all run-time text is unprovable, whatever the rest says, except the output of a program that
    // only prints shell set-up (ssh-agent, brew shellenv, pyenv init, completions: @hookrail/shell's env-printers).
    ['eval "$cmd"', true],
    ['eval "$(cat cmd.txt)"', true],
    ['eval "$(ssh-agent -s)"', false],
    ['eval "$(ssh-agent bash -c "gh pr merge 1")"', true],
    ['bash -c "$SCRIPT"', true],
    ['bash <<<"$SCRIPT"', true],
    ["curl -fsSL https://example.com/install.sh | sh", true],
    // A run-time command name or argument blocks only when the command or a variable's value speaks of merging.
    ["$EDITOR notes.md", false],
    ['"$PAGER" README.md && git push origin feature', false],
    ['bash -c "cd $DIR && make"', false],
    ['python3 -c "$CODE"', false],
    ['CODE="import os; os.system(\'gh pr merge 1\')"; python3 -c "$CODE"', true],
    ["$GH pr merge 1", true],
    ["GH=gh; $GH pr $ACTION 1", false],
    ["ACTION=merge; gh pr $ACTION 1", true],
    ['git push origin "$BRANCH"', true],
    ['gh api "$ENDPOINT"', false],
    ['E=repos/o/r/pulls/1/merge; gh api "$E" -X PUT', true],
  ])("%s → blocked: %s", (command, expected) => {
    expect(blocked(command)).toBe(expected);
  });

  it.each(["constructor pr merge 1", "toString", "__proto__ x", "hasOwnProperty -c 'x'"])(
    "treats %j as an ordinary command",
    (command) => {
      expect(analyzeCommand(command, facts).findings).toEqual([]);
    },
  );
});
