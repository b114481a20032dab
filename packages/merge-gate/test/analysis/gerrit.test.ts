// Gerrit's submits (gerrit.ts): a push for review that asks for one, by its options in the ref or as push options,
// and what the block reason says for each way in.
import { describe, expect, it } from "vitest";
import { changeBranch, reviewPush } from "../../src/analysis/gerrit.ts";
import { analyzeCommand, describeFindings, isBlocked } from "../../src/analysis/index.ts";
import { corpusFacts } from "./_corpus.ts";
import { prng } from "./_fuzz.ts";

describe("a push for review", () => {
  it.each([
    ["refs/for/main", [], { branch: "main", submit: false }],
    ["refs/for/main%submit", [], { branch: "main", submit: true }],
    ["refs/for/main%topic=a,submit", [], { branch: "main", submit: true }],
    ["refs/for/main%SUBMIT", [], { branch: "main", submit: true }],
    ["refs/for/refs/heads/main%wip", [], { branch: "main", submit: false }],
    ["refs/for/release/1.2%l=Autosubmit", [], { branch: "release/1.2", submit: true }],
    ["refs/for/main%l=Autosubmit+1", [], { branch: "main", submit: true }],
    ["refs/for/main%label=autosubmit+1", [], { branch: "main", submit: true }],
    ["refs/for/main%l=Autosubmit-1", [], { branch: "main", submit: false }],
    ["refs/for/main%l=Autosubmit0", [], { branch: "main", submit: false }],
    ["refs/for/main%l=Code-Review+2", [], { branch: "main", submit: false }],
    ["refs/for/main%m=submit_after_review", [], { branch: "main", submit: false }],
    ["refs/for/main", ["submit"], { branch: "main", submit: true }],
    ["refs/for/main", ["topic=x", "l=Autosubmit+1"], { branch: "main", submit: true }],
    ["refs/publish/main%submit", [], { branch: "main", submit: true }],
  ] as const)("%s with %j", (ref, options, expected) => {
    expect(reviewPush(ref, options)).toEqual(expected);
  });

  it.each(["refs/heads/main", "main", "refs/drafts/main%submit", "refs/changes/12/1234/1", "refs/meta/config"])(
    "%s is not one",
    (ref) => expect(reviewPush(ref, ["submit"])).toBeUndefined(),
  );

  it("submits whenever `submit` is among the options, wherever it stands and whatever comes with it", () => {
    const rand = prng(31);
    const others = ["topic=fix", "r=a@example.com", "cc=b@example.com", "wip", "ready", "private", "hashtag=x"];
    for (let n = 0; n < 300; n++) {
      const options = Array.from({ length: rand(5) }, () => others[rand(others.length)] as string);
      const withSubmit = rand(2) === 0;
      if (withSubmit) options.splice(rand(options.length + 1), 0, "submit");
      const inRef = rand(2) === 0;
      const ref = `refs/for/main${inRef && options.length > 0 ? `%${options.join(",")}` : ""}`;
      expect(reviewPush(ref, inRef ? [] : options)?.submit, ref).toBe(withSubmit);
    }
  });
});

describe("a change id", () => {
  it.each([
    ["tools~main~I8473b95934b5732ac55d26311a706c9c2bde9940", "main"],
    ["my%2Ftools~release%2F1.2~I84", "release/1.2"],
    ["tools%7Efeature%7EI84", "feature"],
    ["tools~refs%2Fheads%2Fmain~I84", "main"],
    ["1234", undefined],
    ["tools~1234", undefined],
    ["I8473b95934b5732ac55d26311a706c9c2bde9940", undefined],
  ])("%s names branch %s", (id, branch) => {
    expect(changeBranch(id)).toBe(branch);
  });
});

describe("what the block reason says", () => {
  it.each([
    ["git push origin HEAD:refs/for/main%submit", "has Gerrit submit it into protected branch main"],
    ["ssh -p 29418 r gerrit review --submit 1234,1", "submits a Gerrit change into its branch"],
    ["ssh r gerrit review -s -b main 1234,1", "submits a Gerrit change into protected branch main"],
    ["ssh r gerrit review --label Autosubmit=+1 1234,1", "votes Autosubmit on a Gerrit change"],
    ["curl -X POST https://r/a/changes/t~main~I1/submit", "submits a Gerrit change into protected branch main"],
    ["curl -X POST https://r/a/changes/1234/submit", "submits a Gerrit change into its branch"],
  ])("%s", (command, text) => {
    const analysis = analyzeCommand(command, corpusFacts);
    expect(isBlocked(analysis)).toBe(true);
    expect(describeFindings(analysis)).toContain(text);
  });
});
