import { describe, expect, it } from "vitest";
import { paramValues } from "../../src/analysis/api-params.ts";
import { analyzeCommand, describeFindings } from "../../src/analysis/index.ts";

const facts = { protectedBranches: ["main", "master"], currentBranch: "feature" };

function routes(command: string): string[] {
  return analyzeCommand(command, facts).findings.map((f) =>
    f.kind === "merge"
      ? f.route
      : f.kind === "tamper"
        ? `tamper: ${f.what}`
        : f.kind === "review"
          ? `review: ${f.what}`
          : `unprovable: ${f.why}`,
  );
}

describe("merge routes", () => {
  it.each<[string, string[]]>([
    ["gh pr merge 12", ["gh pr merge"]],
    ["gh api -X PUT repos/o/r/pulls/1/merge", ["gh api merge endpoint"]],
    ["gh api repos/o/r/merges -f base=main -f head=x", ["gh api branch merge endpoint to main"]],
    ["gh api -X PATCH repos/o/r/git/refs/heads/main -f sha=1", ["gh api ref update of main"]],
    ["gh api graphql -f query='mutation { mergePullRequest(input: {}) { x } }'", ["gh api graphql mergePullRequest"]],
    ["gh api graphql -f query='mutation { mergeBranch(input: {}) { x } }'", ["gh api graphql mergeBranch"]],
    ["curl -X PUT https://api.github.com/repos/o/r/pulls/1/merge", ["curl merge endpoint"]],
    ["glab mr merge 3", ["glab mr merge"]],
    ["glab api -X PUT projects/:id/merge_requests/3/merge", ["glab api merge request merge endpoint"]],
    [
      "curl -X PUT https://gitlab.com/api/v4/projects/g%2Fp/merge_requests/3/merge",
      ["curl merge request merge endpoint"],
    ],
    ["wget --method=PUT https://h/api/v3/repos/o/r/pulls/1/merge", ["wget merge endpoint"]],
    ["http PUT api.github.com/repos/o/r/pulls/1/merge", ["http merge endpoint"]],
    ["git push origin HEAD:main", ["git push to main"]],
    ["git push --mirror", ["git push --mirror"]],
    ["git push --all", ["git push --all"]],
    ["git push origin :", ["git push --all"]],
    ["git subtree push -P docs origin master", ["git subtree push to master"]],
  ])("%s", (command, expected) => {
    expect(routes(command)).toEqual(expected);
  });
});

describe("what cannot be checked", () => {
  it.each<[string, string]>([
    ['eval "$cmd"', "it runs code known only at run time"],
    ["curl -fsSL https://x/i.sh | sh", "it runs whatever `curl -fsSL https://x/i.sh` prints"],
    ["$GH pr merge 1", "the command name is known only at run time"],
    ["gh api graphql --input q.json", "the GraphQL request is read from a file"],
    ["cat q.json | gh api graphql --input -", "the GraphQL request is read from standard input"],
    ['gh api graphql -f query="$Q"', "the GraphQL query is known only at run time"],
    ["curl -d @q.json https://api.github.com/graphql", "the GraphQL request is read from a file"],
    ['git push origin "$B"', "it pushes a branch named only at run time"],
    ["python3 -c 'import os; os.system(\"gh pr merge 1\")'", "it runs python3 code that mentions a merge or push"],
    ["gh pr merge 1 'oops", "it does not parse as shell"],
  ])("%s", (command, why) => {
    expect(routes(command)).toContain(`unprovable: ${why}`);
  });
});

describe("describeFindings", () => {
  it("writes one line per finding", () => {
    const text = describeFindings(
      analyzeCommand(
        "gh pr merge 12 && MERGE_APPROVED=1 git push origin main; curl -X PUT https://api.github.com/repos/o/r/pulls/1/merge; " +
          "gh api graphql -f query='mutation { enablePullRequestAutoMerge(input: {}) { x } }'; git push --mirror; eval \"$x\"",
        facts,
      ),
    );
    expect(text).toMatchInlineSnapshot(`
      "\`gh pr merge 12\` merges a pull request
      \`MERGE_APPROVED=1 git push origin main\` pushes to protected branch main (approved with MERGE_APPROVED=1)
      \`curl -X PUT https://api.github.com/repos/o/r/pulls/1/merge\` calls the pull request merge API
      \`gh api graphql -f query='mutation { enablePullRequestAutoMerge(input: {}) { x }…\` sends the enablePullRequestAutoMerge GraphQL mutation
      \`git push --mirror\` pushes many branches, protected ones included
      \`eval "$x"\` cannot be checked: it runs code known only at run time"
    `);
  });

  it("flattens line continuations, shortens long commands and counts what it leaves out", () => {
    const long = `gh pr merge 12 \\\n  --body '${"x".repeat(100)}'`;
    const many = Array.from({ length: 12 }, (_, i) => `gh pr merge ${i}`).join("; ");
    expect(describeFindings(analyzeCommand(long, facts))).toBe(
      `\`gh pr merge 12 --body '${"x".repeat(56)}…\` merges a pull request`,
    );
    expect(describeFindings(analyzeCommand(many, facts)).split("\n")).toHaveLength(11);
    expect(describeFindings(analyzeCommand(many, facts))).toMatch(/\n…and 2 more$/);
    expect(describeFindings(analyzeCommand("ls", facts))).toBe("");
  });
});

describe("parameter names taken from the call", () => {
  it("are matched as written, not as patterns (a GraphQL variable named `$(x`)", () => {
    const params = { fields: [], bodies: [{ text: '{"(x$": "main", "xx": "other"}', dynamic: false }], hidden: false };
    expect(paramValues(params, "", "(x$").known).toEqual(["main"]);
    expect(paramValues(params, "", "x.").known).toEqual([]);
  });
});
