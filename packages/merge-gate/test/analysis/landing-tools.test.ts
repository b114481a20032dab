// The landing tools beyond gh, glab and git (landing-tools.ts): what the block reason says, and that every name the
// analysis judges is one the prefilter sends to it (a name it forgot would be skipped unread).
import { followsCommand } from "@hookrail/shell/names";
import { describe, expect, it } from "vitest";
import { HTTP_CLIENTS, hasAnalyzer, LANDING_TOOLS, MERGE_COMMANDS } from "../../src/analysis/analysed-names.ts";
import { mergeAnalyzerFor } from "../../src/analysis/analyze-invocation.ts";
import { GIT_BUILTINS } from "../../src/analysis/git-builtins.ts";
import { analyzeCommand, describeFindings, isBlocked } from "../../src/analysis/index.ts";
import { analysisCanSkip } from "../../src/analysis/prefilter.ts";
import { corpusFacts } from "./_corpus.ts";

describe("the names the analysis judges", () => {
  const names = [
    ...MERGE_COMMANDS,
    ...LANDING_TOOLS,
    ...HTTP_CLIENTS,
    ...[...GIT_BUILTINS].map((b) => `git-${b}`),
    ..."git-lfs git-town2 tea-cli gtx ls npm make bash env xargs az2 jjj slx spr-cli avx trunk-io".split(" "),
  ];
  it.each(names)("%s: the prefilter's answer is the analysis's", (name) => {
    expect(hasAnalyzer(name)).toBe(mergeAnalyzerFor(name) !== undefined || followsCommand(name));
  });

  it.each(LANDING_TOOLS)("%s is a name a file pattern can spell", (name) => {
    expect(MERGE_COMMANDS).toContain(name);
  });
});

describe("what the block reason says", () => {
  it.each([
    ["tea pulls merge 3", "merges a pull request on Gitea"],
    ["fj pr merge 7", "merges a pull request on Forgejo"],
    ["gt merge", "merges a stack of pull requests through Graphite"],
    ["gt ss --merge-when-ready", "sets a stack of pull requests to merge by themselves through Graphite"],
    ["npx gh-pages -d dist -b main", "pushes to protected branch main"],
    ["git town ship", "merges it into its parent branch and pushes that"],
    ["ghstack land https://github.com/o/r/pull/12", "lands a stack of pull requests on the default branch"],
    ["spr land", "merges a stack of pull requests"],
    ["git cl land", "submits a Gerrit change through depot_tools"],
    ["git cl set-commit", "sends a Gerrit change to the commit queue, which submits it (Commit-Queue+2)"],
    [
      "git cl upload -c --target_branch main",
      "sends it to the commit queue, which submits it (into protected branch main)",
    ],
    ["git cl upload --enable-auto-submit", "uploads a Gerrit change that is submitted by itself once it is approved"],
    ["az repos pr update --id 12 --status completed", "completes (merges) an Azure DevOps pull request"],
    ["az repos pr update --id 12 --auto-complete", "sets an Azure DevOps pull request to complete (merge) by itself"],
    ["az repos pr create -s feature/x --auto-complete", "completes (merges) into the default branch by itself"],
    ["jj git push -b main", "pushes to protected branch main"],
    ["jj git push --tracked", "pushes every tracked bookmark, protected branches included"],
    ["sl push --to master", "pushes to protected branch master"],
    ["av pr queue", "queues a pull request in Aviator's merge queue, which merges it"],
    ["av pr --queue", "queues a pull request in Aviator's merge queue, which merges it"],
    ["trunk merge 1234", "inserts a pull request into Trunk's merge queue, which merges it"],
  ])("%s", (command, says) => {
    const analysis = analyzeCommand(command, corpusFacts);
    expect(isBlocked(analysis)).toBe(true);
    expect(describeFindings(analysis)).toContain(says);
    expect(analysisCanSkip(command)).toBe(false);
  });

  it.each([
    "/usr/local/bin/t?a pulls merge 3",
    "$TOOL pulls merge 3",
    "jj git push -b $BRANCH",
    'jj git push --named "$(git branch --show-current)=@"',
    "sl push --to $TARGET",
    "gt submit --merge-when-ready=$MWR",
    "gh-pages -d dist -b $TARGET",
  ])("%s: a part known only at run time that could land is unprovable", (command) => {
    const analysis = analyzeCommand(command, corpusFacts);
    expect(isBlocked(analysis), describeFindings(analysis)).toBe(true);
  });

  it("the marker approves a landing tool's merge like any other", () => {
    expect(isBlocked(analyzeCommand("MERGE_APPROVED=1 tea pulls merge 3", corpusFacts))).toBe(false);
    expect(isBlocked(analyzeCommand("MERGE_APPROVED=1 jj git push -b main", corpusFacts))).toBe(false);
  });
});
