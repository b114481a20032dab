import { describe, expect, it } from "vitest";
import { analyzeCommand, isBlocked } from "../../src/analysis/index.ts";

const facts = { protectedBranches: ["main"], currentBranch: "feature" };

/** Each merge finding as "approved" or "unapproved", unprovable ones as "unprovable". */
function marks(command: string): string[] {
  return analyzeCommand(command, facts).findings.map((f) =>
    f.kind === "unprovable" ? "unprovable" : f.approved ? "approved" : "unapproved",
  );
}

describe("MERGE_APPROVED=1 approves only the simple command it prefixes", () => {
  it.each<[string, string[]]>([
    ["MERGE_APPROVED=1 gh pr merge 12", ["approved"]],
    ["MERGE_APPROVED='1' gh pr merge 12", ["approved"]],
    ["GH_TOKEN=x MERGE_APPROVED=1 gh pr merge 12", ["approved"]],
    ["MERGE_APPROVED=1 git push origin main", ["approved"]],
    ["MERGE_APPROVED=1 gh api -X PUT repos/o/r/pulls/1/merge", ["approved"]],
    ["MERGE_APPROVED=1 gh pr merge 1 && gh pr merge 2", ["approved", "unapproved"]],
    ["MERGE_APPROVED=1 true && gh pr merge 12", ["unapproved"]],
    ["export MERGE_APPROVED=1; gh pr merge 12", ["unapproved"]],
    ["MERGE_APPROVED=1; gh pr merge 12", ["unapproved"]],
    ["echo MERGE_APPROVED=1; gh pr merge 12", ["unapproved"]],
    ["gh pr merge 12 # MERGE_APPROVED=1", ["unapproved"]],
    ["MERGE_APPROVED=0 gh pr merge 12", ["unapproved"]],
    ["MERGE_APPROVED=yes gh pr merge 12", ["unapproved"]],
    ['MERGE_APPROVED="1 " gh pr merge 12', ["unapproved"]],
    ["MERGE_APPROVED=1 MERGE_APPROVED=0 gh pr merge 12", ["unapproved"]],
    ["MERGE_APPROVED=$YES gh pr merge 12", ["unapproved"]],
  ])("%s", (command, expected) => {
    expect(marks(command)).toEqual(expected);
  });
});

describe("approval through wrappers", () => {
  it.each<[string, string[]]>([
    // env sets the variable for the command it runs, so env's own assignment counts.
    ["env MERGE_APPROVED=1 gh pr merge 12", ["approved"]],
    ["MERGE_APPROVED=1 env GH_TOKEN=x gh pr merge 12", ["approved"]],
    ["MERGE_APPROVED=1 env -i gh pr merge 12", ["unapproved"]],
    ["MERGE_APPROVED=1 env -u MERGE_APPROVED gh pr merge 12", ["unapproved"]],
    ["env MERGE_APPROVED=0 gh pr merge 12", ["unapproved"]],
    // Environment-passing wrappers keep it.
    ["MERGE_APPROVED=1 timeout 60 nohup nice -n 5 gh pr merge 12", ["approved"]],
    ["MERGE_APPROVED=1 command gh pr merge 12", ["approved"]],
    ["echo 12 | MERGE_APPROVED=1 xargs gh pr merge", ["approved"]],
    // sudo and doas reset the environment: only an assignment given to sudo itself counts.
    ["MERGE_APPROVED=1 sudo gh pr merge 12", ["unapproved"]],
    ["sudo MERGE_APPROVED=1 gh pr merge 12", ["approved"]],
    ["sudo -u bot MERGE_APPROVED=1 gh pr merge 12", ["approved"]],
    ["MERGE_APPROVED=1 doas gh pr merge 12", ["unapproved"]],
    ["MERGE_APPROVED=1 exec -c gh pr merge 12", ["unapproved"]],
    // Code run by a shell or eval needs the marker on its own merging command.
    ["MERGE_APPROVED=1 bash -c 'gh pr merge 12'", ["unapproved"]],
    ["bash -c 'MERGE_APPROVED=1 gh pr merge 12'", ["approved"]],
    ["MERGE_APPROVED=1 eval 'gh pr merge 12'", ["unapproved"]],
    ["eval 'MERGE_APPROVED=1 gh pr merge 12'", ["approved"]],
  ])("%s", (command, expected) => {
    expect(marks(command)).toEqual(expected);
  });
});

describe("isBlocked", () => {
  it.each<[string, boolean]>([
    ["ls", false],
    ["MERGE_APPROVED=1 gh pr merge 1", false],
    ["MERGE_APPROVED=1 gh pr merge 1; MERGE_APPROVED=1 git push origin main", false],
    ["MERGE_APPROVED=1 gh pr merge 1; gh pr merge 2", true],
    // Unprovable blocks even next to an approval.
    ['MERGE_APPROVED=1 gh pr merge 1; eval "$cmd"', true],
  ])("%s → %s", (command, blocked) => {
    expect(isBlocked(analyzeCommand(command, facts))).toBe(blocked);
  });
});
